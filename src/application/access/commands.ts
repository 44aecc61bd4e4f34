import { Type, type Static } from '@sinclair/typebox';
import { MAX_RATE_LIMIT_PER_MINUTE, MAX_SECRET_OVERLAP_MS } from '../../domain/access/integration.js';
import {
  MAX_OVERAGE_PRICE_PER_CALL,
  OVERAGE_POLICIES,
  OVERAGE_PRICE_DECIMALS,
  TIER_NAMES,
  type OveragePolicy,
  type Tier,
} from '../../domain/access/gateway.js';
import { ROLES, type Role } from '../../domain/access/permissions.js';
import { WEBHOOK_EVENTS_PATTERN, WEBHOOK_EVENTS_RULE } from '../../domain/access/webhook-events.js';
import { Name, PageQueryFields, Uuid } from '../shared/schemas.js';

/**
 * The back-office inputs of the access context, each declared once: the admin
 * API and the command-line tool compile these schemas (src/adapters/shared/validation.ts) and
 * the use cases take their static types. What a schema cannot say (an IP list's entries, a
 * webhook URL's syntax, a known event name, a name that is not blank) the domain checks.
 */

const RoleField = Type.Unsafe<Role>({ type: 'string', enum: [...ROLES] });
/** A string, or null to clear the setting (`null` and `''` both mean "none"). */
const NullableText = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });
/** Comma-separated supported event names, or null for every event. */
const WebhookEvents = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  maxLength: 1000,
  pattern: WEBHOOK_EVENTS_PATTERN,
  'x-message': WEBHOOK_EVENTS_RULE,
});

export const CreateIntegrationBody = Type.Object(
  {
    tenantId: Uuid,
    branchId: Uuid,
    fiscalYearId: Uuid,
    role: RoleField,
    clientName: Name,
    allowedIps: Type.Optional(Type.String({ maxLength: 4000 })),
    webhookUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    webhookEvents: Type.Optional(WebhookEvents),
    requireSignedReads: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateIntegrationCommand = Static<typeof CreateIntegrationBody>;

export const UpdateIntegrationBody = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    allowedIps: Type.Optional(NullableText(4000)),
    webhookUrl: Type.Optional(NullableText(2048)),
    webhookEvents: Type.Optional(WebhookEvents),
    requireSignedReads: Type.Optional(Type.Boolean()),
    // null: back to the service's default (RATE_LIMIT_PER_MINUTE)
    rateLimitPerMinute: Type.Optional(
      Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: MAX_RATE_LIMIT_PER_MINUTE }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateIntegrationCommand = Static<typeof UpdateIntegrationBody>;

/** `overlapSeconds`: how long the rotated-out secret keeps working (default 24 h, at most 30 days). */
export const RotateClientSecretBody = Type.Object(
  { overlapSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SECRET_OVERLAP_MS / 1000 })) },
  { additionalProperties: false },
);
export type RotateClientSecretCommand = Static<typeof RotateClientSecretBody>;

/** Issuing or replacing an API key takes no fields (an absent body is an empty one). */
export const IssueApiKeyBody = Type.Object({}, { additionalProperties: false });
export type IssueApiKeyCommand = Static<typeof IssueApiKeyBody>;

/** The integrations of one tenant (the tenant comes from the path). */
export const ListIntegrationsQuery = Type.Object({ tenantId: Uuid }, { additionalProperties: false });
export type ListIntegrationsQuery = Static<typeof ListIntegrationsQuery>;

/** `PUT /tenants/:tenantId/plan`: a tenant's monthly plan. */
export const SetTenantPlanBody = Type.Object(
  {
    tier: Type.Unsafe<Tier>({ type: 'string', enum: [...TIER_NAMES] }),
    overagePricePerCall: Type.Number({
      minimum: 0,
      maximum: MAX_OVERAGE_PRICE_PER_CALL,
      maxDecimals: OVERAGE_PRICE_DECIMALS,
    }),
    overagePolicy: Type.Unsafe<OveragePolicy>({ type: 'string', enum: [...OVERAGE_POLICIES] }),
  },
  { additionalProperties: false },
);
export type SetTenantPlanCommand = Static<typeof SetTenantPlanBody>;

/** `?month=YYYY-MM` (UTC); absent: the current month. */
export const UsageQuery = Type.Object(
  { month: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })) },
  { additionalProperties: false },
);
export type UsageQuery = Static<typeof UsageQuery>;

/** `GET /integrations`: integrations across tenants, by state and tenant. */
export const ListAllIntegrationsQuery = Type.Object({
  paused: Type.Optional(
    Type.Boolean({
      description: 'true: only those whose webhook endpoint is paused (`webhookPausedAt` set); false: only the others.',
    }),
  ),
  active: Type.Optional(Type.Boolean()),
  tenantId: Type.Optional(Uuid),
  ...PageQueryFields,
});
export type ListAllIntegrationsQuery = Static<typeof ListAllIntegrationsQuery>;
