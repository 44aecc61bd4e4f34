import type { SecretCipher } from '../../application/ports/access-ports.js';
import { Integration } from '../../domain/access/integration.js';
import { IpAllowList } from '../../domain/access/ip-allow-list.js';
import type { Role } from '../../domain/access/permissions.js';
import type { WebhookEventName } from '../../domain/access/webhook-events.js';

export interface IntegrationRow {
  tenant_id: string;
  id: string;
  branch_id: string;
  fiscal_year_id: string;
  role: string;
  client_name: string;
  client_id: string;
  client_secret_enc: string;
  previous_client_secret_enc: string | null;
  previous_secret_expires_at: Date | null;
  allowed_ips: string | null;
  webhook_url: string | null;
  webhook_secret_enc: string | null;
  webhook_events: string[] | null;
  webhook_paused_at: Date | null;
  require_signed_reads: boolean;
  /** Lowercase hex SHA-256 of the API key; never the key. */
  api_key_hash: string | null;
  rate_limit_per_minute: number | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Row ↔ Integration. Secrets are decrypted on load and encrypted on save; nothing else sees the ciphertext. */
export class IntegrationMapper {
  constructor(private readonly cipher: SecretCipher) {}

  toIntegration(row: IntegrationRow): Integration {
    return Integration.restore({
      id: row.id,
      tenantId: row.tenant_id,
      branchId: row.branch_id,
      fiscalYearId: row.fiscal_year_id,
      role: row.role as Role,
      clientName: row.client_name,
      clientId: row.client_id,
      clientSecret: this.cipher.decrypt(row.client_secret_enc),
      previousClientSecret: row.previous_client_secret_enc ? this.cipher.decrypt(row.previous_client_secret_enc) : null,
      previousSecretExpiresAt: row.previous_secret_expires_at,
      allowedIps: IpAllowList.parse(row.allowed_ips),
      webhookUrl: row.webhook_url,
      webhookSecret: row.webhook_secret_enc ? this.cipher.decrypt(row.webhook_secret_enc) : null,
      webhookEvents: row.webhook_events as WebhookEventName[] | null,
      webhookPausedAt: row.webhook_paused_at,
      requireSignedReads: row.require_signed_reads,
      apiKeyHash: row.api_key_hash,
      rateLimitPerMinute: row.rate_limit_per_minute,
      active: row.active,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }

  toRow(integration: Integration): IntegrationRow {
    const s = integration.state();
    return {
      tenant_id: s.tenantId,
      id: s.id,
      branch_id: s.branchId,
      fiscal_year_id: s.fiscalYearId,
      role: s.role,
      client_name: s.clientName,
      client_id: s.clientId,
      client_secret_enc: this.cipher.encrypt(s.clientSecret),
      previous_client_secret_enc: s.previousClientSecret ? this.cipher.encrypt(s.previousClientSecret) : null,
      previous_secret_expires_at: s.previousSecretExpiresAt,
      allowed_ips: s.allowedIps.restricted ? s.allowedIps.toString() : null,
      webhook_url: s.webhookUrl,
      webhook_secret_enc: s.webhookSecret ? this.cipher.encrypt(s.webhookSecret) : null,
      webhook_events: s.webhookEvents,
      webhook_paused_at: s.webhookPausedAt,
      require_signed_reads: s.requireSignedReads,
      api_key_hash: s.apiKeyHash,
      rate_limit_per_minute: s.rateLimitPerMinute,
      active: s.active,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
    };
  }
}
