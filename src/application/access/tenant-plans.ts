import { monthOf, Plan, type Tier, type UsageFigures } from '../../domain/access/gateway.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Clock } from '../ports/clock.js';
import type { IntegrationUsage, PlanDirectory } from '../ports/gateway-ports.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { SetTenantPlanCommand, UsageQuery } from './commands.js';

/** Back office: sets a tenant's monthly plan. Errors: TenantNotFound, ValidationError. */
export class SetTenantPlan {
  constructor(
    private readonly uow: UnitOfWork<'plans'>,
    private readonly directory: PlanDirectory,
    private readonly clock: Clock,
  ) {}

  async execute(tenantId: string, command: SetTenantPlanCommand, scope?: WriteScope): Promise<Plan> {
    const plan = Plan.of({
      tier: command.tier,
      overagePricePerCall: String(command.overagePricePerCall),
      overagePolicy: command.overagePolicy,
    });
    await this.uow.run(async (r) => {
      if (!(await r.plans.tenantExists(tenantId))) throw new TenantNotFound();
      await r.plans.save(tenantId, plan, this.clock.now());
    }, scope);
    this.directory.invalidate(tenantId);
    return plan;
  }
}

/** A month's usage of a tenant under its current plan. */
export interface UsageReport extends UsageFigures {
  month: string;
  tier: Tier;
  plan: Plan;
  byIntegration: IntegrationUsage[];
}

/**
 * A tenant's usage for a UTC month (default: the current one, from the clock): the back
 * office's `GET /tenants/:id/usage` and the integration's `GET /usage`. Counts are written at
 * most a second after a call. Errors: TenantNotFound.
 */
export class GetUsage {
  constructor(
    private readonly uow: UnitOfWork<'plans'>,
    private readonly clock: Clock,
  ) {}

  async execute(tenantId: string, query: UsageQuery = {}): Promise<UsageReport> {
    const month = query.month ?? monthOf(this.clock.now());
    // A read like any other: with read replicas, an integration's usage may come from one.
    const [plan, byIntegration] = await this.uow.read(async ({ plans }) => {
      const found = await Promise.all([plans.find(tenantId), plans.usageByIntegration(tenantId, month)]);
      if (!found[0] && found[1].length === 0 && !(await plans.tenantExists(tenantId))) throw new TenantNotFound();
      return found;
    });
    const effective = plan ?? Plan.UNLIMITED;
    const used = byIntegration.reduce((sum, i) => sum + i.used, 0);
    return { month, tier: effective.tier, plan: effective, byIntegration, ...effective.figures(used) };
  }
}
