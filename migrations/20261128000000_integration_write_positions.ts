import type { Knex } from 'knex';

/**
 * Read-your-writes with read replicas (`DATABASE_REPLICA_URLS`): per integration, the primary's
 * WAL position after its last committed write. The nonce claim of its next request (on any API
 * process) reads it in the same statement, and its reads go only to a replica that has replayed
 * that far. Written only when replicas are configured; a row per integration, gone with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE integration_write_positions (
      integration_id uuid PRIMARY KEY REFERENCES integrations (id) ON DELETE CASCADE,
      position pg_lsn NOT NULL
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE integration_write_positions');
}
