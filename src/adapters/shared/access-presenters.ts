import type { Static } from '@sinclair/typebox';
import type { CreatedIntegration } from '../../application/access/create-integration.js';
import type { Integration } from '../../domain/access/integration.js';
import type {
  CreatedIntegrationData,
  IntegrationData,
  IssuedApiKeyData,
  RotatedSecretData,
  UpdatedIntegrationData,
} from './responses/access.js';

/**
 * Integrations → response objects, for both back-office adapters (the admin API and the
 * command-line tool). No view ever carries a secret unless it is the one-time answer that
 * issued it.
 */
/**
 * An integration as the back office sees it: never a secret. The one-time secrets of a
 * creation, a first webhook URL or a rotation are added by the caller, once.
 */
export function presentIntegration(integration: Integration): Static<typeof IntegrationData> {
  const s = integration.state();
  return {
    id: s.id,
    tenantId: s.tenantId,
    branchId: s.branchId,
    fiscalYearId: s.fiscalYearId,
    role: s.role,
    clientName: s.clientName,
    clientId: s.clientId,
    allowedIps: s.allowedIps.restricted ? s.allowedIps.toString() : null,
    webhookUrl: s.webhookUrl,
    webhookEvents: s.webhookEvents ? s.webhookEvents.join(',') : null,
    webhookPausedAt: s.webhookPausedAt?.toISOString() ?? null,
    requireSignedReads: s.requireSignedReads,
    // Whether an API key is set; never the key or its hash.
    hasApiKey: integration.hasApiKey,
    // Null: the service's default (RATE_LIMIT_PER_MINUTE) applies.
    rateLimitPerMinute: s.rateLimitPerMinute,
    active: s.active,
    lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** The response of a creation: the integration and its secrets, shown this once. */
export function presentCreatedIntegration(created: CreatedIntegration): Static<typeof CreatedIntegrationData> {
  return {
    ...presentIntegration(created.integration),
    clientId: created.clientId,
    clientSecret: created.clientSecret,
    ...(created.webhookSecret ? { webhookSecret: created.webhookSecret } : {}),
  };
}

/** The response of a change: the integration, and a webhook secret issued by it (once). */
export function presentUpdatedIntegration(updated: {
  integration: Integration;
  webhookSecret?: string;
}): Static<typeof UpdatedIntegrationData> {
  return {
    ...presentIntegration(updated.integration),
    ...(updated.webhookSecret ? { webhookSecret: updated.webhookSecret } : {}),
  };
}

export function presentRotatedSecret(rotated: {
  clientId: string;
  clientSecret: string;
  previousSecretExpiresAt: Date | null;
}): Static<typeof RotatedSecretData> {
  return {
    clientId: rotated.clientId,
    clientSecret: rotated.clientSecret,
    previousSecretExpiresAt: rotated.previousSecretExpiresAt?.toISOString() ?? null,
  };
}

/** The answer of an API key's issue or replacement: the key, shown this once and never readable again. */
export function presentIssuedApiKey(issued: { apiKey: string }): Static<typeof IssuedApiKeyData> {
  return { apiKey: issued.apiKey };
}
