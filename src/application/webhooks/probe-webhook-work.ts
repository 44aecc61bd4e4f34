import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** A dispatcher's cheap idle check: is there an undispatched event, a due delivery or an expired lease? */
export class ProbeWebhookWork {
  constructor(
    private readonly uow: UnitOfWork<'webhookDeliveries'>,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<boolean> {
    return this.uow.read((r) => r.webhookDeliveries.hasWork(this.clock.now()));
  }
}
