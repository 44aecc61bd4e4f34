import { Type } from '@sinclair/typebox';
import type { UsageReport } from '../../application/access/tenant-plans.js';
import type { Plan } from '../../domain/access/gateway.js';
import { TIER_NAMES } from '../../domain/access/gateway.js';

/** A tenant's plan (`PUT /admin/tenants/:id/plan`). */
export const PlanView = Type.Object({
  tenantId: Type.String({ format: 'uuid' }),
  tier: Type.String({ enum: [...TIER_NAMES] }),
  included: Type.Union([Type.Integer(), Type.Null()]),
  overagePricePerCall: Type.Number(),
  overagePolicy: Type.String({ enum: ['BILL', 'BLOCK'] }),
});

export function presentPlan(tenantId: string, plan: Plan) {
  return {
    tenantId,
    tier: plan.tier,
    included: plan.included,
    overagePricePerCall: Number(plan.state.overagePricePerCall),
    overagePolicy: plan.state.overagePolicy,
  };
}

/** A month's usage (`GET /admin/tenants/:id/usage`, `GET /external/usage`). */
export const UsageView = Type.Object({
  month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }),
  tier: Type.String({ enum: [...TIER_NAMES] }),
  included: Type.Union([Type.Integer(), Type.Null()]),
  used: Type.Integer(),
  overageCalls: Type.Integer(),
  overageCharge: Type.Number(),
  overagePricePerCall: Type.Number(),
  overagePolicy: Type.String({ enum: ['BILL', 'BLOCK'] }),
  byIntegration: Type.Array(
    Type.Object({ integrationId: Type.String({ format: 'uuid' }), clientName: Type.String(), used: Type.Integer() }),
  ),
});

export function presentUsage(report: UsageReport) {
  return {
    month: report.month,
    tier: report.tier,
    included: report.included,
    used: report.used,
    overageCalls: report.overageCalls,
    overageCharge: report.overageCharge.toNumber(),
    overagePricePerCall: Number(report.plan.state.overagePricePerCall),
    overagePolicy: report.plan.state.overagePolicy,
    byIntegration: report.byIntegration.map((i) => ({
      integrationId: i.integrationId,
      clientName: i.clientName,
      used: i.used,
    })),
  };
}
