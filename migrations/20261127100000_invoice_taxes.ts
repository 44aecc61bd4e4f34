import type { Knex } from 'knex';

/**
 * Taxes on invoices and notes. A tenant prices net (tax on top, the default) or gross
 * (`tenants.prices_include_tax`). Each invoice line keeps the rate it was taxed at and its
 * untaxed, tax and gross amounts; the invoice keeps its subtotal (Σ untaxed) and tax (Σ tax)
 * beside `total_amount` (Σ gross, what is paid); a credit or debit note keeps the tax share of
 * its (gross) amount. The application computes every amount; the CHECKs refuse any row whose
 * parts do not add up.
 *
 * Existing invoices were computed without tax: their lines get rate 0, untaxed = gross = the line
 * total, and their notes no tax, so no stored total changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE tenants ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false;

    ALTER TABLE invoice_lines
      ADD COLUMN tax_rate numeric(5, 2) NOT NULL DEFAULT 0,
      ADD COLUMN untaxed_amount numeric(14, 2),
      ADD COLUMN tax_amount numeric(14, 2) NOT NULL DEFAULT 0,
      ADD COLUMN gross_amount numeric(14, 2);
    UPDATE invoice_lines SET untaxed_amount = line_total, gross_amount = line_total;
    ALTER TABLE invoice_lines
      ALTER COLUMN tax_rate DROP DEFAULT,
      ALTER COLUMN tax_amount DROP DEFAULT,
      ALTER COLUMN untaxed_amount SET NOT NULL,
      ALTER COLUMN gross_amount SET NOT NULL,
      ADD CONSTRAINT invoice_lines_tax_rate_percentage CHECK (tax_rate BETWEEN 0 AND 100),
      ADD CONSTRAINT invoice_lines_tax_not_negative CHECK (untaxed_amount >= 0 AND tax_amount >= 0),
      ADD CONSTRAINT invoice_lines_gross_is_untaxed_plus_tax CHECK (gross_amount = untaxed_amount + tax_amount),
      -- Net pricing taxes the line total on top (untaxed = line total); gross pricing finds the
      -- tax inside it (gross = line total).
      ADD CONSTRAINT invoice_lines_priced_from_line_total CHECK (untaxed_amount = line_total OR gross_amount = line_total),
      ADD CONSTRAINT invoice_lines_no_tax_at_rate_zero CHECK (tax_rate > 0 OR tax_amount = 0);

    ALTER TABLE invoices
      ADD COLUMN subtotal numeric(14, 2),
      ADD COLUMN tax_amount numeric(14, 2) NOT NULL DEFAULT 0;
    UPDATE invoices SET subtotal = total_amount;
    ALTER TABLE invoices
      ALTER COLUMN tax_amount DROP DEFAULT,
      ALTER COLUMN subtotal SET NOT NULL,
      ADD CONSTRAINT invoices_tax_not_negative CHECK (subtotal >= 0 AND tax_amount >= 0),
      ADD CONSTRAINT invoices_total_is_subtotal_plus_tax CHECK (total_amount = subtotal + tax_amount);
  `);
  for (const table of ['credit_notes', 'debit_notes']) {
    await knex.raw(`
      ALTER TABLE ${table}
        ADD COLUMN tax_amount numeric(14, 2) NOT NULL DEFAULT 0,
        ADD COLUMN untaxed_amount numeric(14, 2);
      UPDATE ${table} SET untaxed_amount = amount;
      ALTER TABLE ${table}
        ALTER COLUMN tax_amount DROP DEFAULT,
        ALTER COLUMN untaxed_amount SET NOT NULL,
        ADD CONSTRAINT ${table}_tax_within_amount CHECK (tax_amount BETWEEN 0 AND amount),
        ADD CONSTRAINT ${table}_amount_is_untaxed_plus_tax CHECK (amount = untaxed_amount + tax_amount);
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE debit_notes DROP COLUMN untaxed_amount, DROP COLUMN tax_amount;
    ALTER TABLE credit_notes DROP COLUMN untaxed_amount, DROP COLUMN tax_amount;
    ALTER TABLE invoices DROP COLUMN tax_amount, DROP COLUMN subtotal;
    ALTER TABLE invoice_lines
      DROP COLUMN gross_amount, DROP COLUMN tax_amount, DROP COLUMN untaxed_amount, DROP COLUMN tax_rate;
    ALTER TABLE tenants DROP COLUMN prices_include_tax;
  `);
}
