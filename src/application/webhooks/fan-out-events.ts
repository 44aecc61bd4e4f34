import type { Integration } from '../../domain/access/integration.js';
import { WebhookDelivery } from '../../domain/webhooks/delivery.js';
import { serializePayload } from '../../domain/webhooks/payload.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import type { ClaimedDelivery, WebhookSettings } from '../ports/webhook-ports.js';
import { claimIn, type ClaimRequest } from './claim-due-deliveries.js';

type FanOutRepositories = 'outboxFeed' | 'integrations' | 'webhookDeliveries';

export interface FanOutResult {
  events: number;
  deliveries: number;
  /** The deliveries the same transaction claimed (when asked to). */
  claimed: ClaimedDelivery[];
}

/**
 * The fan-out: each undispatched outbox event becomes one delivery per active
 * integration of its tenant whose webhook subscribes to it (`Integration.subscribesTo`), HELD
 * when that endpoint is paused. The deliveries and the outbox rows' `dispatched_at` commit
 * together; (event, integration) is unique, so a repeated fan-out adds nothing.
 *
 * Given a claim, the same transaction then claims due deliveries — the new ones among them — so
 * a fresh event goes out after one commit instead of two (ClaimDueDeliveries is the claim alone).
 */
export class FanOutEvents {
  constructor(
    private readonly uow: UnitOfWork<FanOutRepositories>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
  ) {}

  async execute(limit = 500, claim: ClaimRequest | null = null): Promise<FanOutResult> {
    return this.uow.run(async (r) => {
      const now = this.clock.now();
      const fanned = await this.fanOut(r, limit, now);
      const claimed = claim && claim.limit > 0 ? await claimIn(r, this.settings, claim, now) : [];
      return { ...fanned, claimed };
    });
  }

  private async fanOut(
    r: Pick<Repositories, FanOutRepositories>,
    limit: number,
    now: Date,
  ): Promise<{ events: number; deliveries: number }> {
    const events = await r.outboxFeed.takeUndispatched(limit, now);
    if (events.length === 0) return { events: 0, deliveries: 0 };
    const subscribers = new Map<string, Integration[]>();
    for (const integration of await r.integrations.findWebhookSubscribers([
      ...new Set(events.map((e) => e.tenantId)),
    ])) {
      const list = subscribers.get(integration.tenantId) ?? [];
      list.push(integration);
      subscribers.set(integration.tenantId, list);
    }
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
    return { events: events.length, deliveries: created };
  }
}
