import type { ApiDocs } from '../openapi/route-doc.js';
import { ACCESS_ADMIN_ROUTES } from './admin/access.js';
import { BILLING_ADMIN_ROUTES } from './admin/billing.js';
import { GATEWAY_ADMIN_ROUTES } from './admin/gateway.js';
import { INVENTORY_ADMIN_ROUTES } from './admin/inventory.js';
import { LOGISTICS_ADMIN_ROUTES } from './admin/logistics.js';
import { SETUP_ADMIN_ROUTES } from './admin/setup.js';
import { STAFF_ADMIN_ROUTES } from './admin/staff.js';
import { APPROVALS_ADMIN_ROUTES } from './admin/approvals.js';
import { WEBHOOK_ADMIN_ROUTES } from './admin/webhooks.js';
import { TENANT_BILLING_VIEWS } from './admin/tenant-views/billing.js';
import { TENANT_INVENTORY_VIEWS } from './admin/tenant-views/inventory.js';
import { TENANT_LOGISTICS_VIEWS } from './admin/tenant-views/logistics.js';
import { BILLING_ROUTES } from './external/billing.js';
import { INVENTORY_ROUTES } from './external/inventory.js';
import { LOGISTICS_ROUTES } from './external/logistics.js';
import { ORGANIZATION_ROUTES } from './external/organization.js';
import { USAGE_ROUTES } from './external/usage.js';
import type { AdminAccess, ExternalAccess } from './route.js';

export { ACCESS_ADMIN_ROUTES, BILLING_ADMIN_ROUTES, GATEWAY_ADMIN_ROUTES, INVENTORY_ADMIN_ROUTES };
export { LOGISTICS_ADMIN_ROUTES, SETUP_ADMIN_ROUTES, STAFF_ADMIN_ROUTES, WEBHOOK_ADMIN_ROUTES };
export { APPROVALS_ADMIN_ROUTES, TENANT_BILLING_VIEWS, TENANT_INVENTORY_VIEWS, TENANT_LOGISTICS_VIEWS };
export { BILLING_ROUTES, INVENTORY_ROUTES, LOGISTICS_ROUTES, ORGANIZATION_ROUTES, USAGE_ROUTES };

/** Every route of the external API, each context's table in turn. */
export const EXTERNAL_API: ApiDocs<ExternalAccess> = {
  prefix: '/api/v1/external',
  routes: [...USAGE_ROUTES, ...ORGANIZATION_ROUTES, ...INVENTORY_ROUTES, ...BILLING_ROUTES, ...LOGISTICS_ROUTES],
};

/** Every route of the back-office API. */
export const ADMIN_API: ApiDocs<AdminAccess> = {
  prefix: '/api/v1/admin',
  routes: [
    ...SETUP_ADMIN_ROUTES,
    ...ACCESS_ADMIN_ROUTES,
    ...WEBHOOK_ADMIN_ROUTES,
    ...INVENTORY_ADMIN_ROUTES,
    ...BILLING_ADMIN_ROUTES,
    ...LOGISTICS_ADMIN_ROUTES,
    ...GATEWAY_ADMIN_ROUTES,
    ...STAFF_ADMIN_ROUTES,
    ...APPROVALS_ADMIN_ROUTES,
    ...TENANT_INVENTORY_VIEWS,
    ...TENANT_BILLING_VIEWS,
    ...TENANT_LOGISTICS_VIEWS,
  ],
};
