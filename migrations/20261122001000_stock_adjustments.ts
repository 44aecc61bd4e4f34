import type { Knex } from 'knex';

/**
 * Stock adjustment requests, their items, and the stock ledger.
 *
 * stock_adjustment_requests: the status column is the whole persisted lifecycle (PENDING,
 * APPROVED, REJECTED); CHECKs tie the decision fields to it, so a PENDING request cannot
 * carry a decision and a REJECTED one cannot lack its reason. `number` is unique per tenant.
 * The back office decides on a request by its id alone (it acts across tenants), so `id`
 * has a unique index of its own: the one index here that does not lead with tenant_id.
 *
 * stock_ledger: one row per item of an approved request, never updated. `quantity` is the
 * signed change (+ in, − out), `balance_after` the warehouse's stock of the product right
 * after it. UNIQUE (tenant, request, row) makes a second set of entries for one request
 * impossible. `seq` orders the entries by insertion: for one warehouse and product that is
 * the order the stock changed (the stock row stays locked until commit).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE stock_adjustment_requests (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^ADJ-[A-Za-z0-9_-]{1,20}-[0-9]{6,}$'),
      warehouse_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      integration_id uuid NOT NULL,
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
      status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
      decided_by text CHECK (length(decided_by) BETWEEN 1 AND 200),
      decided_at timestamptz,
      rejection_reason text CHECK (length(rejection_reason) BETWEEN 1 AND 1000),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT stock_adjustment_requests_tenant_number_unique UNIQUE (tenant_id, number),
      CONSTRAINT stock_adjustment_requests_decision_check CHECK (
        (status = 'PENDING') = (decided_at IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL)
      ),
      CONSTRAINT stock_adjustment_requests_rejection_check CHECK (
        (status = 'REJECTED') = (rejection_reason IS NOT NULL)
      ),
      FOREIGN KEY (tenant_id, warehouse_id) REFERENCES warehouses (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, integration_id) REFERENCES integrations (tenant_id, id)
    );
    CREATE UNIQUE INDEX stock_adjustment_requests_id ON stock_adjustment_requests (id);
    CREATE INDEX stock_adjustment_requests_tenant_created
      ON stock_adjustment_requests (tenant_id, created_at DESC, id DESC);
    CREATE INDEX stock_adjustment_requests_tenant_status_created
      ON stock_adjustment_requests (tenant_id, status, created_at DESC, id DESC);

    CREATE TABLE stock_adjustment_items (
      tenant_id uuid NOT NULL,
      request_id uuid NOT NULL,
      row_no integer NOT NULL CHECK (row_no BETWEEN 1 AND 500),
      product_id uuid NOT NULL,
      type text NOT NULL CHECK (type IN ('STOCK_IN', 'STOCK_OUT')),
      quantity numeric(14, 3) NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (tenant_id, request_id, row_no),
      FOREIGN KEY (tenant_id, request_id) REFERENCES stock_adjustment_requests (tenant_id, id),
      FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
    );
    CREATE INDEX stock_adjustment_items_tenant_product ON stock_adjustment_items (tenant_id, product_id);

    CREATE TABLE stock_ledger (
      tenant_id uuid NOT NULL,
      id uuid NOT NULL,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      warehouse_id uuid NOT NULL,
      product_id uuid NOT NULL,
      quantity numeric(14, 3) NOT NULL CHECK (quantity <> 0),
      balance_after numeric(14, 3) NOT NULL CHECK (balance_after >= 0),
      adjustment_request_id uuid NOT NULL,
      row_no integer NOT NULL CHECK (row_no BETWEEN 1 AND 500),
      approved_by text NOT NULL CHECK (length(approved_by) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT stock_ledger_one_entry_per_item UNIQUE (tenant_id, adjustment_request_id, row_no),
      FOREIGN KEY (tenant_id, warehouse_id) REFERENCES warehouses (tenant_id, id),
      FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id),
      FOREIGN KEY (tenant_id, adjustment_request_id, row_no)
        REFERENCES stock_adjustment_items (tenant_id, request_id, row_no)
    );
    CREATE INDEX stock_ledger_tenant_product_seq ON stock_ledger (tenant_id, product_id, seq DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE stock_ledger, stock_adjustment_items, stock_adjustment_requests`);
}
