import type { Knex } from 'knex';
import type { SecretCipher } from '../../application/ports/access-ports.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type {
  ClaimedDelivery,
  DeliveryFilter,
  DeliveryListItem,
  WebhookDeliveryRepository,
} from '../../application/ports/webhook-ports.js';
import { DELIVERY_MOVES, type DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import type { DeliveryLease, WebhookDelivery } from '../../domain/webhooks/delivery.js';
import { PING_EVENT } from '../../domain/webhooks/payload.js';
import {
  toAttemptRow,
  toDelivery,
  toDeliveryRow,
  type DeliveryAttemptRow,
  type WebhookDeliveryRow,
} from './webhook-delivery.mapper.js';
import { listAcross, listByIntegration } from './webhook-delivery-lists.js';
import { addClaimed, claimDue, hasDue } from './webhook-delivery-claims.js';
import { ATTEMPTS_INSERT, canBeSent, json, LEASED, statusIn } from './webhook-delivery-sql.js';
import { prepared, type Db } from './db.js';

/**
 * `webhook_deliveries` with knex: fan-out inserts, the claim (webhook-delivery-claims.ts),
 * recording outcomes, bulk moves of an integration's queue, and the back office's lists.
 */
export class KnexWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
  ) {}

  async add(deliveries: readonly WebhookDelivery[]): Promise<number> {
    if (deliveries.length === 0) return 0;
    const rows = deliveries.map(toDeliveryRow);
    // The tenants' dispatch lanes (the claim locks them) are made in the same statement.
    const result = await prepared<{ rowCount: number }>(
      this.db,
      `WITH lanes AS (
         INSERT INTO webhook_dispatch_lanes (tenant_id) SELECT DISTINCT unnest(?::uuid[]) ON CONFLICT DO NOTHING
       )
       INSERT INTO webhook_deliveries (tenant_id, id, integration_id, event_id, event_name, payload, status, attempts,
         next_attempt_at, occurred_at, created_at, updated_at)
       SELECT tenant_id, id, integration_id, event_id, event_name, payload, status, attempts,
         next_attempt_at, occurred_at, created_at, updated_at
       FROM jsonb_to_recordset(?::jsonb) AS v(tenant_id uuid, id uuid, integration_id uuid, event_id uuid,
         event_name text, payload text, status text, attempts integer, next_attempt_at timestamptz,
         occurred_at timestamptz, created_at timestamptz, updated_at timestamptz)
       ON CONFLICT ON CONSTRAINT webhook_deliveries_event_integration_unique DO NOTHING`,
      [[...new Set(rows.map((r) => r.tenant_id))], json(rows)],
    );
    return result.rowCount;
  }

  claimDue(claim: { owner: string; limit: number; leaseMs: number; now: Date }): Promise<ClaimedDelivery[]> {
    return claimDue(this.db, this.cipher, claim);
  }

  hasDue(now: Date): Promise<boolean> {
    return hasDue(this.db, now);
  }

  addClaimed(
    delivery: WebhookDelivery,
    claim: { owner: string; leaseMs: number; now: Date },
  ): Promise<DeliveryLease | null> {
    return addClaimed(this.db, delivery, claim);
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

  listByIntegration(
    integrationId: string,
    query: PageRequest & { status?: DeliveryStatus },
  ): Promise<Page<DeliveryListItem>> {
    return listByIntegration(this.db, integrationId, query);
  }

  list(filter: DeliveryFilter, page: PageRequest): Promise<Page<DeliveryListItem>> {
    return listAcross(this.db, filter, page);
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
