import { BACK_OFFICE_ROUTES } from './back-office.js';
import { BILLING_ADMIN_ROUTES, BILLING_ROUTES } from './billing.js';
import { GATEWAY_ADMIN_ROUTES, GATEWAY_ROUTES } from './gateway.js';
import { INVENTORY_ADMIN_ROUTES, INVENTORY_ROUTES } from './inventory.js';
import { LOGISTICS_ADMIN_ROUTES, LOGISTICS_ROUTES } from './logistics.js';
import type { ApiDocs } from './route-doc.js';

/** Every documented route, by API: each context declares its own in its file here. */
export const EXTERNAL_API: ApiDocs = {
  prefix: '/api/v1/external',
  routes: [...GATEWAY_ROUTES, ...INVENTORY_ROUTES, ...BILLING_ROUTES, ...LOGISTICS_ROUTES],
};

export const ADMIN_API: ApiDocs = {
  prefix: '/api/v1/admin',
  routes: [
    ...BACK_OFFICE_ROUTES,
    ...INVENTORY_ADMIN_ROUTES,
    ...BILLING_ADMIN_ROUTES,
    ...LOGISTICS_ADMIN_ROUTES,
    ...GATEWAY_ADMIN_ROUTES,
  ],
};
