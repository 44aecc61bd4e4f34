import type { Knex } from 'knex';
import type {
  IdempotencyKeyEntry,
  IdempotencyStore,
  IdempotentAnswer,
  StoredIdempotencyKey,
} from '../../application/ports/gateway-ports.js';
import type { JsonValue } from '../../application/access/authenticate-request.js';
import { IdempotencyKeyInUse } from '../../domain/access/gateway.js';
import type { Db } from './db.js';

/** `idempotency_keys`: one row per (integration, key), kept 24 h. */
export class KnexIdempotencyStore implements IdempotencyStore {
  constructor(private readonly knex: Knex) {}

  async find(integrationId: string, key: string): Promise<StoredIdempotencyKey | null> {
    const row = (await this.knex('idempotency_keys')
      .where({ integration_id: integrationId, key })
      .first('fingerprint', 'status_code', 'body')) as
      { fingerprint: string; status_code: number | null; body: JsonValue } | undefined;
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      response: row.status_code === null ? null : { status: row.status_code, body: row.body },
    };
  }

  async complete(entry: IdempotencyKeyEntry, answer: IdempotentAnswer, claimed: boolean): Promise<boolean> {
    if (claimed) {
      await this.knex('idempotency_keys')
        .where({ integration_id: entry.integrationId, key: entry.key })
        .update({ status_code: answer.status, body: JSON.stringify(answer.body) });
      return true;
    }
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

function keyRow(entry: IdempotencyKeyEntry, answer: IdempotentAnswer | undefined) {
  return {
    integration_id: entry.integrationId,
    key: entry.key,
    fingerprint: entry.fingerprint,
    status_code: answer?.status ?? null,
    body: answer === undefined ? null : JSON.stringify(answer.body),
    created_at: entry.createdAt,
    expires_at: entry.expiresAt,
  };
}

/**
 * Inside a keyed request's first transaction, before its work: inserts the key's row (without
 * the answer, which `complete` adds after the commit). A row already there, committed by an
 * earlier request with this key or by a concurrent one this insert waited for, means the key is
 * taken: IdempotencyKeyInUse, and the transaction rolls back before doing anything; the HTTP
 * layer then answers from the row.
 */
export async function claimIdempotencyKey(trx: Db, scope: IdempotencyKeyEntry): Promise<void> {
  const rows = (await trx('idempotency_keys')
    .insert(keyRow(scope, undefined))
    .onConflict(['integration_id', 'key'])
    .ignore()
    .returning('key')) as unknown[];
  if (rows.length === 0) throw new IdempotencyKeyInUse();
}
