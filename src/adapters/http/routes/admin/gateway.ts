import type { GatewayBackOffice } from '../../../../application/back-office.js';
import { adminRoute } from '../route.js';
import { presentPlan, presentUsage } from '../../gateway-presenters.js';
import { SetTenantPlanBody, UsageQuery } from '../../../../application/access/commands.js';
import { Type } from '@sinclair/typebox';
import { DailyQuery } from '../../../../application/shared/schemas.js';
import { PlanResponse, UsageDayData, UsageResponse } from '../../../shared/responses/gateway.js';

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
  route({
    method: 'get',
    path: '/tenants/:tenantId/usage/daily',
    operationId: 'adminGetTenantDailyUsage',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: "A tenant's calls per UTC day and integration",
    description:
      'Every day of the window (oldest first) for each of its integrations: the metered calls and those refused ' +
      "429 by the integration's rate limit or quota. Counted in memory and written every second, not per request.",
    tag: 'Back office: Usage',
    query: DailyQuery,
    success: { status: 200, data: Type.Array(UsageDayData) },
    errors: [404],
    handle: async (uc, { params, query }) => uc.dailyUsage.execute(params.tenantId, query.days),
  }),
];
