import type { Static } from '@sinclair/typebox';
import type { UsageReport } from '../../application/access/tenant-plans.js';
import type { Plan } from '../../domain/access/gateway.js';
import type { PlanResponse, UsageResponse } from '../shared/responses/gateway.js';

/** A tenant's plan (`PUT /admin/tenants/:id/plan`). */
export function presentPlan(tenantId: string, plan: Plan): Static<typeof PlanResponse> {
  return {
    tenantId,
    tier: plan.tier,
    included: plan.included,
    overagePricePerCall: Number(plan.state.overagePricePerCall),
    overagePolicy: plan.state.overagePolicy,
  };
}

/** A month's usage (`GET /admin/tenants/:id/usage`, `GET /external/usage`). */
export function presentUsage(report: UsageReport): Static<typeof UsageResponse> {
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
