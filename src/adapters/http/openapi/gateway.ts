import { Type } from '@sinclair/typebox';
import { SetTenantPlanBody, UsageQuery } from '../../../application/access/commands.js';
import { PlanResponse, UsageResponse } from '../../shared/responses/gateway.js';
import type { RouteDoc } from './route-doc.js';

/** The gateway's own external route (usage). */
export const GATEWAY_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/usage',
    operationId: 'getUsage',
    summary: "The caller's tenant's usage for a UTC month",
    description:
      "Calls counted per tenant and integration under the tenant's plan (any role). `month` is `YYYY-MM`; absent, the current UTC month.",
    tag: 'Usage',
    query: UsageQuery,
    success: { status: 200, data: UsageResponse },
  },
];

const tenantId = { tenantId: Type.String({ format: 'uuid' }) };

/** The back office's plan and usage routes. */
export const GATEWAY_ADMIN_ROUTES: RouteDoc[] = [
  {
    method: 'put',
    path: '/tenants/:tenantId/plan',
    operationId: 'adminSetTenantPlan',
    summary: "Set a tenant's plan",
    description:
      'The tier, the price of a call beyond it and what happens then (BILL or BLOCK). Takes effect within 5 s.',
    tag: 'Back office: Usage',
    params: tenantId,
    body: SetTenantPlanBody,
    success: { status: 200, data: PlanResponse },
    errors: [404],
    example: { tier: 'T10K', overagePricePerCall: 0.002, overagePolicy: 'BILL' },
  },
  {
    method: 'get',
    path: '/tenants/:tenantId/usage',
    operationId: 'adminGetTenantUsage',
    summary: "A tenant's usage for a UTC month",
    tag: 'Back office: Usage',
    params: tenantId,
    query: UsageQuery,
    success: { status: 200, data: UsageResponse },
    errors: [404],
  },
];
