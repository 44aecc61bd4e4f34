/**
 * Integration roles and what they may call. Each external route names the areas it belongs to
 * (in its route table); a role may call it when it holds one of them.
 * ADMIN: everything. INVENTORY: products read/write, stock adjustments, inventory roadmap.
 * BILLING: billing read/write. LOGISTICS: shipments (book, track, cancel). READ_ONLY: every GET.
 * Every role may read its own usage (area `any`). Reservations belong to inventory and billing
 * (a shop's checkout holds stock).
 */
export const ROLES = ['ADMIN', 'INVENTORY', 'BILLING', 'LOGISTICS', 'READ_ONLY'] as const;
export type Role = (typeof ROLES)[number];

/** `any`: every role may call it. */
export type Area = 'inventory' | 'billing' | 'logistics' | 'any';

const ROLE_AREAS: Record<Role, { areas: readonly Area[]; anyGet: boolean; all: boolean }> = {
  ADMIN: { areas: ['inventory', 'billing', 'logistics'], anyGet: true, all: true },
  INVENTORY: { areas: ['inventory'], anyGet: false, all: false },
  BILLING: { areas: ['billing'], anyGet: false, all: false },
  LOGISTICS: { areas: ['logistics'], anyGet: false, all: false },
  READ_ONLY: { areas: [], anyGet: true, all: false },
};

/**
 * May `role` call a route of `areas` with `method`? `areas` null: a path no route serves, which
 * only ADMIN may reach (it then answers 404 like any other unknown path).
 */
export function mayCall(role: Role, method: string, areas: readonly Area[] | null): boolean {
  const grant = ROLE_AREAS[role];
  if (grant.all) return true;
  const m = method.toUpperCase();
  if (grant.anyGet && (m === 'GET' || m === 'HEAD')) return true;
  if (areas === null) return false;
  return areas.some((area) => area === 'any' || grant.areas.includes(area));
}
