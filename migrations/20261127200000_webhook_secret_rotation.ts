import type { Knex } from 'knex';

/**
 * A rotated-out webhook secret and the end of its overlap: until then every delivery is signed
 * with it as well as with the new one. Both are set together or not at all; the secret is kept
 * encrypted under SECRETS_KEY like the current one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE integrations
      ADD COLUMN previous_webhook_secret_enc text,
      ADD COLUMN previous_webhook_secret_expires_at timestamptz,
      ADD CONSTRAINT integrations_previous_webhook_secret_pair
        CHECK ((previous_webhook_secret_enc IS NULL) = (previous_webhook_secret_expires_at IS NULL))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE integrations
      DROP CONSTRAINT integrations_previous_webhook_secret_pair,
      DROP COLUMN previous_webhook_secret_expires_at,
      DROP COLUMN previous_webhook_secret_enc
  `);
}
