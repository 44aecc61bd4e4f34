import type { Knex } from 'knex';
import type { IdempotencyStore, StoredIdempotencyKey } from '../../application/ports/gateway-ports.js';
import { IdempotencyKeyInUse } from '../../domain/access/gateway.js';
import type { IdempotencyScope } from '../shared/idempotency-scope.js';
import type { Db } from './db.js';

/** `idempotency_keys`: one row per (integration, key), kept 24 h. */
export class KnexIdempotencyStore implements IdempotencyStore {
  constructor(private readonly knex: Knex) {}

  async find(integrationId: string, key: string): Promise<StoredIdempotencyKey | null> {
    const row = (await this.knex('idempotency_keys')
      .where({ integration_id: integrationId, key })
      .first('fingerprint', 'status_code', 'body')) as
      { fingerprint: string; status_code: number | null; body: unknown } | undefined;
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      response: row.status_code === null ? null : { status: row.status_code, body: row.body },
    };
  }

  async complete(
    entry: { integrationId: string; key: string; fingerprint: string; createdAt: Date; expiresAt: Date },
    response: { status: number; body: unknown },
    claimedInTransaction: boolean,
  ): Promise<void> {
    const body = JSON.stringify(response.body);
    if (claimedInTransaction) {
      await this.knex('idempotency_keys')
        .where({ integration_id: entry.integrationId, key: entry.key })
        .update({ status_code: response.status, body });
      return;
    }
    await this.knex('idempotency_keys')
      .insert({
        integration_id: entry.integrationId,
        key: entry.key,
        fingerprint: entry.fingerprint,
        status_code: response.status,
        body,
        created_at: entry.createdAt,
        expires_at: entry.expiresAt,
      })
      .onConflict(['integration_id', 'key'])
      .ignore();
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.knex('idempotency_keys').where('expires_at', '<', now).delete();
  }
}

/**
 * Inside a business transaction: inserts the key row of the request's scope. A row already
 * there (committed by a concurrent request with this key, which this insert waited for) means
 * the key is taken: 409 IDEMPOTENCY_KEY_IN_USE, and this transaction rolls back.
 */
export async function claimIdempotencyKey(trx: Db, scope: IdempotencyScope): Promise<void> {
  const rows = (await trx('idempotency_keys')
    .insert({
      integration_id: scope.integrationId,
      key: scope.key,
      fingerprint: scope.fingerprint,
      created_at: scope.createdAt,
      expires_at: scope.expiresAt,
    })
    .onConflict(['integration_id', 'key'])
    .ignore()
    .returning('key')) as unknown[];
  if (rows.length === 0) throw new IdempotencyKeyInUse();
}
