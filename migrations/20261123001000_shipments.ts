import type { Knex } from 'knex';

/**
 * Shipments and their tracking history. Numbers are unique per tenant
 * (`SHP-` + fiscal year code + sequence; the gapless counter is `document_sequences`). The
 * status column is the whole persisted lifecycle (the machine in the domain decides the
 * steps); CHECKs keep what no step may produce: a weight of 0, a negative cash-on-delivery
 * amount, a cancellation without its reason. The history is append-only, numbered from 1,
 * and its first line is BOOKED. A carrier's event id appears at most once per shipment, so a
 * repeated report cannot be recorded twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE shipments (
      tenant_id uuid NOT NULL REFERENCES tenants (id),
      id uuid NOT NULL,
      number text NOT NULL CHECK (number ~ '^SHP-[A-Za-z0-9_-]+-[0-9]{6,}$'),
      fiscal_year_id uuid NOT NULL,
      branch_id uuid NOT NULL,
      invoice_id uuid,
      reference text CHECK (length(reference) BETWEEN 1 AND 100),
      weight_kg numeric(9, 3) NOT NULL CHECK (weight_kg > 0),
      cod_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (cod_amount >= 0),
      recipient_name text NOT NULL CHECK (length(recipient_name) BETWEEN 1 AND 200),
      recipient_phone text NOT NULL CHECK (length(recipient_phone) BETWEEN 3 AND 32),
      address_line1 text NOT NULL CHECK (length(address_line1) BETWEEN 1 AND 200),
      address_line2 text CHECK (length(address_line2) BETWEEN 1 AND 200),
      city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
      postal_code text CHECK (length(postal_code) BETWEEN 1 AND 20),
      country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
      carrier text NOT NULL CHECK (length(carrier) BETWEEN 1 AND 50),
      tracking_number text NOT NULL CHECK (length(tracking_number) BETWEEN 1 AND 100),
      status text NOT NULL CHECK (status IN ('BOOKED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'CANCELLED')),
      cancel_reason text CHECK (length(cancel_reason) BETWEEN 1 AND 500),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT shipments_tenant_number_unique UNIQUE (tenant_id, number),
      CONSTRAINT shipments_carrier_tracking_unique UNIQUE (carrier, tracking_number),
      FOREIGN KEY (tenant_id, fiscal_year_id) REFERENCES fiscal_years (tenant_id, id),
      FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
      CONSTRAINT shipments_invoice_fk FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
      CONSTRAINT shipments_cancelled_check CHECK ((status = 'CANCELLED') = (cancel_reason IS NOT NULL))
    );
    CREATE INDEX shipments_tenant_created ON shipments (tenant_id, created_at DESC, id);
    CREATE INDEX shipments_tenant_invoice ON shipments (tenant_id, invoice_id) WHERE invoice_id IS NOT NULL;
    -- The back office (the built-in carrier's events) names a shipment by its id alone.
    CREATE UNIQUE INDEX shipments_id ON shipments (id);

    CREATE TABLE shipment_tracking (
      tenant_id uuid NOT NULL,
      shipment_id uuid NOT NULL,
      seq integer NOT NULL CHECK (seq > 0),
      status text NOT NULL CHECK (status IN ('BOOKED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'CANCELLED')),
      at timestamptz NOT NULL,
      location text CHECK (length(location) BETWEEN 1 AND 200),
      note text CHECK (length(note) BETWEEN 1 AND 500),
      carrier_event_id text CHECK (length(carrier_event_id) BETWEEN 1 AND 100),
      PRIMARY KEY (tenant_id, shipment_id, seq),
      FOREIGN KEY (tenant_id, shipment_id) REFERENCES shipments (tenant_id, id),
      CONSTRAINT shipment_tracking_carrier_event_unique UNIQUE (tenant_id, shipment_id, carrier_event_id),
      CONSTRAINT shipment_tracking_starts_booked CHECK ((seq = 1) = (status = 'BOOKED'))
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE shipment_tracking, shipments`);
}
