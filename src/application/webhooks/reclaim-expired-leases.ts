import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/**
 * The sweep after a crash: IN_FLIGHT deliveries whose lease ran out (their worker died or hung)
 * give their slot back and are due again at once — HELD if their endpoint is paused — so a
 * crash at any moment loses no delivery. Queued deliveries of a paused endpoint that a
 * concurrent fan-out or retry left queued are held too.
 */
export class ReclaimExpiredLeases {
  constructor(
    private readonly uow: UnitOfWork<'webhookDeliveries'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(limit = 500): Promise<{ released: number; held: number }> {
    const now = this.clock.now();
    return this.uow.run(async (r) => {
      const held = await r.webhookDeliveries.holdQueuedOfPausedEndpoints(now);
      const expired = await r.webhookDeliveries.findExpiredLeases(now, limit);
      if (expired.length === 0) return { released: 0, held };
      const paused = await r.webhookDeliveries.findPausedEndpoints(
        [...new Set(expired.map((d) => d.integrationId))].sort(),
      );
      const released = expired.map((delivery) => {
        const leaseToken = delivery.lease!.token;
        delivery.leaseExpired(this.ids.next(), paused.has(delivery.integrationId), now);
        return { delivery, leaseToken };
      });
      const saved = await r.webhookDeliveries.saveReleased(released);
      return { released: saved.size, held };
    });
  }
}
