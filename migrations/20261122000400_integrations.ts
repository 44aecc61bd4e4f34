import type { Knex } from 'knex';

/**
 * Integrations (API clients bound to a tenant, branch, role and fiscal year) and the nonces
 * they have used. Secrets are stored encrypted (AES-256-GCM, `*_enc`). Nonces are unique per
 * integration by primary key, so every API process shares one replay guard.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE integrations (
      tenant_id uuid NOT NULL,
      id uuid NOT NULL,
      branch_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      role text NOT NULL CHECK (role IN ('ADMIN', 'INVENTORY', 'BILLING', 'READ_ONLY')),
      client_name text NOT NULL CHECK (length(client_name) BETWEEN 1 AND 200),
      client_id text NOT NULL,
      client_secret_enc text NOT NULL,
      previous_client_secret_enc text,
      previous_secret_expires_at timestamptz,
      allowed_ips text,
      webhook_url text,
      webhook_secret_enc text,
      webhook_events text[],
      require_signed_reads boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT integrations_id_unique UNIQUE (id),
      CONSTRAINT integrations_client_id_unique UNIQUE (client_id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      CONSTRAINT integrations_webhook_has_secret CHECK (webhook_url IS NULL OR webhook_secret_enc IS NOT NULL),
      CONSTRAINT integrations_previous_secret_pair CHECK ((previous_client_secret_enc IS NULL) = (previous_secret_expires_at IS NULL))
    );

    CREATE TABLE request_nonces (
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      nonce text NOT NULL CHECK (nonce ~ '^[A-Za-z0-9_-]{8,128}$'),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (integration_id, nonce)
    );
    CREATE INDEX request_nonces_expiry ON request_nonces (expires_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE request_nonces, integrations`);
}
