import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { SignInKeys, SignInThrottle } from '../../../application/ports/staff-ports.js';
import { AUTH_FAILURE_TABLE, countFailure } from '../auth-failure-limiter.js';

/** Failed sign-ins allowed in a window: per email, and per source address. */
export const SIGN_IN_LIMITS = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

/**
 * Failed sign-ins in fixed 15-minute windows, one row per email and per address in the failed
 * authentications table, shared by every process: the check reads the rows (sign-in is rare, so
 * a read per attempt costs nothing that matters), a failure upserts them.
 */
export class PostgresSignInThrottle implements SignInThrottle {
  constructor(private readonly knex: Knex) {}

  /** The rows' keys: an email by its SHA-256 (any length fits the key column; no email is kept). */
  private rows(keys: SignInKeys) {
    const email = createHash('sha256').update(keys.email, 'utf8').digest('hex');
    return [
      { key: `signin:email:${email}`, limit: SIGN_IN_LIMITS.perEmail },
      { key: `signin:addr:${keys.address}`, limit: SIGN_IN_LIMITS.perAddress },
    ];
  }

  async blockedForMs(keys: SignInKeys, now: Date): Promise<number> {
    const rows = this.rows(keys);
    const found: { key: string; points: number; expire: string }[] = await this.knex(AUTH_FAILURE_TABLE)
      .whereIn(
        'key',
        rows.map((r) => r.key),
      )
      .where('expire', '>', now.getTime());
    let ms = 0;
    for (const row of found) {
      const limit = rows.find((r) => r.key === row.key)!.limit;
      if (row.points >= limit) ms = Math.max(ms, Number(row.expire) - now.getTime());
    }
    return ms;
  }

  async recordFailure(keys: SignInKeys, now: Date): Promise<void> {
    for (const { key } of this.rows(keys)) await countFailure(this.knex, key, SIGN_IN_LIMITS.windowMs, now.getTime());
  }
}
