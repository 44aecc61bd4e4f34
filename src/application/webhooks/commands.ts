import { Type, type Static } from '@sinclair/typebox';
import { MAX_WEBHOOK_SECRET_OVERLAP_MS } from '../../domain/access/integration.js';
import { SUPPORTED_EVENTS } from '../../domain/access/webhook-events.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import { PING_EVENT } from '../../domain/webhooks/payload.js';
import { DateTime, OneOf, PageQueryFields, Uuid } from '../shared/schemas.js';

/**
 * The back-office inputs of the webhooks context, each declared once: the admin
 * API compiles these schemas and the OpenAPI document publishes them.
 */

/** POST /integrations/:id/webhook/resume (an absent body is an empty one). */
export const ResumeWebhookBody = Type.Object(
  { replayDeadLetters: Type.Optional(Type.Boolean({ description: 'Also replay the dead letters.' })) },
  { additionalProperties: false },
);
export type ResumeWebhookCommand = Static<typeof ResumeWebhookBody>;

/** GET /integrations/:id/deliveries: a page of deliveries, optionally of one status. */
export const ListDeliveriesQuery = Type.Object({
  ...PageQueryFields,
  status: Type.Optional(Type.Unsafe<DeliveryStatus>({ type: 'string', enum: [...DELIVERY_STATUSES] })),
});
export type ListDeliveriesQuery = Static<typeof ListDeliveriesQuery>;

/** GET /deliveries: deliveries across integrations, newest first. */
export const ListAllDeliveriesQuery = Type.Object({
  ...ListDeliveriesQuery.properties,
  event: Type.Optional(OneOf([...SUPPORTED_EVENTS, PING_EVENT])),
  tenantId: Type.Optional(Uuid),
  integrationId: Type.Optional(Uuid),
  /** `from` inclusive, `to` exclusive, on the delivery's `createdAt`. */
  from: Type.Optional(DateTime('from')),
  to: Type.Optional(DateTime('to')),
});
export type ListAllDeliveriesQuery = Static<typeof ListAllDeliveriesQuery>;

/** POST /integrations/:id/webhook/rotate-secret: how long the old secret still signs deliveries (default 24 h, at most 7 days). */
export const RotateWebhookSecretBody = Type.Object(
  {
    overlapSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_WEBHOOK_SECRET_OVERLAP_MS / 1000,
        description: 'Seconds during which every delivery is also signed with the old secret (default 86400).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RotateWebhookSecretCommand = Static<typeof RotateWebhookSecretBody>;
