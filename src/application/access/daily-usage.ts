import { TenantNotFound } from '../../domain/organization/errors.js';
import type { ActivityStatistics, UsageDay } from '../ports/activity-ports.js';
import type { Clock } from '../ports/clock.js';
import type { UsageMeter } from '../ports/gateway-ports.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/**
 * `GET /tenants/:tenantId/usage/daily`: each integration's calls and 429s per UTC day over the
 * last `days` days. What this process has metered is written first (other processes' last
 * second may be missing).
 */
export class DailyUsage {
  constructor(
    private readonly uow: UnitOfWork<'tenants'>,
    private readonly meter: UsageMeter,
    private readonly statistics: ActivityStatistics,
    private readonly clock: Clock,
  ) {}

  async execute(tenantId: string, days: number): Promise<UsageDay[]> {
    if (!(await this.uow.read((r) => r.tenants.findById(tenantId)))) throw new TenantNotFound();
    await this.meter.flush();
    return this.statistics.usageByDay(tenantId, days, this.clock.now());
  }
}
