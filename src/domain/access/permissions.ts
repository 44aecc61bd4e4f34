/**
 * Roles and what they may call: one table mapping role × route.
 * ADMIN: everything. INVENTORY: products read/write, stock adjustments, inventory roadmap.
 * BILLING: billing read/write. LOGISTICS: shipments (book, track, cancel). READ_ONLY: every GET.
 */
export const ROLES = ['ADMIN', 'INVENTORY', 'BILLING', 'LOGISTICS', 'READ_ONLY'] as const;
export type Role = (typeof ROLES)[number];

/** `any`: every role may call it (the caller's own usage). */
type Area = 'inventory' | 'billing' | 'logistics' | 'any';

/**
 * Every external route, by method and express path pattern (relative to /api/v1/external),
 * with the area (or areas) it belongs to. A route missing here is refused to every role but
 * ADMIN. Reservations belong to inventory and billing (a shop's checkout holds stock).
 */
export const EXTERNAL_ROUTES: Record<string, Area | readonly Area[]> = {
  'GET /products': 'inventory',
  'GET /products/stock': 'inventory',
  'PUT /products/:id': 'inventory',
  'POST /products/adjust': 'inventory',
  'GET /products/adjustments': 'inventory',
  'GET /products/:id': 'inventory',
  'POST /products': 'inventory',
  'POST /products/transfer': 'inventory',
  'POST /products/reserve': ['inventory', 'billing'],
  'GET /products/reservations/:id': ['inventory', 'billing'],
  'POST /products/reservations/:id/commit': ['inventory', 'billing'],
  'POST /products/reservations/:id/release': ['inventory', 'billing'],
  'GET /purchase-orders': 'inventory',
  'POST /purchase-orders': 'inventory',
  'POST /goods-receipt': 'inventory',
  'GET /billing/invoices': 'billing',
  'POST /billing/invoices': 'billing',
  'GET /billing/invoices/:id': 'billing',
  'PATCH /billing/invoices/:id/void': 'billing',
  'POST /billing/invoices/:id/payments': 'billing',
  'GET /billing/credit-notes': 'billing',
  'POST /billing/credit-notes': 'billing',
  'GET /billing/debit-notes': 'billing',
  'POST /billing/debit-notes': 'billing',
  'POST /billing/customers': 'billing',
  'GET /billing/customers': 'billing',
  'POST /billing/refunds': 'billing',
  'POST /billing/notes': 'billing',
  'POST /logistics/shipments': 'logistics',
  'POST /logistics/shipments/cancel': 'logistics',
  'GET /logistics/shipments/:id/track': 'logistics',
  'GET /usage': 'any',
};

const ROLE_AREAS: Record<Role, { areas: readonly Area[]; anyGet: boolean; all: boolean }> = {
  ADMIN: { areas: ['inventory', 'billing', 'logistics'], anyGet: true, all: true },
  INVENTORY: { areas: ['inventory'], anyGet: false, all: false },
  BILLING: { areas: ['billing'], anyGet: false, all: false },
  LOGISTICS: { areas: ['logistics'], anyGet: false, all: false },
  READ_ONLY: { areas: [], anyGet: true, all: false },
};

/** May `role` call `METHOD /route-pattern`? */
export function mayCall(role: Role, method: string, routePattern: string): boolean {
  const grant = ROLE_AREAS[role];
  if (grant.all) return true;
  const m = method.toUpperCase();
  if (grant.anyGet && (m === 'GET' || m === 'HEAD')) return true;
  const areas = EXTERNAL_ROUTES[`${m === 'HEAD' ? 'GET' : m} ${routePattern}`];
  if (areas === undefined) return false;
  return (typeof areas === 'string' ? [areas] : areas).some((area) => area === 'any' || grant.areas.includes(area));
}
