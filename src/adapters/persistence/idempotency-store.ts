import type { Knex } from 'knex';
import type {
  HeldWrite,
  IdempotencyKeyEntry,
  IdempotencyStore,
  IdempotentAnswer,
  StoredIdempotencyKey,
} from '../../application/ports/gateway-ports.js';
import { IdempotencyKeyInUse } from '../../domain/access/gateway.js';
import { prepared } from './db.js';
import { ConnectionTransaction } from './connection-transaction.js';

/** `idempotency_keys`: one row per (integration, key), kept 24 h; the answer's body as its JSON text. */
export class KnexIdempotencyStore implements IdempotencyStore {
  constructor(private readonly knex: Knex) {}

  async find(integrationId: string, key: string): Promise<StoredIdempotencyKey | null> {
    const row = (await this.knex('idempotency_keys')
      .where({ integration_id: integrationId, key })
      .first('fingerprint', 'status_code', 'body')) as
      { fingerprint: string; status_code: number | null; body: string | null } | undefined;
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      response: row.status_code === null || row.body === null ? null : { status: row.status_code, body: row.body },
    };
  }

  async complete(entry: IdempotencyKeyEntry, answer: IdempotentAnswer): Promise<boolean> {
    const inserted = (await this.knex('idempotency_keys')
      .insert(keyRow(entry, answer))
      .onConflict(['integration_id', 'key'])
      .ignore()
      .returning('key')) as unknown[];
    return inserted.length > 0;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.knex('idempotency_keys').where('expires_at', '<', now).delete();
  }
}

/**
 * A keyed request's transaction, held open after its work (see `HeldWrite`): the unit of work
 * runs the request's later work in it, and `commit` adds the answer to the key's row and
 * commits, so the write, its key and its answer are kept together or not at all.
 */
export class HeldKeyTransaction implements HeldWrite {
  constructor(
    readonly trx: ConnectionTransaction,
    private readonly entry: IdempotencyKeyEntry,
    /** What follows the commit before the answer leaves (the write's position, with replicas). */
    private readonly afterCommit: () => Promise<void> | undefined = () => undefined,
  ) {}

  async commit(answer: IdempotentAnswer): Promise<void> {
    try {
      await prepared(
        this.trx.db,
        'UPDATE idempotency_keys SET status_code = ?, body = ? WHERE integration_id = ? AND key = ?',
        [answer.status, answer.body, this.entry.integrationId, this.entry.key],
      );
    } catch (err) {
      await this.rollBack();
      throw err;
    }
    await this.trx.commit();
    await this.afterCommit();
  }

  async rollBack(): Promise<void> {
    if (!this.trx.isCompleted()) await this.trx.rollback();
  }
}

function keyRow(entry: IdempotencyKeyEntry, answer: IdempotentAnswer | undefined) {
  return {
    integration_id: entry.integrationId,
    key: entry.key,
    fingerprint: entry.fingerprint,
    status_code: answer?.status ?? null,
    body: answer?.body ?? null,
    created_at: entry.createdAt,
    expires_at: entry.expiresAt,
  };
}

/**
 * Begins a keyed request's first transaction with the insert of the key's row (without the
 * answer, which `HeldKeyTransaction.commit` adds before the commit), in the BEGIN's own message.
 * A row already there, committed by an earlier request with this key or by a concurrent one
 * this insert waited for, means the key is taken: the transaction rolls back before doing
 * anything and IdempotencyKeyInUse is thrown; the HTTP layer then answers from the row.
 */
export async function beginKeyed(knex: Knex, entry: IdempotencyKeyEntry): Promise<ConnectionTransaction> {
  const claim = knex('idempotency_keys')
    .insert(keyRow(entry, undefined))
    .onConflict(['integration_id', 'key'])
    .ignore()
    .returning('key');
  const { trx, rows } = await ConnectionTransaction.beginWith(knex, claim);
  if (rows.length === 0) {
    await trx.rollback();
    throw new IdempotencyKeyInUse();
  }
  return trx;
}

/** A key row already there fails the statement that inserts it without ON CONFLICT. */
export const KEY_TAKEN = { idempotency_keys_pkey: () => new IdempotencyKeyInUse() };

/**
 * A keyed request's key, for the one statement of `UnitOfWork.runStatement` to insert with its
 * write: no statement of its own to claim the key first.
 */
export class StatementKey {
  private taken = false;

  constructor(private readonly entry: IdempotencyKeyEntry) {}

  /** Whether a statement has inserted the key. */
  get used(): boolean {
    return this.taken;
  }

  /**
   * The key's row (without the answer) as a data-modifying CTE, inserted once per row of the
   * CTE `gate`, whose row means the write happens. No ON CONFLICT: a key already taken fails
   * the whole statement with a unique violation (`KEY_TAKEN`), so nothing is written; a key
   * held by a running request makes the insert wait for its end first. Once per request.
   */
  cte(gate: string): { sql: string; bindings: (string | Date)[] } {
    if (this.taken) throw new Error('the Idempotency-Key is already in a statement');
    this.taken = true;
    const row = keyRow(this.entry, undefined);
    return {
      sql: `idempotency_key AS (
         INSERT INTO idempotency_keys (integration_id, key, fingerprint, created_at, expires_at)
         SELECT ?::uuid, ?, ?, ?::timestamptz, ?::timestamptz FROM ${gate})`,
      bindings: [row.integration_id, row.key, row.fingerprint, row.created_at, row.expires_at],
    };
  }
}
