import type { Knex } from 'knex';

/**
 * Each integration's calls per UTC day: those metered and those refused 429 by its rate limit
 * or its plan's quota, written by the usage meter's periodic flush (no write per request), for
 * the back office's charts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE usage_daily (
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      day date NOT NULL,
      requests bigint NOT NULL DEFAULT 0 CHECK (requests >= 0),
      rate_limited bigint NOT NULL DEFAULT 0 CHECK (rate_limited >= 0),
      PRIMARY KEY (tenant_id, day, integration_id)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE usage_daily');
}
