import { DeliveryNotFound } from '../../domain/webhooks/errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import { toDeliveryView, type DeliveryView } from './delivery-view.js';

/**
 * Back-office replay of one DEAD or DELIVERED delivery: due again with the same id and a fresh
 * retry schedule (HELD while its endpoint is paused). Errors: DeliveryNotFound,
 * DeliveryNotReplayable, PingNotReplayable.
 */
export class ReplayDelivery {
  constructor(
    private readonly uow: UnitOfWork<'webhookDeliveries'>,
    private readonly clock: Clock,
  ) {}

  execute(deliveryId: string, scope?: WriteScope): Promise<DeliveryView> {
    return this.uow.run(async (r) => {
      const delivery = await r.webhookDeliveries.findByIdAcrossTenants(deliveryId, { forUpdate: true });
      if (!delivery) throw new DeliveryNotFound();
      const paused = await r.webhookDeliveries.findPausedEndpoints([delivery.integrationId]);
      delivery.replay(paused.has(delivery.integrationId), this.clock.now());
      await r.webhookDeliveries.save(delivery);
      return toDeliveryView(delivery.state());
    }, scope);
  }
}
