import type { Integration } from '../../domain/access/integration.js';
import { WebhookDelivery } from '../../domain/webhooks/delivery.js';
import { serializePayload } from '../../domain/webhooks/payload.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/**
 * The fan-out: each undispatched outbox event becomes one delivery per active
 * integration of its tenant whose webhook subscribes to it (`Integration.subscribesTo`), HELD
 * when that endpoint is paused. The deliveries and the outbox rows' `dispatched_at` commit
 * together; (event, integration) is unique, so a repeated fan-out adds nothing.
 */
export class FanOutEvents {
  constructor(
    private readonly uow: UnitOfWork<'outboxFeed' | 'integrations' | 'webhookDeliveries'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(limit = 500): Promise<{ events: number; deliveries: number }> {
    return this.uow.run(async (r) => {
      const events = await r.outboxFeed.takeUndispatched(limit);
      if (events.length === 0) return { events: 0, deliveries: 0 };
      const subscribers = new Map<string, Integration[]>();
      for (const integration of await r.integrations.findWebhookSubscribers([
        ...new Set(events.map((e) => e.tenantId)),
      ])) {
        const list = subscribers.get(integration.tenantId) ?? [];
        list.push(integration);
        subscribers.set(integration.tenantId, list);
      }
      const now = this.clock.now();
      const deliveries: WebhookDelivery[] = [];
      for (const event of events) {
        const payload = serializePayload(event.payload);
        for (const integration of subscribers.get(event.tenantId) ?? []) {
          if (!integration.subscribesTo(event.eventName)) continue;
          deliveries.push(
            WebhookDelivery.forEvent({
              id: this.ids.next(),
              tenantId: event.tenantId,
              integrationId: integration.id,
              event: { id: event.id, name: event.eventName, payload, occurredAt: event.occurredAt },
              endpointPaused: integration.webhookPausedAt !== null,
              now,
            }),
          );
        }
      }
      const created = await r.webhookDeliveries.add(deliveries);
      await r.outboxFeed.markDispatched(events, now);
      return { events: events.length, deliveries: created };
    });
  }
}
