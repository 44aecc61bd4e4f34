import type { Knex } from 'knex';
import type { SecretCipher } from '../../application/ports/access-ports.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type {
  ClaimedDelivery,
  DeliveryListItem,
  WebhookDeliveryRepository,
} from '../../application/ports/webhook-ports.js';
import {
  DELIVERY_MOVES,
  DELIVERY_STATUSES,
  LEASED_STATUSES,
  QUEUED_STATUSES,
  type DeliveryStatus,
} from '../../domain/webhooks/delivery.machine.js';
import type { DeliveryLease, WebhookDelivery } from '../../domain/webhooks/delivery.js';
import { PING_EVENT } from '../../domain/webhooks/payload.js';
import { MAX_IN_FLIGHT_PER_TENANT } from '../../domain/webhooks/retry-policy.js';
import {
  toAttempt,
  toAttemptRow,
  toDelivery,
  toDeliveryRow,
  toDeliveryState,
  type DeliveryAttemptRow,
  type WebhookDeliveryRow,
} from './webhook-delivery.mapper.js';
import { paginate } from './paginate.js';
import { prepared, type Db } from './db.js';

interface ClaimedRow extends WebhookDeliveryRow {
  target_url: string | null;
  target_secret_enc: string | null;
  target_active: boolean;
}

const json = (value: unknown) => JSON.stringify(value);

/** Inserts the attempt rows of a JSON array bound to it (`a`); a caller may JOIN it to filter. */
const ATTEMPTS_INSERT = `INSERT INTO webhook_delivery_attempts (tenant_id, id, delivery_id, started_at, duration_ms, status_code, error)
  SELECT a.tenant_id, a.id, a.delivery_id, a.started_at, a.duration_ms, a.status_code, a.error
  FROM jsonb_to_recordset(?::jsonb) AS a(tenant_id uuid, id uuid, delivery_id uuid, started_at timestamptz,
    duration_ms integer, status_code smallint, error text)`;

/**
 * `column IN ('A', 'B')` for statuses the domain derived from delivery.machine.ts. Written as
 * literals (they are the machine's own names, checked here) so the planner matches the
 * partial indexes (`webhook_deliveries_due`, `_leases`), which a bound parameter would defeat.
 */
function statusIn(column: string, statuses: readonly DeliveryStatus[]): string {
  if (statuses.length === 0 || statuses.some((s) => !DELIVERY_STATUSES.includes(s))) {
    throw new Error(`not delivery statuses: ${statuses.join(', ')}`);
  }
  return `${column} IN (${statuses.map((s) => `'${s}'`).join(', ')})`;
}

const LEASED = (column: string) => statusIn(column, LEASED_STATUSES);

/**
 * The one "can be sent" condition: delivery `d` is queued and due by the bound `now`, and its
 * integration `i` (joined on tenant and id) takes deliveries — active, with a webhook URL, its
 * endpoint not paused. Deliveries of the other integrations wait.
 */
function canBeSent(d: string, i: string): string {
  return `${statusIn(`${d}.status`, QUEUED_STATUSES)} AND ${d}.next_attempt_at <= ?
    AND ${i}.webhook_paused_at IS NULL AND ${i}.active AND ${i}.webhook_url IS NOT NULL`;
}

/**
 * `webhook_deliveries` with knex. Only deliveries of an active integration with a webhook URL
 * and an endpoint that is not paused are claimed (the others wait). The claim runs in two statements of the caller's
 * transaction: lock the lanes (one row per tenant) of tenants with due work and a free slot,
 * skipping lanes another worker holds; then, in a fresh snapshot that sees every claim
 * committed before those locks were taken, hand each due delivery a free slot number (1..5).
 * The unique (tenant_id, in_flight_slot) index makes a sixth in-flight delivery of a tenant
 * impossible whatever the code does.
 */
export class KnexWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
  ) {}

  async add(deliveries: readonly WebhookDelivery[]): Promise<number> {
    if (deliveries.length === 0) return 0;
    const rows = deliveries.map(toDeliveryRow);
    await this.db.raw(
      `INSERT INTO webhook_dispatch_lanes (tenant_id) SELECT DISTINCT unnest(?::uuid[]) ON CONFLICT DO NOTHING`,
      [[...new Set(rows.map((r) => r.tenant_id))]],
    );
    const result = await this.db.raw<{ rowCount: number }>(
      `INSERT INTO webhook_deliveries (tenant_id, id, integration_id, event_id, event_name, payload, status, attempts,
         next_attempt_at, occurred_at, created_at, updated_at)
       SELECT tenant_id, id, integration_id, event_id, event_name, payload, status, attempts,
         next_attempt_at, occurred_at, created_at, updated_at
       FROM jsonb_to_recordset(?::jsonb) AS v(tenant_id uuid, id uuid, integration_id uuid, event_id uuid,
         event_name text, payload text, status text, attempts integer, next_attempt_at timestamptz,
         occurred_at timestamptz, created_at timestamptz, updated_at timestamptz)
       ON CONFLICT ON CONSTRAINT webhook_deliveries_event_integration_unique DO NOTHING`,
      [json(rows)],
    );
    return result.rowCount;
  }

  async claimDue(claim: { owner: string; limit: number; leaseMs: number; now: Date }): Promise<ClaimedDelivery[]> {
    const { now } = claim;
    // Per lane, a LIMIT 1 probe of the due index (a LATERAL, so the planner cannot turn it
    // into a scan of every due delivery).
    const lanes = await prepared<{ rows: { tenant_id: string }[] }>(
      this.db,
      `SELECT l.tenant_id FROM webhook_dispatch_lanes l
       CROSS JOIN LATERAL (
         SELECT 1 FROM webhook_deliveries d
         JOIN integrations i ON i.tenant_id = d.tenant_id AND i.id = d.integration_id
         WHERE d.tenant_id = l.tenant_id AND ${canBeSent('d', 'i')}
         LIMIT 1
       ) due
       WHERE (SELECT count(*) FROM webhook_deliveries f WHERE f.tenant_id = l.tenant_id AND ${LEASED('f.status')}) < ?
       ORDER BY l.last_claim_at, l.tenant_id
       LIMIT ?
       FOR UPDATE OF l SKIP LOCKED`,
      [now, MAX_IN_FLIGHT_PER_TENANT, claim.limit],
    );
    if (lanes.rows.length === 0) return [];
    const claimed = await prepared<{ rows: ClaimedRow[] }>(
      this.db,
      `WITH lanes AS (SELECT unnest(?::uuid[]) AS tenant_id),
       free AS (
         SELECT lanes.tenant_id, s.slot, row_number() OVER (PARTITION BY lanes.tenant_id ORDER BY s.slot) AS rn
         FROM lanes CROSS JOIN generate_series(1, ?::int) AS s(slot)
         WHERE NOT EXISTS (
           SELECT 1 FROM webhook_deliveries f WHERE f.tenant_id = lanes.tenant_id AND f.in_flight_slot = s.slot)
       ),
       due AS (
         SELECT d.tenant_id, d.id, row_number() OVER (PARTITION BY d.tenant_id ORDER BY d.next_attempt_at, d.created_at, d.id) AS rn
         FROM lanes CROSS JOIN LATERAL (
           SELECT x.tenant_id, x.id, x.next_attempt_at, x.created_at
           FROM webhook_deliveries x
           JOIN integrations i ON i.tenant_id = x.tenant_id AND i.id = x.integration_id
           WHERE x.tenant_id = lanes.tenant_id AND ${canBeSent('x', 'i')}
           ORDER BY x.next_attempt_at, x.created_at, x.id
           LIMIT ?::int
         ) d
       ),
       picked AS (
         SELECT due.tenant_id, due.id, free.slot
         FROM due JOIN free ON free.tenant_id = due.tenant_id AND free.rn = due.rn
         ORDER BY due.rn, due.tenant_id
         LIMIT ?
       ),
       lanes_touched AS (
         UPDATE webhook_dispatch_lanes l SET last_claim_at = ? WHERE l.tenant_id IN (SELECT tenant_id FROM picked)
       )
       UPDATE webhook_deliveries d
       SET status = '${DELIVERY_MOVES.claim.to}', in_flight_slot = picked.slot, lease_owner = ?, lease_token = gen_random_uuid(),
           lease_expires_at = ?, next_attempt_at = NULL, updated_at = ?
       FROM picked, integrations i
       WHERE d.tenant_id = picked.tenant_id AND d.id = picked.id AND ${statusIn('d.status', DELIVERY_MOVES.claim.from)}
         AND i.tenant_id = d.tenant_id AND i.id = d.integration_id
       RETURNING d.*, i.webhook_url AS target_url, i.webhook_secret_enc AS target_secret_enc, i.active AS target_active`,
      [
        lanes.rows.map((r) => r.tenant_id),
        MAX_IN_FLIGHT_PER_TENANT,
        now,
        MAX_IN_FLIGHT_PER_TENANT,
        claim.limit,
        now,
        claim.owner,
        new Date(now.getTime() + claim.leaseMs),
        now,
      ],
    );
    // A claim holds up to five deliveries of each integration: its secret is decrypted once.
    const secrets = new Map<string, string>();
    const secretOf = (encrypted: string) => {
      let secret = secrets.get(encrypted);
      if (secret === undefined) secrets.set(encrypted, (secret = this.cipher.decrypt(encrypted)));
      return secret;
    };
    return claimed.rows.map((row) => ({
      delivery: toDelivery(row),
      target: {
        url: row.target_url,
        secret: row.target_secret_enc ? secretOf(row.target_secret_enc) : null,
        active: row.target_active,
      },
    }));
  }

  async addClaimed(
    delivery: WebhookDelivery,
    claim: { owner: string; leaseMs: number; now: Date },
  ): Promise<DeliveryLease | null> {
    if (!DELIVERY_MOVES.claim.from.includes(delivery.status)) {
      throw new Error(`A ${delivery.status} delivery cannot be claimed`);
    }
    const row = toDeliveryRow(delivery);
    await this.db.raw(`INSERT INTO webhook_dispatch_lanes (tenant_id) VALUES (?) ON CONFLICT DO NOTHING`, [
      row.tenant_id,
    ]);
    // Wait for the lane: a claimer holds it for a few milliseconds at most.
    await this.db.raw(`SELECT 1 FROM webhook_dispatch_lanes WHERE tenant_id = ? FOR UPDATE`, [row.tenant_id]);
    const free = await this.db.raw<{ rows: { slot: number }[] }>(
      `SELECT s.slot FROM generate_series(1, ?::int) AS s(slot)
       WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries f WHERE f.tenant_id = ? AND f.in_flight_slot = s.slot)
       ORDER BY s.slot LIMIT 1`,
      [MAX_IN_FLIGHT_PER_TENANT, row.tenant_id],
    );
    const slot = free.rows[0]?.slot;
    if (slot === undefined) return null;
    const expiresAt = new Date(claim.now.getTime() + claim.leaseMs);
    const inserted = await this.db.raw<{ rows: { lease_token: string }[] }>(
      `INSERT INTO webhook_deliveries (tenant_id, id, integration_id, event_id, event_name, payload, status, attempts,
         next_attempt_at, in_flight_slot, lease_owner, lease_token, lease_expires_at, occurred_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, '${DELIVERY_MOVES.claim.to}', 0, NULL, ?, ?, gen_random_uuid(), ?, ?, ?, ?)
       RETURNING lease_token`,
      [
        row.tenant_id,
        row.id,
        row.integration_id,
        row.event_id,
        row.event_name,
        row.payload,
        slot,
        claim.owner,
        expiresAt,
        row.occurred_at,
        row.created_at,
        claim.now,
      ],
    );
    return { slot, owner: claim.owner, token: inserted.rows[0]!.lease_token, expiresAt };
  }

  async saveReleased(released: readonly { delivery: WebhookDelivery; leaseToken: string }[]): Promise<Set<string>> {
    if (released.length === 0) return new Set();
    // Only what the UPDATE sets (not the payload, which it would parse for nothing).
    const rows = released.map(({ delivery, leaseToken }) => {
      const r = toDeliveryRow(delivery);
      return {
        tenant_id: r.tenant_id,
        id: r.id,
        expected_token: leaseToken,
        status: r.status,
        attempts: r.attempts,
        next_attempt_at: r.next_attempt_at,
        last_status_code: r.last_status_code,
        last_error: r.last_error,
        delivered_at: r.delivered_at,
        updated_at: r.updated_at,
      };
    });
    const attempts = released.flatMap(({ delivery }) =>
      delivery.newAttempts().map((a) => toAttemptRow(delivery.tenantId, delivery.id, a)),
    );
    // One statement: the deliveries still holding their claim, and the attempts of those only.
    const updated = await prepared<{ rows: { id: string }[] }>(
      this.db,
      `WITH saved AS (
         UPDATE webhook_deliveries d
         SET status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,
             in_flight_slot = NULL, lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
             last_status_code = v.last_status_code, last_error = v.last_error,
             delivered_at = v.delivered_at, updated_at = v.updated_at
         FROM jsonb_to_recordset(?::jsonb) AS v(tenant_id uuid, id uuid, expected_token uuid, status text,
           attempts integer, next_attempt_at timestamptz, last_status_code smallint, last_error text,
           delivered_at timestamptz, updated_at timestamptz)
         WHERE d.tenant_id = v.tenant_id AND d.id = v.id AND ${LEASED('d.status')} AND d.lease_token = v.expected_token
         RETURNING d.tenant_id, d.id
       ),
       attempts AS (
         ${ATTEMPTS_INSERT}
         JOIN saved ON saved.tenant_id = a.tenant_id AND saved.id = a.delivery_id
       )
       SELECT id FROM saved`,
      [json(rows), json(attempts)],
    );
    return new Set(updated.rows.map((r) => r.id));
  }

  async findExpiredLeases(now: Date, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.db<WebhookDeliveryRow>('webhook_deliveries')
      .whereRaw(LEASED('status'))
      .andWhere('lease_expires_at', '<', now)
      .orderBy('lease_expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    return rows.map(toDelivery);
  }

  async findPausedEndpoints(integrationIds: readonly string[]): Promise<Set<string>> {
    if (integrationIds.length === 0) return new Set();
    const rows = await this.db('integrations')
      .select<{ id: string; webhook_paused_at: Date | null }[]>('id', 'webhook_paused_at')
      .whereIn('id', [...integrationIds])
      .orderBy('id')
      .forShare();
    return new Set(rows.filter((r) => r.webhook_paused_at !== null).map((r) => r.id));
  }

  async holdQueued(integrationId: string, now: Date): Promise<number> {
    const move = DELIVERY_MOVES.holdQueued;
    return this.moveAll(integrationId, move.from, `status = '${move.to}', next_attempt_at = NULL`, [], now);
  }

  async holdQueuedOfPausedEndpoints(now: Date): Promise<number> {
    const move = DELIVERY_MOVES.holdQueued;
    const result = await this.db.raw<{ rowCount: number }>(
      `UPDATE webhook_deliveries d SET status = '${move.to}', next_attempt_at = NULL, updated_at = ?
       FROM integrations i
       WHERE i.webhook_paused_at IS NOT NULL AND d.tenant_id = i.tenant_id AND d.integration_id = i.id
         AND ${statusIn('d.status', move.from)}`,
      [now],
    );
    return result.rowCount;
  }

  async requeueHeld(integrationId: string, now: Date): Promise<number> {
    const move = DELIVERY_MOVES.requeueHeld;
    return this.moveAll(integrationId, move.from, `status = '${move.to}', next_attempt_at = ?`, [now], now);
  }

  async replayDeadLetters(integrationId: string, now: Date): Promise<number> {
    const move = DELIVERY_MOVES.replayDeadLetters;
    return this.moveAll(
      integrationId,
      move.from,
      `status = '${move.to}', attempts = 0, next_attempt_at = ?, delivered_at = NULL`,
      [now],
      now,
      PING_EVENT,
    );
  }

  async findByIdAcrossTenants(id: string, options: { forUpdate?: boolean } = {}): Promise<WebhookDelivery | null> {
    const q = this.db<WebhookDeliveryRow>('webhook_deliveries').where({ id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? toDelivery(row) : null;
  }

  async save(delivery: WebhookDelivery): Promise<void> {
    const {
      tenant_id,
      id,
      created_at: _c,
      occurred_at: _o,
      payload: _p,
      event_id: _e,
      ...changes
    } = toDeliveryRow(delivery);
    await this.db('webhook_deliveries').where({ tenant_id, id }).update(changes);
    await this.insertAttempts(delivery.newAttempts().map((a) => toAttemptRow(tenant_id, id, a)));
  }

  async listByIntegration(
    integrationId: string,
    query: PageRequest & { status?: DeliveryStatus },
  ): Promise<Page<DeliveryListItem>> {
    const base = this.db<WebhookDeliveryRow>('webhook_deliveries')
      .whereRaw('tenant_id = (SELECT tenant_id FROM integrations WHERE id = ?)', [integrationId])
      .andWhere({ integration_id: integrationId });
    if (query.status) base.andWhere({ status: query.status });
    const page = await paginate(
      base,
      query,
      (q) =>
        q.select('*').orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]),
      (row: WebhookDeliveryRow) => row,
    );
    const rows = page.items;
    const attempts = new Map<string, DeliveryAttemptRow[]>();
    if (rows.length > 0) {
      const attemptRows = await this.db<DeliveryAttemptRow>('webhook_delivery_attempts')
        .where({ tenant_id: rows[0]!.tenant_id })
        .whereIn(
          'delivery_id',
          rows.map((r) => r.id),
        )
        .orderBy([{ column: 'started_at' }, { column: 'id' }]);
      for (const a of attemptRows) attempts.set(a.delivery_id, [...(attempts.get(a.delivery_id) ?? []), a]);
    }
    return {
      ...page,
      items: rows.map((r) => ({ delivery: toDeliveryState(r), attempts: (attempts.get(r.id) ?? []).map(toAttempt) })),
    };
  }

  async hasWork(now: Date): Promise<boolean> {
    const result = await this.db.raw<{ rows: { work: boolean }[] }>(
      `SELECT EXISTS (SELECT 1 FROM outbox_events WHERE dispatched_at IS NULL)
           OR EXISTS (SELECT 1 FROM webhook_deliveries d
                      JOIN integrations i ON i.tenant_id = d.tenant_id AND i.id = d.integration_id
                      WHERE ${canBeSent('d', 'i')})
           OR EXISTS (SELECT 1 FROM webhook_deliveries WHERE ${LEASED('status')} AND lease_expires_at < ?) AS work`,
      [now, now],
    );
    return result.rows[0]?.work === true;
  }

  /**
   * One statement moving every delivery of an integration from the `from` statuses as `set`
   * says (a bulk transition of delivery.machine.ts), optionally sparing one event name.
   */
  private async moveAll(
    integrationId: string,
    from: readonly DeliveryStatus[],
    set: string,
    setBindings: readonly Knex.Value[],
    now: Date,
    exceptEvent: string | null = null,
  ): Promise<number> {
    const result = await this.db.raw<{ rowCount: number }>(
      `UPDATE webhook_deliveries SET ${set}, updated_at = ?
       WHERE tenant_id = (SELECT tenant_id FROM integrations WHERE id = ?) AND integration_id = ?
         AND ${statusIn('status', from)} AND event_name IS DISTINCT FROM ?`,
      [...setBindings, now, integrationId, integrationId, exceptEvent],
    );
    return result.rowCount;
  }

  private async insertAttempts(rows: DeliveryAttemptRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.raw(ATTEMPTS_INSERT, [json(rows)]);
  }
}
