import type { Knex } from 'knex';

/**
 * Who decided: the back office's caller (a staff member's email, or `bootstrap`) kept on the
 * documents its decisions change: an invoice's approver, a credit or debit note's approver and
 * voider, a payment's recorder and a purchase order's canceller.
 *
 * Every column is nullable. Rows decided before people signed in stay null (the audit log names
 * who decided them since it began), and so do decisions nobody in the back office took: an
 * invoice approved by an integration's first payment, a payment an integration recorded. The CHECKs bound the
 * length (an email is at most 254 characters) and tie each name to the state it decided, so
 * a DRAFT invoice has no approver, only an APPROVED note an approver, only a VOIDED note a
 * voider and only a CANCELLED order a canceller.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE invoices
      ADD COLUMN approved_by text CONSTRAINT invoices_approved_by_length CHECK (length(approved_by) BETWEEN 1 AND 254),
      ADD CONSTRAINT invoices_approved_by_approved CHECK (approved_by IS NULL OR approved_at IS NOT NULL);

    ALTER TABLE payments
      ADD COLUMN recorded_by text CONSTRAINT payments_recorded_by_length CHECK (length(recorded_by) BETWEEN 1 AND 254);

    ALTER TABLE purchase_orders
      ADD COLUMN cancelled_by text
        CONSTRAINT purchase_orders_cancelled_by_length CHECK (length(cancelled_by) BETWEEN 1 AND 254),
      ADD CONSTRAINT purchase_orders_cancelled_by_cancelled CHECK (cancelled_by IS NULL OR status = 'CANCELLED');
  `);
  for (const table of ['credit_notes', 'debit_notes']) {
    await knex.raw(`
      ALTER TABLE ${table}
        ADD COLUMN approved_by text CONSTRAINT ${table}_approved_by_length CHECK (length(approved_by) BETWEEN 1 AND 254),
        ADD COLUMN voided_by text CONSTRAINT ${table}_voided_by_length CHECK (length(voided_by) BETWEEN 1 AND 254),
        ADD CONSTRAINT ${table}_approved_by_approved CHECK (approved_by IS NULL OR status = 'APPROVED'),
        ADD CONSTRAINT ${table}_voided_by_voided CHECK (voided_by IS NULL OR status = 'VOIDED');
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE debit_notes DROP COLUMN voided_by, DROP COLUMN approved_by;
    ALTER TABLE credit_notes DROP COLUMN voided_by, DROP COLUMN approved_by;
    ALTER TABLE purchase_orders DROP COLUMN cancelled_by;
    ALTER TABLE payments DROP COLUMN recorded_by;
    ALTER TABLE invoices DROP COLUMN approved_by;
  `);
}
