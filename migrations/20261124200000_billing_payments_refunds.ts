import type { Knex } from 'knex';

/**
 * Payments and refunds of invoices, and a customer's tax id and address.
 *
 * A payment (`PAY-`) or refund (`RF-`) row is written once, in the transaction that also moves
 * its invoice's `payments_total` / `refunds_total` under the invoice's row lock; the invoice's
 * CHECK (refunds never above payments) keeps the amount paid from going below 0. Numbers are
 * unique per tenant (gapless counters in `document_sequences`). A refund's one status is
 * PROCESSED.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE payments (
      tenant_id uuid NOT NULL,
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^PAY-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      invoice_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      amount numeric(14, 2) NOT NULL CHECK (amount > 0),
      method text NOT NULL CHECK (method IN ('CASH', 'CARD', 'QR', 'CREDIT')),
      reference text CHECK (length(reference) BETWEEN 1 AND 100),
      received_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT payments_tenant_number_unique UNIQUE (tenant_id, number),
      FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
    );
    CREATE INDEX payments_tenant_invoice ON payments (tenant_id, invoice_id, received_at DESC, id);

    CREATE TABLE refunds (
      tenant_id uuid NOT NULL,
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^RF-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      invoice_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      amount numeric(14, 2) NOT NULL CHECK (amount > 0),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
      method text CHECK (method IN ('CASH', 'CARD', 'QR', 'CREDIT')),
      status text NOT NULL CHECK (status = 'PROCESSED'),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT refunds_tenant_number_unique UNIQUE (tenant_id, number),
      FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
    );
    CREATE INDEX refunds_tenant_invoice ON refunds (tenant_id, invoice_id, created_at DESC, id);

    ALTER TABLE customers
      ADD COLUMN tax_id text CONSTRAINT customers_tax_id_length CHECK (length(tax_id) BETWEEN 1 AND 64),
      ADD COLUMN address text CONSTRAINT customers_address_length CHECK (length(address) BETWEEN 1 AND 500);
    CREATE INDEX customers_tenant_name ON customers (tenant_id, name, id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP INDEX customers_tenant_name;
    ALTER TABLE customers DROP COLUMN address, DROP COLUMN tax_id;
    DROP TABLE refunds, payments;
  `);
}
