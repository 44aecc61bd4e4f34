import type { Outbox } from '../../application/ports/outbox.js';
import type { DomainEvent } from '../../domain/shared/events.js';
import { randomUUID } from 'node:crypto';
import type { Db } from './db.js';

/**
 * Writes events to `outbox_events` in the caller's transaction. The stored payload is the
 * webhook payload object of spec 2.10: the event's fields plus `timestamp` (ISO 8601 UTC, ms).
 */
export class KnexOutbox implements Outbox {
  constructor(private readonly db: Db) {}

  async add(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db('outbox_events').insert(
      events.map((e) => ({
        tenant_id: e.tenantId,
        id: randomUUID(),
        event_name: e.name,
        payload: JSON.stringify({ ...e.payload, timestamp: e.occurredAt.toISOString() }),
        occurred_at: e.occurredAt,
      })),
    );
  }
}
