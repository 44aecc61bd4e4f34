import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { AggregateRoot } from '../../domain/shared/events.js';

/** What a repository runs its SQL on: the pool, or the unit of work's transaction. */
export type Db = Knex | Knex.Transaction;

/**
 * The aggregates a unit of work's repositories added or saved: before commit, the events they
 * still hold go to the outbox (the Cosmic Python `seen` set). Most writes have already taken
 * their aggregate's events along in their own statement (`withEvents`).
 */
export type SeenAggregates = Set<AggregateRoot>;

/** The knex `userParams` key that says hot statements may be prepared on their connection. */
export const PREPARED_STATEMENTS = 'preparedStatements';

const statementNames = new Map<string, string>();

/**
 * Hot statements run as named prepared statements where the database allows it: parsed,
 * analysed and (after PostgreSQL's first few custom plans) planned once per connection instead
 * of on every call. Only for a statement whose text comes from a small fixed set: each distinct
 * text is kept on every pooled connection (so no IN lists of varying length). The name is a
 * hash of the text, so one name never stands for two texts.
 *
 * Off on the embedded database (its connections share one session, where a name one connection
 * prepared would clash on the next) and with `DATABASE_PREPARED_STATEMENTS=false` (a pooler in
 * transaction mode).
 */
function named<Q extends { options(options: Readonly<Record<string, unknown>>): Q }>(
  client: Knex.Client,
  query: Q,
  sql: () => string,
): Q {
  const params = (client.config as { userParams?: Record<string, unknown> } | undefined)?.userParams;
  if (params?.[PREPARED_STATEMENTS] !== true) return query;
  const text = sql();
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `ib_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return query.options({ name });
}

/** `db.raw(sql, bindings)`, prepared (see `named`). */
export function prepared<R = unknown>(db: Db, sql: string, bindings: readonly Knex.RawBinding[]): Knex.Raw<R> {
  return named(db.client, db.raw<R>(sql, bindings), () => sql);
}

/** A built query, prepared (see `named`): its compiled text names it. */
export function preparedQuery<Q extends Knex.QueryBuilder>(query: Q): Q {
  return named(query.client, query, () => query.toSQL().sql);
}

/** Rows to insert into one table, all with the same keys: its columns. */
export interface RowsOf {
  table: string;
  rows: readonly object[];
  /** The column that takes the number the statement draws (`insertNumbered` only). */
  numberColumn?: string;
}

/**
 * The data-modifying CTEs (`i0`, `i1`, …) that insert rows into several tables in the statement
 * of `insertNumbered`, where an INSERT each would cost a round trip each: a document's row and
 * its items', say. Each has its one binding, the table's rows as a JSON array
 * (`json_populate_recordset` of the table's own row type, so each value takes its column's
 * type), so the statement's text is the same however many rows: it is prepared. Tables without
 * rows have none. Every row is inserted only when the statement drew a number (the CTE
 * `drawn`), and a table's `numberColumn` takes it. Foreign keys between them are checked at the
 * statement's end, when all are in.
 */
export function insertCtes(inserts: readonly RowsOf[], drawn: string): { sql: string; binding: string }[] {
  return inserts
    .filter((i) => i.rows.length > 0)
    .map(({ table, rows, numberColumn }, n) => {
      const columns = Object.keys(rows[0]!);
      const values = columns.map((c) => (c === numberColumn ? `${drawn}.number` : `r."${c}"`));
      return {
        sql: `i${n} AS (INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
          SELECT ${values.join(', ')} FROM ${drawn}, json_populate_recordset(NULL::"${table}", ?::json) r)`,
        binding: JSON.stringify(rows),
      };
    });
}

/** A `json` value of a row: parsed already by one driver, handed over as its text by another. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
