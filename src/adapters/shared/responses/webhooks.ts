import { Type } from '@sinclair/typebox';
import { DELIVERY_STATUSES } from '../../../domain/webhooks/delivery.machine.js';
import { IntegrationData } from './access.js';
import { Id, NullableString, Timestamp } from './common.js';

/** The `data` of the back office's webhook answers: deliveries, resume and ping. */

const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

export const DeliveryAttemptData = Type.Object(
  { at: Timestamp, statusCode: NullableInteger, error: NullableString, durationMs: NullableInteger },
  { additionalProperties: false, description: 'One HTTP attempt of a delivery.' },
);

export const DeliveryData = Type.Object(
  {
    id: Id,
    integrationId: Id,
    eventId: Type.Union([Type.String(), Type.Null()], { description: 'The event delivered; null for a ping.' }),
    event: Type.String({ examples: ['billing.invoice.created'] }),
    payload: Type.Unknown({ description: 'The event payload as sent.' }),
    status: Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s))),
    failedAttempts: Type.Integer({ minimum: 0, description: 'Failed attempts counted against the retry schedule.' }),
    nextAttemptAt: NullableTimestamp,
    lastStatusCode: NullableInteger,
    lastError: NullableString,
    occurredAt: Timestamp,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    deliveredAt: NullableTimestamp,
    attemptCount: Type.Optional(Type.Integer({ minimum: 0, description: 'Every attempt made (listed deliveries).' })),
    attempts: Type.Optional(Type.Array(DeliveryAttemptData)),
  },
  { additionalProperties: false, description: 'A webhook delivery (never a secret).' },
);

export const WebhookResumeData = Type.Object(
  {
    integration: IntegrationData,
    requeued: Type.Integer({ minimum: 0, description: 'Held deliveries due again.' }),
    replayed: Type.Integer({ minimum: 0, description: 'Dead letters replayed (with `replayDeadLetters`).' }),
  },
  { additionalProperties: false, description: 'The resumed integration and what was queued again.' },
);

export const PingData = Type.Object(
  {
    deliveryId: Id,
    event: Type.String({ examples: ['webhook.ping'] }),
    delivered: Type.Boolean(),
    statusCode: NullableInteger,
    error: NullableString,
    durationMs: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, description: 'The outcome of a ping sent to the endpoint now.' },
);

/** `GET /admin/integrations/:id/deliveries/daily`: one UTC day of an integration's deliveries. */
export const DeliveryDayData = Type.Object(
  {
    day: Type.String({ format: 'date' }),
    delivered: Type.Integer({ minimum: 0, description: 'Attempts answered 2xx that day.' }),
    failed: Type.Integer({ minimum: 0, description: 'Attempts that failed that day.' }),
    dead: Type.Integer({ minimum: 0, description: "Deliveries dead-lettered by that day's last attempt." }),
    p50Ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Median attempt duration; null without attempts.',
    }),
    p95Ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { additionalProperties: false },
);
