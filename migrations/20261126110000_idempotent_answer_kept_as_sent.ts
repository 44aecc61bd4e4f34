import type { Knex } from 'knex';

/**
 * A replayed Idempotency-Key answer is the first answer byte for byte: the body is kept as the
 * JSON text that was sent. jsonb kept its values but not its text (keys reordered by length,
 * whitespace dropped). Rows kept before keep jsonb's text of their body.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE idempotency_keys ALTER COLUMN body TYPE text USING body::text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE idempotency_keys ALTER COLUMN body TYPE jsonb USING body::jsonb');
}
