import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ClaimedDelivery, WebhookSettings } from '../ports/webhook-ports.js';

/**
 * A worker takes due deliveries to send: each claim holds one of its tenant's five in-flight
 * slots under a lease (the database refuses a sixth), so at most 5 deliveries of a tenant are
 * in flight across every worker process.
 */
export class ClaimDueDeliveries {
  constructor(
    private readonly uow: UnitOfWork<'webhookDeliveries'>,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
  ) {}

  execute(owner: string, limit: number): Promise<ClaimedDelivery[]> {
    if (limit <= 0) return Promise.resolve([]);
    return this.uow.run((r) =>
      r.webhookDeliveries.claimDue({ owner, limit, leaseMs: this.settings.leaseMs, now: this.clock.now() }),
    );
  }
}
