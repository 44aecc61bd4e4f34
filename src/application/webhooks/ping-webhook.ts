import { IntegrationNotFound } from '../../domain/access/errors.js';
import { WebhookDelivery } from '../../domain/webhooks/delivery.js';
import { IntegrationInactive, TenantDeliveriesBusy, WebhookNotConfigured } from '../../domain/webhooks/errors.js';
import { serializePayload } from '../../domain/webhooks/payload.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { WebhookSender, WebhookSettings } from '../ports/webhook-ports.js';

export interface PingResult {
  deliveryId: string;
  event: string;
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const SLOT_WAIT_STEP_MS = 50;

/**
 * Back-office ping: sends a `webhook.ping` event to the integration's endpoint now (even while
 * it is paused — that is what a ping is for) and returns the outcome. It is a delivery like
 * any other — signed the same way, one of the tenant's 5 in-flight slots, listed with its
 * attempt — but tried once: a failed ping is DEAD and pauses nothing.
 * Errors: IntegrationNotFound, WebhookNotConfigured, IntegrationInactive, TenantDeliveriesBusy.
 */
export class PingWebhook {
  constructor(
    private readonly uow: UnitOfWork<'integrations' | 'webhookDeliveries'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly sender: WebhookSender,
    private readonly settings: WebhookSettings,
  ) {}

  async execute(integrationId: string, scope?: WriteScope): Promise<PingResult> {
    const integration = await this.uow.read((r) => r.integrations.findByIdAcrossTenants(integrationId));
    if (!integration) throw new IntegrationNotFound();
    if (!integration.webhookUrl || !integration.webhookSecret) throw new WebhookNotConfigured();
    if (!integration.active) throw new IntegrationInactive();

    const now = this.clock.now();
    const id = this.ids.next();
    const delivery = WebhookDelivery.ping({
      id,
      tenantId: integration.tenantId,
      integrationId,
      payload: serializePayload({
        id,
        code: 'PING',
        branchId: integration.branchId,
        resource: 'WEBHOOK',
        action: 'PING',
        timestamp: now.toISOString(),
      }),
      now,
    });
    const owner = `ping:${id}`;
    for (let waited = 0; ; waited += SLOT_WAIT_STEP_MS) {
      const lease = await this.uow.run(
        (r) =>
          r.webhookDeliveries.addClaimed(delivery, { owner, leaseMs: this.settings.leaseMs, now: this.clock.now() }),
        scope,
      );
      if (lease) {
        delivery.claim(lease, this.clock.now());
        break;
      }
      if (waited >= this.settings.timeoutMs) throw new TenantDeliveriesBusy();
      await new Promise((resolve) => setTimeout(resolve, SLOT_WAIT_STEP_MS));
    }

    const [secret, previousSecret] = integration.webhookSecretsAt(this.clock.now());
    const outcome = await this.sender.send(
      { url: integration.webhookUrl, secret: secret ?? integration.webhookSecret, previousSecret },
      { deliveryId: id, eventName: delivery.eventName, payload: delivery.payload },
    );
    const leaseToken = delivery.lease!.token;
    const attemptId = this.ids.next();
    await this.uow.run(async (r) => {
      const copy = WebhookDelivery.restore(delivery.state());
      copy.recordAttempt(attemptId, outcome, { schedule: [], endpointPaused: false }, this.clock.now());
      await r.webhookDeliveries.saveReleased([{ delivery: copy, leaseToken }]);
    });
    return {
      deliveryId: id,
      event: delivery.eventName,
      delivered: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.ok ? null : outcome.error,
      durationMs: Math.round(outcome.durationMs),
    };
  }
}
