import type { OutboxFeed, OutboxRecord } from '../../application/ports/webhook-ports.js';
import type { Db } from './db.js';

interface OutboxRow {
  tenant_id: string;
  id: string;
  event_name: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/** The read side of `outbox_events` for the fan-out: oldest undispatched first, served by its partial index. */
export class KnexOutboxFeed implements OutboxFeed {
  constructor(private readonly db: Db) {}

  async takeUndispatched(limit: number): Promise<OutboxRecord[]> {
    const rows = await this.db<OutboxRow>('outbox_events')
      .select('tenant_id', 'id', 'event_name', 'payload', 'occurred_at')
      .whereNull('dispatched_at')
      .orderBy('occurred_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      id: r.id,
      eventName: r.event_name,
      payload: r.payload,
      occurredAt: r.occurred_at,
    }));
  }

  async markDispatched(events: readonly Pick<OutboxRecord, 'tenantId' | 'id'>[], at: Date): Promise<void> {
    if (events.length === 0) return;
    await this.db.raw(
      `UPDATE outbox_events o SET dispatched_at = ?
       FROM jsonb_to_recordset(?::jsonb) AS v(tenant_id uuid, id uuid)
       WHERE o.tenant_id = v.tenant_id AND o.id = v.id`,
      [at, JSON.stringify(events.map((e) => ({ tenant_id: e.tenantId, id: e.id })))],
    );
  }
}
