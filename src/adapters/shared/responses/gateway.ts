import { Type } from '@sinclair/typebox';
import { OVERAGE_POLICIES, TIER_NAMES, type OveragePolicy, type Tier } from '../../../domain/access/gateway.js';
import { Id } from './common.js';

/**
 * The `data` of the gateway's answers: a tenant's plan and a month's usage.
 * The presenters of src/adapters/http/gateway-presenters.ts are typed by these schemas, the
 * OpenAPI document publishes them and the SDK's `UsageApi` takes its return type from them.
 */

const TierName = Type.Unsafe<Tier>({
  type: 'string',
  enum: [...TIER_NAMES],
  description: 'The monthly tier: calls included per UTC month (UNLIMITED has no ceiling).',
});
const Policy = Type.Unsafe<OveragePolicy>({
  type: 'string',
  enum: [...OVERAGE_POLICIES],
  description: 'BILL: calls beyond the tier are served and billed; BLOCK: they answer 429 QUOTA_EXCEEDED.',
});
const Included = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description: 'Calls included per month; null for UNLIMITED.',
});
const OveragePrice = Type.Number({ minimum: 0, description: 'Price of one call beyond the tier (up to 6 decimals).' });

/** `PUT /admin/tenants/:tenantId/plan`. */
export const PlanResponse = Type.Object(
  { tenantId: Id, tier: TierName, included: Included, overagePricePerCall: OveragePrice, overagePolicy: Policy },
  {
    additionalProperties: false,
    examples: [
      {
        tenantId: '5b1f6c9e-3f43-4a8e-9d2a-0c1e2f3a4b5c',
        tier: 'T10K',
        included: 10000,
        overagePricePerCall: 0.002,
        overagePolicy: 'BILL',
      },
    ],
  },
);

/** One integration's share of a month's calls. */
export const IntegrationUsage = Type.Object(
  { integrationId: Id, clientName: Type.String(), used: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

/** `GET /external/usage` and `GET /admin/tenants/:tenantId/usage`: a UTC month's calls under the plan. */
export const UsageResponse = Type.Object(
  {
    month: Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}$',
      description: 'The UTC month, YYYY-MM.',
      examples: ['2026-11'],
    }),
    tier: TierName,
    included: Included,
    used: Type.Integer({ minimum: 0, description: 'Calls counted this month (quota-refused ones included).' }),
    overageCalls: Type.Integer({ minimum: 0 }),
    overageCharge: Type.Number({
      minimum: 0,
      description: 'Overage calls × price, rounded half-up to cents (0 under BLOCK).',
    }),
    overagePricePerCall: OveragePrice,
    overagePolicy: Policy,
    byIntegration: Type.Array(IntegrationUsage),
  },
  { additionalProperties: false },
);

/** `GET /admin/tenants/:tenantId/usage/daily`: one integration's UTC day. */
export const UsageDayData = Type.Object(
  {
    day: Type.String({ format: 'date' }),
    integrationId: Id,
    requests: Type.Integer({ minimum: 0, description: 'Metered calls (a quota-refused one too).' }),
    rateLimited: Type.Integer({
      minimum: 0,
      description: "Calls refused 429 by the integration's rate limit or quota.",
    }),
  },
  { additionalProperties: false },
);
