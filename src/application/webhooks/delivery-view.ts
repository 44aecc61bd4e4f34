import type { JsonValue } from '../access/authenticate-request.js';
import type { DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import type { DeliveryAttempt, WebhookDeliveryState } from '../../domain/webhooks/delivery.js';

/** One HTTP attempt as the back office reads it. */
export interface DeliveryAttemptView {
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
}

/**
 * What the back office reads of a delivery (admin API and command line alike): the payload as
 * sent, its state and, when listed, its attempts. Never a secret. Each adapter formats it for
 * its medium (the admin API's presenter: webhook-presenters.ts).
 */
export interface DeliveryView {
  id: string;
  integrationId: string;
  eventId: string | null;
  event: string;
  payload: JsonValue;
  status: DeliveryStatus;
  /** Failed attempts counted against the retry schedule (a replay starts it again). */
  failedAttempts: number;
  /** Every attempt made, the successful one included (present when the attempts were read). */
  attemptCount?: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  occurredAt: Date;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
  attempts?: DeliveryAttemptView[];
}

export function toDeliveryView(s: WebhookDeliveryState, attempts?: readonly DeliveryAttempt[]): DeliveryView {
  return {
    id: s.id,
    integrationId: s.integrationId,
    eventId: s.eventId,
    event: s.eventName,
    payload: JSON.parse(s.payload) as JsonValue,
    status: s.status,
    failedAttempts: s.attempts,
    nextAttemptAt: s.nextAttemptAt,
    lastStatusCode: s.lastStatusCode,
    lastError: s.lastError,
    occurredAt: s.occurredAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    deliveredAt: s.deliveredAt,
    ...(attempts
      ? {
          attemptCount: attempts.length,
          attempts: attempts.map((a) => ({
            at: a.startedAt,
            statusCode: a.statusCode,
            error: a.error,
            durationMs: a.durationMs,
          })),
        }
      : {}),
  };
}
