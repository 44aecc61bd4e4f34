import type { DeliveryView } from '../../application/webhooks/delivery-view.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A delivery in the admin API's responses (CONTRACT §5): its times as ISO 8601 strings. */
export function presentDelivery(v: DeliveryView) {
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
    occurredAt: iso(v.occurredAt),
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
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
