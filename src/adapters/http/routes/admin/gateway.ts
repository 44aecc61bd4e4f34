import type { GatewayBackOffice } from '../../../../application/back-office.js';
import { adminRoute } from '../route.js';
import { presentPlan, presentUsage } from '../../gateway-presenters.js';
import { SetTenantPlanBody, UsageQuery } from '../../../../application/access/commands.js';
import { PlanResponse, UsageResponse } from '../../../shared/responses/gateway.js';

const route = adminRoute<GatewayBackOffice>();

/** Tenants' plans and usage. */
export const GATEWAY_ADMIN_ROUTES = [
  route({
    method: 'put',
    path: '/tenants/:tenantId/plan',
    operationId: 'adminSetTenantPlan',
    access: {
      role: 'ADMIN',
      tenant: 'unscoped',
      audit: { action: 'tenant-plan.set', target: 'tenant-plan', id: 'tenantId' },
    },
    summary: "Set a tenant's plan",
    description:
      'The tier, the price of a call beyond it and what happens then (BILL or BLOCK). Takes effect within 5 s.',
    tag: 'Back office: Usage',
    body: SetTenantPlanBody,
    success: { status: 200, data: PlanResponse },
    errors: [404],
    example: { tier: 'T10K', overagePricePerCall: 0.002, overagePolicy: 'BILL' },
    handle: async (uc, { params, body, audit }) =>
      presentPlan(params.tenantId, await uc.setTenantPlan.execute(params.tenantId, body, audit)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/usage',
    operationId: 'adminGetTenantUsage',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: "A tenant's usage for a UTC month",
    tag: 'Back office: Usage',
    query: UsageQuery,
    success: { status: 200, data: UsageResponse },
    errors: [404],
    handle: async (uc, { params, query }) => presentUsage(await uc.getUsage.execute(params.tenantId, query)),
  }),
];
