import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { ActivityStatistics, DeliveryDay } from '../ports/activity-ports.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** `GET /integrations/:id/deliveries/daily`: the last `days` UTC days of an integration's deliveries. */
export class DailyDeliveries {
  constructor(
    private readonly uow: UnitOfWork<'integrations'>,
    private readonly statistics: ActivityStatistics,
    private readonly clock: Clock,
  ) {}

  async execute(integrationId: string, days: number): Promise<DeliveryDay[]> {
    const integration = await this.uow.read((r) => r.integrations.findByIdAcrossTenants(integrationId));
    if (!integration) throw new IntegrationNotFound();
    return this.statistics.deliveriesByDay(integrationId, days, this.clock.now());
  }
}
