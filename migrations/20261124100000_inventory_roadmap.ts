import type { Knex } from 'knex';

/**
 * The inventory roadmap: transfers, reservations, purchase orders and goods receipt.
 *
 * products: `unit`, `tax_rate` (a percentage 0..100, 2 decimals) and `barcode`; the slug
 * becomes unique per tenant (slugs that already collide get a `-<n>` suffix first).
 *
 * stock_levels: `quantity` stays the on-hand quantity; `reserved` is what ACTIVE reservations
 * hold of it. CHECKs make a negative reservation or one above the on-hand quantity impossible,
 * so `available` (quantity − reserved) is never below 0.
 *
 * reservations / reservation_items: an ACTIVE reservation holds its items' quantities in the
 * warehouse's `reserved` until it is COMMITTED (the goods leave stock), RELEASED or EXPIRED.
 * `expires_at` is exact: the partial index finds the ACTIVE ones past it, which every
 * operation that takes available stock frees first, and a periodic job sweeps the rest.
 *
 * stock_transfers, purchase_orders, goods_receipts and their items: the new documents, numbered
 * per tenant and fiscal year like every other (`document_sequences`).
 *
 * stock_ledger: every entry now has a `type` and its source document's id and number; the
 * adjustment columns stay for adjustments only (a CHECK ties them to the ADJUSTMENT_* types),
 * and the sign of the quantity must match the type.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE products
      ADD COLUMN unit text NOT NULL DEFAULT 'pcs' CHECK (length(unit) BETWEEN 1 AND 16),
      ADD COLUMN tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100),
      ADD COLUMN barcode text CHECK (length(barcode) BETWEEN 1 AND 64);
    UPDATE products p SET slug = d.slug || '-' || d.n
      FROM (SELECT tenant_id, id, slug, row_number() OVER (PARTITION BY tenant_id, slug ORDER BY created_at, id) AS n
            FROM products) d
      WHERE d.tenant_id = p.tenant_id AND d.id = p.id AND d.n > 1;
    ALTER TABLE products ADD CONSTRAINT products_tenant_slug_unique UNIQUE (tenant_id, slug);

    ALTER TABLE stock_levels
      ADD COLUMN reserved numeric(14, 3) NOT NULL DEFAULT 0 CHECK (reserved >= 0),
      ADD CONSTRAINT stock_levels_reserved_within_on_hand CHECK (reserved <= quantity);

    CREATE TABLE reservations (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^RSV-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      warehouse_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      integration_id uuid NOT NULL,
      reference text CHECK (length(reference) BETWEEN 1 AND 100),
      status text NOT NULL CHECK (status IN ('ACTIVE', 'COMMITTED', 'RELEASED', 'EXPIRED')),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (expires_at > created_at),
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT reservations_tenant_number_unique UNIQUE (tenant_id, number),
      FOREIGN KEY (tenant_id, warehouse_id) REFERENCES warehouses (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, integration_id) REFERENCES integrations (tenant_id, id)
    );
    CREATE INDEX reservations_active_expiry ON reservations (tenant_id, warehouse_id, expires_at) WHERE status = 'ACTIVE';
    CREATE INDEX reservations_due ON reservations (expires_at) WHERE status = 'ACTIVE';

    CREATE TABLE reservation_items (
      tenant_id uuid NOT NULL,
      reservation_id uuid NOT NULL,
      row_no integer NOT NULL CHECK (row_no BETWEEN 1 AND 500),
      product_id uuid NOT NULL,
      quantity numeric(14, 3) NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (tenant_id, reservation_id, row_no),
      CONSTRAINT reservation_items_one_row_per_product UNIQUE (tenant_id, reservation_id, product_id),
      FOREIGN KEY (tenant_id, reservation_id) REFERENCES reservations (tenant_id, id),
      FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
    );

    CREATE TABLE stock_transfers (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^TRF-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      from_warehouse_id uuid NOT NULL,
      to_warehouse_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      integration_id uuid NOT NULL,
      reference text CHECK (length(reference) BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT stock_transfers_tenant_number_unique UNIQUE (tenant_id, number),
      CONSTRAINT stock_transfers_two_warehouses CHECK (from_warehouse_id <> to_warehouse_id),
      FOREIGN KEY (tenant_id, from_warehouse_id) REFERENCES warehouses (tenant_id, id),
      FOREIGN KEY (tenant_id, to_warehouse_id) REFERENCES warehouses (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, integration_id) REFERENCES integrations (tenant_id, id)
    );
    CREATE TABLE stock_transfer_items (
      tenant_id uuid NOT NULL,
      transfer_id uuid NOT NULL,
      row_no integer NOT NULL CHECK (row_no BETWEEN 1 AND 500),
      product_id uuid NOT NULL,
      quantity numeric(14, 3) NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (tenant_id, transfer_id, row_no),
      CONSTRAINT stock_transfer_items_one_row_per_product UNIQUE (tenant_id, transfer_id, product_id),
      FOREIGN KEY (tenant_id, transfer_id) REFERENCES stock_transfers (tenant_id, id),
      FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
    );

    CREATE TABLE purchase_orders (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^PO-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      supplier_name text NOT NULL CHECK (length(supplier_name) BETWEEN 1 AND 200),
      warehouse_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      integration_id uuid,
      expected_on date,
      status text NOT NULL CHECK (status IN ('OPEN', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED')),
      cancel_reason text CHECK (length(cancel_reason) BETWEEN 1 AND 500),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT purchase_orders_tenant_number_unique UNIQUE (tenant_id, number),
      CONSTRAINT purchase_orders_cancel_reason CHECK ((status = 'CANCELLED') OR (cancel_reason IS NULL)),
      FOREIGN KEY (tenant_id, warehouse_id) REFERENCES warehouses (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, integration_id) REFERENCES integrations (tenant_id, id)
    );
    -- The back office cancels an order by its id alone.
    CREATE UNIQUE INDEX purchase_orders_id ON purchase_orders (id);
    CREATE INDEX purchase_orders_tenant_created ON purchase_orders (tenant_id, created_at DESC, id DESC);
    CREATE INDEX purchase_orders_tenant_status_created ON purchase_orders (tenant_id, status, created_at DESC, id DESC);

    CREATE TABLE purchase_order_items (
      tenant_id uuid NOT NULL,
      purchase_order_id uuid NOT NULL,
      row_no integer NOT NULL CHECK (row_no BETWEEN 1 AND 500),
      product_id uuid NOT NULL,
      ordered_quantity numeric(14, 3) NOT NULL CHECK (ordered_quantity > 0),
      received_quantity numeric(14, 3) NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
      unit_cost numeric(14, 2) NOT NULL CHECK (unit_cost >= 0),
      PRIMARY KEY (tenant_id, purchase_order_id, row_no),
      CONSTRAINT purchase_order_items_one_row_per_product UNIQUE (tenant_id, purchase_order_id, product_id),
      CONSTRAINT purchase_order_items_not_over_received CHECK (received_quantity <= ordered_quantity),
      FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
      FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
    );

    CREATE TABLE goods_receipts (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^GRN-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      purchase_order_id uuid,
      warehouse_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      fiscal_year_id uuid NOT NULL,
      integration_id uuid NOT NULL,
      supplier_reference text CHECK (length(supplier_reference) BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT goods_receipts_tenant_number_unique UNIQUE (tenant_id, number),
      FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
      FOREIGN KEY (tenant_id, warehouse_id) REFERENCES warehouses (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, integration_id) REFERENCES integrations (tenant_id, id)
    );
    CREATE TABLE goods_receipt_items (
      tenant_id uuid NOT NULL,
      receipt_id uuid NOT NULL,
      row_no integer NOT NULL CHECK (row_no BETWEEN 1 AND 500),
      product_id uuid NOT NULL,
      quantity numeric(14, 3) NOT NULL CHECK (quantity > 0),
      unit_cost numeric(14, 2) CHECK (unit_cost >= 0),
      PRIMARY KEY (tenant_id, receipt_id, row_no),
      FOREIGN KEY (tenant_id, receipt_id) REFERENCES goods_receipts (tenant_id, id),
      FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id)
    );

    ALTER TABLE stock_ledger
      ADD COLUMN type text,
      ADD COLUMN source_id uuid,
      ADD COLUMN source_number text,
      ALTER COLUMN adjustment_request_id DROP NOT NULL,
      ALTER COLUMN approved_by DROP NOT NULL;
    UPDATE stock_ledger l
      SET type = CASE WHEN l.quantity > 0 THEN 'ADJUSTMENT_IN' ELSE 'ADJUSTMENT_OUT' END,
          source_id = l.adjustment_request_id,
          source_number = r.number
      FROM stock_adjustment_requests r
      WHERE r.tenant_id = l.tenant_id AND r.id = l.adjustment_request_id;
    ALTER TABLE stock_ledger
      ALTER COLUMN type SET NOT NULL,
      ALTER COLUMN source_id SET NOT NULL,
      ALTER COLUMN source_number SET NOT NULL,
      ADD CONSTRAINT stock_ledger_type_check CHECK (type IN (
        'ADJUSTMENT_IN', 'ADJUSTMENT_OUT', 'TRANSFER_IN', 'TRANSFER_OUT', 'GOODS_RECEIPT', 'RESERVATION_COMMIT')),
      ADD CONSTRAINT stock_ledger_sign_check CHECK (
        (type IN ('ADJUSTMENT_IN', 'TRANSFER_IN', 'GOODS_RECEIPT')) = (quantity > 0)),
      ADD CONSTRAINT stock_ledger_adjustment_check CHECK (
        (type IN ('ADJUSTMENT_IN', 'ADJUSTMENT_OUT'))
          = (adjustment_request_id IS NOT NULL AND approved_by IS NOT NULL)),
      ADD CONSTRAINT stock_ledger_source_number_check CHECK (length(source_number) BETWEEN 1 AND 40),
      ADD CONSTRAINT stock_ledger_one_entry_per_source_row UNIQUE (tenant_id, source_id, row_no, type);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DELETE FROM stock_ledger WHERE adjustment_request_id IS NULL;
    ALTER TABLE stock_ledger
      DROP CONSTRAINT stock_ledger_one_entry_per_source_row,
      DROP CONSTRAINT stock_ledger_source_number_check,
      DROP CONSTRAINT stock_ledger_adjustment_check,
      DROP CONSTRAINT stock_ledger_sign_check,
      DROP CONSTRAINT stock_ledger_type_check,
      DROP COLUMN source_number,
      DROP COLUMN source_id,
      DROP COLUMN type,
      ALTER COLUMN adjustment_request_id SET NOT NULL,
      ALTER COLUMN approved_by SET NOT NULL;
    DROP TABLE goods_receipt_items, goods_receipts, purchase_order_items, purchase_orders,
      stock_transfer_items, stock_transfers, reservation_items, reservations;
    ALTER TABLE stock_levels DROP CONSTRAINT stock_levels_reserved_within_on_hand, DROP COLUMN reserved;
    ALTER TABLE products DROP CONSTRAINT products_tenant_slug_unique,
      DROP COLUMN barcode, DROP COLUMN tax_rate, DROP COLUMN unit;
  `);
}
