import type { Knex } from 'knex';

/** A fifth integration role, LOGISTICS: shipments. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE integrations DROP CONSTRAINT integrations_role_check;
    ALTER TABLE integrations ADD CONSTRAINT integrations_role_check
      CHECK (role IN ('ADMIN', 'INVENTORY', 'BILLING', 'LOGISTICS', 'READ_ONLY'));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE integrations DROP CONSTRAINT integrations_role_check;
    ALTER TABLE integrations ADD CONSTRAINT integrations_role_check
      CHECK (role IN ('ADMIN', 'INVENTORY', 'BILLING', 'READ_ONLY'));
  `);
}
