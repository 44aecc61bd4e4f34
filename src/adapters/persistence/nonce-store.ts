import type { Knex } from 'knex';
import type { NonceStore } from '../../application/ports/access-ports.js';

/** Nonces in `request_nonces`: the primary key makes a second claim of the same nonce fail, across processes. */
export class KnexNonceStore implements NonceStore {
  constructor(private readonly knex: Knex) {}

  async claim(integrationId: string, nonce: string, expiresAt: Date): Promise<boolean> {
    const { rowCount } = await this.knex.raw<{ rowCount: number }>(
      `INSERT INTO request_nonces (integration_id, nonce, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
      [integrationId, nonce, expiresAt],
    );
    return rowCount === 1;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.knex('request_nonces').where('expires_at', '<', now).delete();
  }
}
