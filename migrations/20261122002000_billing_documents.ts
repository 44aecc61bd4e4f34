import type { Knex } from 'knex';

/**
 * Invoices with their lines, credit notes and debit notes (spec 2.5-2.8).
 * Numbers are unique per tenant (`INV-`, `CN-`, `DN-` + fiscal year code + sequence; the
 * gapless counter is `document_sequences`). The status column is the whole persisted
 * lifecycle; CHECKs tie each status to the timestamps it implies, so a VOIDED invoice without a
 * reason or an APPROVED note without an approval time cannot be stored. Amounts derived from
 * notes (net amount, amount due) are computed from the notes, never stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE invoices (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^INV-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      fiscal_year_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      payment_method text NOT NULL CHECK (payment_method IN ('CASH', 'CARD', 'QR', 'CREDIT')),
      status text NOT NULL CHECK (status IN ('DRAFT', 'APPROVED', 'PAID', 'VOIDED')),
      total_amount numeric(14, 2) NOT NULL CHECK (total_amount >= 0),
      payments_total numeric(14, 2) NOT NULL DEFAULT 0 CHECK (payments_total >= 0),
      refunds_total numeric(14, 2) NOT NULL DEFAULT 0 CHECK (refunds_total >= 0 AND refunds_total <= payments_total),
      void_reason text CHECK (length(void_reason) BETWEEN 1 AND 500),
      approved_at timestamptz,
      voided_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT invoices_tenant_number_unique UNIQUE (tenant_id, number),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      CONSTRAINT invoices_customer_fk FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
      CONSTRAINT invoices_voided_check CHECK ((status = 'VOIDED') = (voided_at IS NOT NULL AND void_reason IS NOT NULL)),
      CONSTRAINT invoices_approved_check CHECK (
        (status = 'DRAFT' AND approved_at IS NULL) OR (status IN ('APPROVED', 'PAID') AND approved_at IS NOT NULL)
        OR status = 'VOIDED'
      )
    );
    CREATE INDEX invoices_tenant_created ON invoices (tenant_id, created_at DESC, id);
    -- The back office acts across tenants and names a document by its id alone:
    -- the one kind of index here that does not lead with tenant_id.
    CREATE UNIQUE INDEX invoices_id ON invoices (id);
    CREATE INDEX invoices_tenant_status_created ON invoices (tenant_id, status, created_at DESC, id);

    CREATE TABLE invoice_lines (
      tenant_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      line_no integer NOT NULL CHECK (line_no BETWEEN 1 AND 500),
      product_id uuid NOT NULL,
      quantity numeric(14, 3) NOT NULL CHECK (quantity > 0),
      unit_price numeric(14, 2) NOT NULL CHECK (unit_price >= 0),
      line_total numeric(14, 2) NOT NULL CHECK (line_total >= 0),
      PRIMARY KEY (tenant_id, invoice_id, line_no),
      FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
      CONSTRAINT invoice_lines_product_fk FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
    );
    CREATE INDEX invoice_lines_tenant_product ON invoice_lines (tenant_id, product_id);
  `);
  for (const [table, prefix] of [
    ['credit_notes', 'CN'],
    ['debit_notes', 'DN'],
  ] as const) {
    await knex.raw(`
      CREATE TABLE ${table} (
        tenant_id uuid NOT NULL,
        id uuid NOT NULL,
        number text NOT NULL CHECK (number ~ '^${prefix}-[A-Za-z0-9_-]+-[0-9]{6,}$'),
        invoice_id uuid NOT NULL,
        fiscal_year_id uuid NOT NULL,
        branch_id uuid NOT NULL,
        amount numeric(14, 2) NOT NULL CHECK (amount > 0),
        reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
        status text NOT NULL CHECK (status IN ('DRAFT', 'APPROVED', 'VOIDED')),
        void_reason text CHECK (length(void_reason) BETWEEN 1 AND 500),
        approved_at timestamptz,
        voided_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, id),
        CONSTRAINT ${table}_tenant_number_unique UNIQUE (tenant_id, number),
        FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
        FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
        FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
        CONSTRAINT ${table}_approved_check CHECK ((status = 'APPROVED') = (approved_at IS NOT NULL)),
        CONSTRAINT ${table}_voided_check CHECK ((status = 'VOIDED') = (voided_at IS NOT NULL)),
        CONSTRAINT ${table}_void_reason_status_check CHECK (status = 'VOIDED' OR void_reason IS NULL)
      );
      CREATE INDEX ${table}_tenant_invoice ON ${table} (tenant_id, invoice_id, status);
      CREATE INDEX ${table}_tenant_created ON ${table} (tenant_id, created_at DESC, id);
      CREATE UNIQUE INDEX ${table}_id ON ${table} (id);
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE debit_notes, credit_notes, invoice_lines, invoices`);
}
