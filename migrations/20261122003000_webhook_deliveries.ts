import type { Knex } from 'knex';

/**
 * Webhook deliveries: one row per (outbox event, subscribed integration), its
 * attempts, and what keeps at most 5 of a tenant's deliveries in flight across every worker.
 *
 * - `webhook_deliveries`: status PENDING | IN_FLIGHT | RETRYING | DELIVERED | DEAD | HELD.
 *   `payload` is the exact JSON text that is signed and sent (the same bytes on every retry).
 *   Unique per (tenant, event, integration), so running the fan-out twice creates nothing new.
 * - In flight = holding one of the tenant's five slots: `in_flight_slot` is 1..5 and unique per
 *   tenant, and a delivery is IN_FLIGHT exactly when it holds a slot and a lease. So the
 *   database itself makes a sixth concurrent delivery of a tenant impossible. A lease that
 *   expires (a worker died) is taken back by the sweep and the delivery is due again.
 * - `webhook_dispatch_lanes`: one row per tenant with webhook traffic. A worker claims a
 *   tenant's deliveries while holding its lane row (FOR UPDATE SKIP LOCKED), which serialises
 *   the slot arithmetic per tenant without ever making a worker wait.
 * - `integrations.webhook_paused_at`: set when a delivery is dead-lettered; new deliveries of
 *   a paused endpoint are HELD until a back-office resume.
 * - NOTIFY `webhooks` when an outbox event is written or a delivery becomes PENDING, so idle
 *   workers on a PostgreSQL server wake at once instead of polling (the embedded database does
 *   not pass notifications between connections; workers poll there).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE integrations ADD COLUMN webhook_paused_at timestamptz;

    CREATE TABLE webhook_dispatch_lanes (
      tenant_id uuid PRIMARY KEY REFERENCES tenants (id),
      last_claim_at timestamptz NOT NULL DEFAULT '-infinity'
    );

    CREATE TABLE webhook_deliveries (
      tenant_id uuid NOT NULL,
      id uuid NOT NULL,
      integration_id uuid NOT NULL,
      event_id uuid,
      event_name text NOT NULL CHECK (event_name ~ '^[a-z]+(\\.[a-z]+)+$'),
      payload text NOT NULL,
      status text NOT NULL CHECK (status IN ('PENDING', 'IN_FLIGHT', 'RETRYING', 'DELIVERED', 'DEAD', 'HELD')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz,
      in_flight_slot smallint CHECK (in_flight_slot BETWEEN 1 AND 5),
      lease_owner text,
      lease_token uuid,
      lease_expires_at timestamptz,
      last_status_code smallint,
      last_error text,
      occurred_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      delivered_at timestamptz,
      PRIMARY KEY (tenant_id, id),
      CONSTRAINT webhook_deliveries_id_unique UNIQUE (id),
      CONSTRAINT webhook_deliveries_event_integration_unique UNIQUE (tenant_id, event_id, integration_id),
      FOREIGN KEY (tenant_id, integration_id) REFERENCES integrations (tenant_id, id),
      CONSTRAINT webhook_deliveries_in_flight_has_lease CHECK (
        (status = 'IN_FLIGHT') = (in_flight_slot IS NOT NULL) AND
        (status = 'IN_FLIGHT') = (lease_token IS NOT NULL) AND
        (status = 'IN_FLIGHT') = (lease_owner IS NOT NULL) AND
        (status = 'IN_FLIGHT') = (lease_expires_at IS NOT NULL)
      ),
      CONSTRAINT webhook_deliveries_due_has_time CHECK ((status IN ('PENDING', 'RETRYING')) = (next_attempt_at IS NOT NULL)),
      CONSTRAINT webhook_deliveries_delivered_has_time CHECK ((status = 'DELIVERED') = (delivered_at IS NOT NULL))
    );
    -- At most 5 in flight per tenant: five slots, each held by at most one delivery.
    CREATE UNIQUE INDEX webhook_deliveries_in_flight_slot
      ON webhook_deliveries (tenant_id, in_flight_slot) WHERE in_flight_slot IS NOT NULL;
    CREATE INDEX webhook_deliveries_due
      ON webhook_deliveries (tenant_id, next_attempt_at, created_at, id) WHERE status IN ('PENDING', 'RETRYING');
    CREATE INDEX webhook_deliveries_leases
      ON webhook_deliveries (tenant_id, lease_expires_at) WHERE status = 'IN_FLIGHT';
    CREATE INDEX webhook_deliveries_by_integration
      ON webhook_deliveries (tenant_id, integration_id, created_at DESC, id DESC);
    -- Partial indexes get entries only for rows in those states, so the hot path (a delivery
    -- going PENDING → IN_FLIGHT → DELIVERED) does not pay for them.
    CREATE INDEX webhook_deliveries_held_or_dead
      ON webhook_deliveries (tenant_id, integration_id, status) WHERE status IN ('HELD', 'DEAD');

    CREATE TABLE webhook_delivery_attempts (
      tenant_id uuid NOT NULL,
      id uuid NOT NULL,
      delivery_id uuid NOT NULL,
      started_at timestamptz NOT NULL,
      duration_ms integer CHECK (duration_ms >= 0),
      status_code smallint,
      error text,
      PRIMARY KEY (tenant_id, id),
      FOREIGN KEY (tenant_id, delivery_id) REFERENCES webhook_deliveries (tenant_id, id) ON DELETE CASCADE
    );
    CREATE INDEX webhook_delivery_attempts_by_delivery
      ON webhook_delivery_attempts (tenant_id, delivery_id, started_at);

    CREATE FUNCTION webhooks_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('webhooks', TG_ARGV[0]);
      RETURN NULL;
    END $$;

    CREATE FUNCTION webhooks_notify_due() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed WHERE status = 'PENDING') THEN
        PERFORM pg_notify('webhooks', 'due');
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER outbox_events_notify_webhooks AFTER INSERT ON outbox_events
      FOR EACH STATEMENT EXECUTE FUNCTION webhooks_notify('outbox');
    CREATE TRIGGER webhook_deliveries_notify_inserted AFTER INSERT ON webhook_deliveries
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION webhooks_notify_due();
    CREATE TRIGGER webhook_deliveries_notify_updated AFTER UPDATE ON webhook_deliveries
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION webhooks_notify_due();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER outbox_events_notify_webhooks ON outbox_events;
    DROP TABLE webhook_delivery_attempts, webhook_deliveries, webhook_dispatch_lanes;
    DROP FUNCTION webhooks_notify(), webhooks_notify_due();
    ALTER TABLE integrations DROP COLUMN webhook_paused_at;
  `);
}
