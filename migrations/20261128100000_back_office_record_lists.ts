import type { Knex } from 'knex';

/**
 * The back office lists a tenant's reservations, transfers, goods receipts, payments and refunds
 * newest first (the console's pages of them). The tables had indexes for their lookups by id and
 * by invoice only, so each page read and sorted every row of the tenant; with these, a page walks
 * the index and stops after its rows. A filter on a warehouse, an invoice or a status narrows
 * what the index walk keeps.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE INDEX reservations_tenant_created ON reservations (tenant_id, created_at DESC, id DESC);
    CREATE INDEX stock_transfers_tenant_created ON stock_transfers (tenant_id, created_at DESC, id DESC);
    CREATE INDEX goods_receipts_tenant_created ON goods_receipts (tenant_id, created_at DESC, id DESC);
    CREATE INDEX payments_tenant_received ON payments (tenant_id, received_at DESC, id DESC);
    CREATE INDEX refunds_tenant_created ON refunds (tenant_id, created_at DESC, id DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP INDEX reservations_tenant_created;
    DROP INDEX stock_transfers_tenant_created;
    DROP INDEX goods_receipts_tenant_created;
    DROP INDEX payments_tenant_received;
    DROP INDEX refunds_tenant_created;
  `);
}
