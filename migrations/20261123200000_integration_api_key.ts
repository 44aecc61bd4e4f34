import type { Knex } from 'knex';

/**
 * An integration's optional API key, kept only as the lowercase hex SHA-256 of
 * the key: the service never needs the key in clear, so it is hashed, not encrypted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE integrations
      ADD COLUMN api_key_hash text
      CONSTRAINT integrations_api_key_hash_sha256 CHECK (api_key_hash ~ '^[0-9a-f]{64}$')
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE integrations DROP COLUMN api_key_hash`);
}
