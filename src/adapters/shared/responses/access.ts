import { Type } from '@sinclair/typebox';
import { ROLES } from '../../../domain/access/permissions.js';
import { Id, NullableString, Timestamp } from './common.js';

/**
 * The `data` of the back office's integration answers. An integration as
 * read never carries a secret: the client secret appears only in the answer of its creation
 * or rotation, a webhook secret only in the answer that issued it, the API key only in the
 * answer of its issue.
 */

const SECRET_ONCE = 'Shown this once: store it now, it cannot be read again.';

export const IntegrationData = Type.Object(
  {
    id: Id,
    tenantId: Id,
    branchId: Id,
    fiscalYearId: Id,
    role: Type.Union(ROLES.map((r) => Type.Literal(r))),
    clientName: Type.String(),
    clientId: Type.String(),
    allowedIps: Type.Union([Type.String(), Type.Null()], {
      description: 'Comma-separated IPs or CIDR ranges; null: any address.',
    }),
    webhookUrl: NullableString,
    webhookEvents: Type.Union([Type.String(), Type.Null()], {
      description: 'Comma-separated event names; null: every event.',
    }),
    webhookPausedAt: Type.Union([Timestamp, Type.Null()], {
      description: 'Set when a delivery was dead-lettered; events are held until a resume.',
    }),
    requireSignedReads: Type.Boolean(),
    hasApiKey: Type.Boolean({ description: 'Whether an API key is set (never the key itself).' }),
    rateLimitPerMinute: Type.Union([Type.Integer(), Type.Null()], {
      description: "Null: the service's default limit applies.",
    }),
    active: Type.Boolean(),
    lastUsedAt: Type.Union([Timestamp, Type.Null()], {
      description:
        'Its latest authenticated call; null until the first. Written at most once a minute: may lag by a minute.',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false, description: 'An integration (API client) of a tenant, without its secrets.' },
);

const ClientSecret = Type.String({ description: SECRET_ONCE });
const WebhookSecret = Type.String({ description: `The webhook signing secret. ${SECRET_ONCE}` });

/** POST /integrations: the integration and its secrets, this once. */
export const CreatedIntegrationData = Type.Object(
  { ...IntegrationData.properties, clientSecret: ClientSecret, webhookSecret: Type.Optional(WebhookSecret) },
  { additionalProperties: false, description: 'The new integration with its client secret (and webhook secret).' },
);

/** PATCH /integrations/:id: the integration, and a webhook secret when the change issued one. */
export const UpdatedIntegrationData = Type.Object(
  { ...IntegrationData.properties, webhookSecret: Type.Optional(WebhookSecret) },
  { additionalProperties: false, description: 'The changed integration (a webhook secret when a first URL was set).' },
);

export const RotatedSecretData = Type.Object(
  {
    clientId: Type.String(),
    clientSecret: ClientSecret,
    previousSecretExpiresAt: Type.Union([Timestamp, Type.Null()], {
      description: 'Until when the previous secret keeps working; null: it stopped at once.',
    }),
  },
  { additionalProperties: false, description: 'The new client secret.' },
);

/** POST /integrations/:id/webhook/rotate-secret: the new webhook secret, this once. */
export const RotatedWebhookSecretData = Type.Object(
  {
    webhookSecret: WebhookSecret,
    previousSecretExpiresAt: Type.Union([Timestamp, Type.Null()], {
      description: 'Until when deliveries are signed with the previous secret too; null: it stopped at once.',
    }),
  },
  { additionalProperties: false, description: 'The new webhook secret.' },
);

export const IssuedApiKeyData = Type.Object(
  { apiKey: Type.String({ description: `Sent as \`x-api-key\`. ${SECRET_ONCE}` }) },
  { additionalProperties: false, description: 'The API key just issued (or replacing the previous one).' },
);
