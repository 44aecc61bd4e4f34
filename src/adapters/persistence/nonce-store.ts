import type { Knex } from 'knex';
import type { NonceStore } from '../../application/ports/access-ports.js';

interface Claim {
  integrationId: string;
  nonce: string;
  expiresAt: Date;
  resolve(claimed: boolean): void;
  reject(err: unknown): void;
}

const keyOf = (integrationId: string, nonce: string) => `${integrationId}\u0000${nonce}`;

/**
 * Nonces in `request_nonces`: the primary key makes a second claim of the same nonce fail,
 * across processes.
 *
 * Claims arriving in the same turn of the event loop are written together, one INSERT for
 * the batch (`RETURNING` says which were new): under load this saves a database round trip,
 * and its system calls, on most requests. Two claims of one nonce in a batch: the first is
 * tried, the second is refused at once.
 *
 * The insert commits without waiting for its WAL flush (`synchronous_commit = off`, for this
 * statement only). It stays safe because WAL is flushed in order: a write request's own commit,
 * which does wait, makes its earlier nonce durable with it. Only a read request's nonce can be
 * lost, in a database crash within a fraction of a second, and replaying a read changes nothing.
 */
export class KnexNonceStore implements NonceStore {
  private pending: Claim[] = [];

  constructor(private readonly knex: Knex) {}

  claim(integrationId: string, nonce: string, expiresAt: Date): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ integrationId, nonce, expiresAt, resolve, reject });
    });
  }

  async isUsed(integrationId: string, nonce: string): Promise<boolean> {
    const row = await this.knex('request_nonces')
      .where({ integration_id: integrationId, nonce })
      .first(this.knex.raw('1 AS used'));
    return row !== undefined;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.knex('request_nonces').where('expires_at', '<', now).delete();
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const first = new Map<string, Claim>();
    for (const c of batch) {
      const key = keyOf(c.integrationId, c.nonce);
      if (first.has(key)) c.resolve(false);
      else first.set(key, c);
    }
    const claims = [...first.values()];
    try {
      const inserted = await this.insert(claims);
      for (const c of claims) c.resolve(inserted.has(keyOf(c.integrationId, c.nonce)));
    } catch (err) {
      if (claims.length === 1) {
        claims[0]!.reject(err);
        return;
      }
      // One bad claim (say, an integration deleted a moment ago) must not fail the others.
      for (const c of claims) {
        this.insert([c]).then((inserted) => c.resolve(inserted.size === 1), c.reject);
      }
    }
  }

  /** One simple-protocol message: its statements run as one implicit transaction, so SET LOCAL applies to the insert only. */
  private async insert(claims: Claim[]): Promise<Set<string>> {
    const values = claims
      .map((c) => this.knex.raw('(?, ?, ?)', [c.integrationId, c.nonce, c.expiresAt.toISOString()]).toQuery())
      .join(', ');
    const results = await this.knex.raw<{ rows: { integration_id: string; nonce: string }[] }[]>(
      `SET LOCAL synchronous_commit = off;
       INSERT INTO request_nonces (integration_id, nonce, expires_at) VALUES ${values}
       ON CONFLICT DO NOTHING RETURNING integration_id, nonce`,
    );
    return new Set((results[1]?.rows ?? []).map((r) => keyOf(r.integration_id, r.nonce)));
  }
}
