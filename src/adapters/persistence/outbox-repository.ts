import type { Knex } from 'knex';
import type { Outbox } from '../../application/ports/outbox.js';
import type { AggregateRoot, DomainEvent } from '../../domain/shared/events.js';
import { randomUUID } from 'node:crypto';
import type { Db } from './db.js';

/** The `outbox_events` rows of `events`, each payload as an object. */
export function outboxRecords(events: readonly DomainEvent[]) {
  return events.map((e) => ({
    tenant_id: e.tenantId,
    id: randomUUID(),
    event_name: e.name,
    payload: { ...e.payload, timestamp: e.occurredAt.toISOString() },
    occurred_at: e.occurredAt,
  }));
}

/** The `outbox_events` rows of `events`, as knex inserts them (the payload as its JSON text). */
function outboxRows(events: readonly DomainEvent[]) {
  return outboxRecords(events).map((r) => ({ ...r, payload: JSON.stringify(r.payload) }));
}

/**
 * `write`, an unconditional insert or update of `aggregate`'s row, with the events the
 * aggregate has recorded so far inserted into the outbox by the same statement (a
 * data-modifying CTE): one round trip where there were two, inside the caller's transaction.
 * Events recorded after this write still reach the outbox when the unit of work ends.
 * Not for a conditional write, whose events must wait to know that it wrote.
 */
export function withEvents(
  db: Db,
  aggregate: AggregateRoot,
  write: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
): Knex.QueryBuilder {
  const events = aggregate.pullEvents();
  if (events.length === 0) return write(db.queryBuilder());
  return write(db.with('outbox_written', db('outbox_events').insert(outboxRows(events))));
}

/**
 * Writes events to `outbox_events` in the caller's transaction. The stored payload is the
 * webhook payload object of spec 2.10: the event's fields plus `timestamp` (ISO 8601 UTC, ms).
 */
export class KnexOutbox implements Outbox {
  constructor(private readonly db: Db) {}

  async add(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db('outbox_events').insert(outboxRows(events));
  }
}
