import type { Knex } from 'knex';

/**
 * The gateway: per-integration rate limits (counted per minute window in the
 * statement that claims the nonce), failed authentications per source address (the
 * rate-limiter-flexible table), monthly plans and usage per tenant, and Idempotency-Key rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE integrations
      ADD COLUMN rate_limit_per_minute integer
      CONSTRAINT integrations_rate_limit_range CHECK (rate_limit_per_minute BETWEEN 1 AND 100000);

    CREATE TABLE request_rate_windows (
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      window_start timestamptz NOT NULL,
      count integer NOT NULL CHECK (count > 0),
      PRIMARY KEY (integration_id, window_start)
    );

    -- rate-limiter-flexible's RateLimiterPostgres layout (key, points, expire in epoch ms).
    CREATE TABLE auth_failure_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );

    CREATE TABLE tenant_plans (
      tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
      tier text NOT NULL CHECK (tier IN ('T1K', 'T10K', 'T100K', 'UNLIMITED')),
      overage_price_per_call numeric(12, 6) NOT NULL CHECK (overage_price_per_call >= 0),
      overage_policy text NOT NULL CHECK (overage_policy IN ('BILL', 'BLOCK')),
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE usage_counters (
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      month char(7) NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      count bigint NOT NULL CHECK (count >= 0),
      PRIMARY KEY (tenant_id, month, integration_id)
    );

    CREATE TABLE idempotency_keys (
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      key text NOT NULL CHECK (key ~ '^[\\x20-\\x7e]{1,255}$'),
      fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
      status_code integer CHECK (status_code BETWEEN 200 AND 499),
      body jsonb,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (integration_id, key),
      CHECK ((status_code IS NULL) = (body IS NULL))
    );
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE idempotency_keys, usage_counters, tenant_plans, auth_failure_limits, request_rate_windows;
    ALTER TABLE integrations DROP COLUMN rate_limit_per_minute;
  `);
}
