import type { Knex } from 'knex';
import type { IntegrationUsage, PlanDirectory, PlanRepository } from '../../application/ports/gateway-ports.js';
import { Plan, type OveragePolicy, type Tier } from '../../domain/access/gateway.js';
import type { Db } from './db.js';

interface PlanRow {
  tier: Tier;
  overage_price_per_call: string;
  overage_policy: OveragePolicy;
}

const toPlan = (row: PlanRow): Plan =>
  Plan.of({ tier: row.tier, overagePricePerCall: row.overage_price_per_call, overagePolicy: row.overage_policy });

/** Tenants' plans (`tenant_plans`) and monthly usage (`usage_counters`). */
export class KnexPlanRepository implements PlanRepository {
  constructor(private readonly knex: Db) {}

  async find(tenantId: string): Promise<Plan | null> {
    const row = (await this.knex('tenant_plans').where({ tenant_id: tenantId }).first()) as PlanRow | undefined;
    return row ? toPlan(row) : null;
  }

  async save(tenantId: string, plan: Plan, now: Date): Promise<void> {
    await this.knex('tenant_plans')
      .insert({
        tenant_id: tenantId,
        tier: plan.state.tier,
        overage_price_per_call: plan.state.overagePricePerCall,
        overage_policy: plan.state.overagePolicy,
        updated_at: now,
      })
      .onConflict('tenant_id')
      .merge();
  }

  async tenantExists(tenantId: string): Promise<boolean> {
    return (await this.knex('tenants').where({ id: tenantId }).first('id')) !== undefined;
  }

  async usageByIntegration(tenantId: string, month: string): Promise<IntegrationUsage[]> {
    const rows = await this.knex('usage_counters as u')
      .join('integrations as i', 'i.id', 'u.integration_id')
      .where({ 'u.tenant_id': tenantId, 'u.month': month })
      .orderBy([{ column: 'i.created_at' }, { column: 'i.id' }])
      .select('u.integration_id', 'i.client_name', 'u.count');
    return rows.map((r: { integration_id: string; client_name: string; count: string | number }) => ({
      integrationId: r.integration_id,
      clientName: r.client_name,
      used: Number(r.count),
    }));
  }
}

/** Plans on the hot path: cached per tenant for `ttlMs` (a back-office change shows within it). */
export class CachedPlanDirectory implements PlanDirectory {
  private readonly entries = new Map<string, { plan: Plan; until: number }>();
  private readonly repository: KnexPlanRepository;

  constructor(
    knex: Knex,
    private readonly ttlMs = 5_000,
  ) {
    this.repository = new KnexPlanRepository(knex);
  }

  async planOf(tenantId: string): Promise<Plan> {
    const hit = this.entries.get(tenantId);
    if (hit && hit.until > Date.now()) return hit.plan;
    const startedAt = Date.now();
    const plan = (await this.repository.find(tenantId)) ?? Plan.UNLIMITED;
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(tenantId, { plan, until: startedAt + this.ttlMs });
    return plan;
  }

  invalidate(tenantId: string): void {
    this.entries.delete(tenantId);
  }
}
