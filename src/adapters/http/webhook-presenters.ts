import type { Static } from '@sinclair/typebox';
import type { DeliveryView } from '../../application/webhooks/delivery-view.js';
import type { RotatedWebhookSecret } from '../../application/webhooks/rotate-webhook-secret.js';
import type { RotatedWebhookSecretData } from '../shared/responses/access.js';
import type { DeliveryData } from '../shared/responses/webhooks.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A delivery in the admin API's responses: its times as ISO 8601 strings. */
export function presentDelivery(v: DeliveryView): Static<typeof DeliveryData> {
  return {
    id: v.id,
    integrationId: v.integrationId,
    eventId: v.eventId,
    event: v.event,
    payload: v.payload,
    status: v.status,
    failedAttempts: v.failedAttempts,
    nextAttemptAt: iso(v.nextAttemptAt),
    lastStatusCode: v.lastStatusCode,
    lastError: v.lastError,
    occurredAt: v.occurredAt.toISOString(),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    deliveredAt: iso(v.deliveredAt),
    ...(v.attempts
      ? {
          attemptCount: v.attemptCount,
          attempts: v.attempts.map((a) => ({
            at: a.at.toISOString(),
            statusCode: a.statusCode,
            error: a.error,
            durationMs: a.durationMs,
          })),
        }
      : {}),
  };
}

/** A rotated webhook secret: the new secret, once, and the end of the old one's overlap. */
export function presentRotatedWebhookSecret(r: RotatedWebhookSecret): Static<typeof RotatedWebhookSecretData> {
  return { webhookSecret: r.webhookSecret, previousSecretExpiresAt: iso(r.previousSecretExpiresAt) };
}
