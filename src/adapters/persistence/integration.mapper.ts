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
  previous_webhook_secret_enc: string | null;
  previous_webhook_secret_expires_at: Date | null;
  webhook_events: string[] | null;
  webhook_paused_at: Date | null;
  require_signed_reads: boolean;
  /** Lowercase hex SHA-256 of the API key; never the key. */
  api_key_hash: string | null;
  rate_limit_per_minute: number | null;
  active: boolean;
  /** Written only by the activity recorder (integration-activity.ts), never by a save. */
  last_used_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What a save writes: every column but the activity recorder's. */
export type IntegrationWrite = Omit<IntegrationRow, 'last_used_at'>;

/**
 * Row ↔ Integration. Secrets are decrypted on load and encrypted on save; nothing else sees the
 * ciphertext. A secret saved unchanged keeps the ciphertext it was loaded with (encryption is
 * randomised, so a fresh one would look like a change, to the audit log too).
 */
export class IntegrationMapper {
  /** Each secret this mapper decrypted, by its plain text. */
  private readonly loaded = new Map<string, string>();

  constructor(private readonly cipher: SecretCipher) {}

  private open(ciphertext: string): string;
  private open(ciphertext: string | null): string | null;
  private open(ciphertext: string | null): string | null {
    if (ciphertext === null) return null;
    const plain = this.cipher.decrypt(ciphertext);
    this.loaded.set(plain, ciphertext);
    return plain;
  }

  private seal(plain: string): string;
  private seal(plain: string | null): string | null;
  private seal(plain: string | null): string | null {
    if (plain === null) return null;
    return this.loaded.get(plain) ?? this.cipher.encrypt(plain);
  }

  toIntegration(row: IntegrationRow): Integration {
    return Integration.restore({
      id: row.id,
      tenantId: row.tenant_id,
      branchId: row.branch_id,
      fiscalYearId: row.fiscal_year_id,
      role: row.role as Role,
      clientName: row.client_name,
      clientId: row.client_id,
      clientSecret: this.open(row.client_secret_enc),
      previousClientSecret: this.open(row.previous_client_secret_enc),
      previousSecretExpiresAt: row.previous_secret_expires_at,
      allowedIps: IpAllowList.parse(row.allowed_ips),
      webhookUrl: row.webhook_url,
      webhookSecret: this.open(row.webhook_secret_enc),
      previousWebhookSecret: this.open(row.previous_webhook_secret_enc),
      previousWebhookSecretExpiresAt: row.previous_webhook_secret_expires_at,
      webhookEvents: row.webhook_events as WebhookEventName[] | null,
      webhookPausedAt: row.webhook_paused_at,
      requireSignedReads: row.require_signed_reads,
      apiKeyHash: row.api_key_hash,
      rateLimitPerMinute: row.rate_limit_per_minute,
      active: row.active,
      lastUsedAt: row.last_used_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }

  toRow(integration: Integration): IntegrationWrite {
    const s = integration.state();
    return {
      tenant_id: s.tenantId,
      id: s.id,
      branch_id: s.branchId,
      fiscal_year_id: s.fiscalYearId,
      role: s.role,
      client_name: s.clientName,
      client_id: s.clientId,
      client_secret_enc: this.seal(s.clientSecret),
      previous_client_secret_enc: this.seal(s.previousClientSecret),
      previous_secret_expires_at: s.previousSecretExpiresAt,
      allowed_ips: s.allowedIps.restricted ? s.allowedIps.toString() : null,
      webhook_url: s.webhookUrl,
      webhook_secret_enc: this.seal(s.webhookSecret),
      previous_webhook_secret_enc: this.seal(s.previousWebhookSecret),
      previous_webhook_secret_expires_at: s.previousWebhookSecretExpiresAt,
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
