import type { DocumentKind, DocumentNumbers } from '../../application/ports/document-numbers.js';

import { FiscalYearNotFound } from '../../domain/organization/errors.js';
import { UNNUMBERED } from '../../domain/shared/document-number.js';
import type { DomainEvent } from '../../domain/shared/events.js';
import { outboxRecords } from './outbox-repository.js';
import { insertCtes, prepared, type Db, type RowsOf } from './db.js';

/**
 * The counter of `kind` in a tenant's fiscal year as two CTEs, for a statement to draw its
 * number from: `<name>` has one row, `number` (e.g. `INV-2026-000042`: at least 6 digits), or
 * none when the fiscal year is not the tenant's. The upsert takes the counter row's lock and
 * keeps it until the transaction ends, so concurrent creators queue on it and every number is
 * used exactly once; a rollback gives the number back. This is the one place numbers are made.
 */
export function documentNumberCtes(
  name: string,
  tenantId: string,
  fiscalYearId: string,
  kind: DocumentKind,
): { sql: string; bindings: string[] } {
  return {
    sql: `${name}_year AS (SELECT id, code FROM fiscal_years WHERE tenant_id = ? AND id = ?),
       ${name} AS (
         INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value)
         SELECT ?, y.id, ?, 1 FROM ${name}_year y
         ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
         RETURNING kind || '-' || (SELECT code FROM ${name}_year) || '-'
                   || lpad(last_value::text, greatest(6, length(last_value::text)), '0') AS number
       )`,
    bindings: [tenantId, fiscalYearId, tenantId, kind],
  };
}

/**
 * Inserts a new document's `row` into `table` numbered by the statement that inserts it
 * (`documentNumberCtes` of `kind`), with the `events` it has recorded (an UNNUMBERED `code`
 * in their payloads becomes the drawn number) and its items' rows (`together`, as
 * `insertCtes` inserts them; a table's `numberColumn` takes the drawn number too). One
 * statement where a draw first took two or more, and the counter's lock is taken by this write
 * rather than before the use case's others, so concurrent creators queue on it for less of
 * their transaction. Returns the number; throws FiscalYearNotFound, having written nothing,
 * when the fiscal year is not the tenant's.
 */
export async function insertNumbered<Row extends { tenant_id: string; fiscal_year_id: string; number: string }>(
  db: Db,
  table: string,
  row: Row,
  kind: DocumentKind,
  events: readonly DomainEvent[],
  together: readonly RowsOf[] = [],
): Promise<string> {
  const counter = documentNumberCtes('drawn', row.tenant_id, row.fiscal_year_id, kind);
  const ctes = [counter.sql];
  const bindings = [...counter.bindings];
  for (const items of insertCtes([{ table, rows: [row], numberColumn: 'number' }, ...together], 'drawn')) {
    ctes.push(items.sql);
    bindings.push(items.binding);
  }
  if (events.length > 0) {
    ctes.push(`outbox_written AS (
       INSERT INTO outbox_events (tenant_id, id, event_name, payload, occurred_at)
       SELECT e.tenant_id, e.id, e.event_name,
              CASE WHEN e.payload->>'code' = ? THEN jsonb_set(e.payload, '{code}', to_jsonb(drawn.number))
                   ELSE e.payload END,
              e.occurred_at
       FROM drawn, json_populate_recordset(NULL::outbox_events, ?::json) e)`);
    bindings.push(UNNUMBERED, JSON.stringify(outboxRecords(events)));
  }
  const { rows } = await prepared<{ rows: { number: string }[] }>(
    db,
    `WITH ${ctes.join(', ')} SELECT number FROM drawn`,
    bindings,
  );
  if (!rows[0]) throw new FiscalYearNotFound();
  return rows[0].number;
}

/** Counter rows in `document_sequences` (`documentNumberCtes`). */
export class KnexDocumentNumbers implements DocumentNumbers {
  constructor(private readonly db: Db) {}

  /** One round trip: the fiscal year's code comes back with the counter. */
  async next(tenantId: string, fiscalYearId: string, kind: DocumentKind): Promise<string> {
    const counter = documentNumberCtes('drawn', tenantId, fiscalYearId, kind);
    const { rows } = await prepared<{ rows: { number: string }[] }>(
      this.db,
      `WITH ${counter.sql} SELECT number FROM drawn`,
      counter.bindings,
    );
    const row = rows[0];
    if (!row) throw new FiscalYearNotFound();
    return row.number;
  }
}
