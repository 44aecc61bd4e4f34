import type { Knex } from 'knex';

/**
 * An overage price per call goes up to 1,000,000 with 6 decimals (MAX_OVERAGE_PRICE_PER_CALL, the
 * schema's maximum); numeric(12, 6) stopped at 999,999.999999, so the maximum itself failed to
 * store. numeric(13, 6) holds it. Raising a numeric's precision at the same scale rewrites no row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE tenant_plans ALTER COLUMN overage_price_per_call TYPE numeric(13, 6)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE tenant_plans ALTER COLUMN overage_price_per_call TYPE numeric(12, 6)');
}
