import type { OutboxFeed, OutboxRecord } from '../../application/ports/webhook-ports.js';
import { prepared, type Db } from './db.js';

interface OutboxRow {
  tenant_id: string;
  id: string;
  event_name: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/** `outbox_events` for the fan-out: the oldest undispatched first, served by its partial index. */
export class KnexOutboxFeed implements OutboxFeed {
  constructor(private readonly db: Db) {}

  async takeUndispatched(limit: number, at: Date): Promise<OutboxRecord[]> {
    // One statement: lock the oldest undispatched rows (skipping those another fan-out holds)
    // and stamp them; the caller's transaction commits the stamp with the deliveries.
    const { rows } = await prepared<{ rows: OutboxRow[] }>(
      this.db,
      `UPDATE outbox_events o SET dispatched_at = ?
       FROM (
         SELECT tenant_id, id FROM outbox_events WHERE dispatched_at IS NULL
         ORDER BY occurred_at LIMIT ? FOR UPDATE SKIP LOCKED
       ) taken
       WHERE o.tenant_id = taken.tenant_id AND o.id = taken.id
       RETURNING o.tenant_id, o.id, o.event_name, o.payload, o.occurred_at`,
      [at, limit],
    );
    // RETURNING keeps no order: oldest first again.
    rows.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      id: r.id,
      eventName: r.event_name,
      payload: r.payload,
      occurredAt: r.occurred_at,
    }));
  }
}
