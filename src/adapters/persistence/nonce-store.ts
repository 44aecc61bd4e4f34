import type { Knex } from 'knex';
import type { NonceStore } from '../../application/ports/access-ports.js';

/**
 * Nonces in `request_nonces`: the primary key makes a second claim of the same nonce fail,
 * across processes.
 *
 * The claim commits without waiting for its WAL flush (`synchronous_commit = off`, for this one
 * statement): it saves a disk flush on every request. It stays safe because WAL is flushed in
 * order: a write request's own commit, which does wait, makes its earlier nonce durable with it.
 * Only a read request's nonce can be lost, in a database crash within a fraction of a second,
 * and replaying a read changes nothing.
 */
export class KnexNonceStore implements NonceStore {
  constructor(private readonly knex: Knex) {}

  async claim(integrationId: string, nonce: string, expiresAt: Date): Promise<boolean> {
    const insert = this.knex
      .raw(`INSERT INTO request_nonces (integration_id, nonce, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, [
        integrationId,
        nonce,
        expiresAt.toISOString(),
      ])
      .toQuery();
    // One simple-protocol message: its statements run as one implicit transaction, so SET LOCAL
    // applies to the insert only and an error leaves the connection clean.
    const results = await this.knex.raw<{ command: string; rowCount: number }[]>(
      `SET LOCAL synchronous_commit = off; ${insert}`,
    );
    return results[1]?.rowCount === 1;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.knex('request_nonces').where('expires_at', '<', now).delete();
  }
}
