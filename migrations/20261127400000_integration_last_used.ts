import type { Knex } from 'knex';

/**
 * When an integration last made an authenticated call (null until its first). Written from
 * memory at most once a minute per integration and process, never on the request's path, and
 * only forward, so several processes never move it back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE integrations ADD COLUMN last_used_at timestamptz`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE integrations DROP COLUMN last_used_at`);
}
