import type { Knex } from 'knex';

/**
 * The transactional outbox and the document number counters, shared by every context.
 *
 * outbox_events: each domain event, written in the same transaction as the change that caused
 * it; the webhook dispatcher fans it out after commit (`dispatched_at` marks that done).
 *
 * document_sequences: one counter row per (tenant, fiscal year, document kind). A creating
 * transaction increments it with an upsert, which locks the row until commit, so numbers are
 * unique and gapless: a rolled-back document gives its number back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE outbox_events (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      event_name text NOT NULL,
      payload jsonb NOT NULL,
      occurred_at timestamptz NOT NULL,
      dispatched_at timestamptz,
      PRIMARY KEY (tenant_id, id)
    );
    CREATE INDEX outbox_events_pending ON outbox_events (occurred_at) WHERE dispatched_at IS NULL;

    CREATE TABLE document_sequences (
      tenant_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind ~ '^[A-Z]{2,5}$'),
      last_value integer NOT NULL CHECK (last_value > 0),
      PRIMARY KEY (tenant_id, fiscal_year_id, kind),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE document_sequences, outbox_events`);
}
