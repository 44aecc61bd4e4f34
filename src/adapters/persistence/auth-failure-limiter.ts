import type { Knex } from 'knex';
import type { AuthFailureLimiter } from '../../application/ports/access-ports.js';

/** Failed authentications per source address: one row per address and fixed minute window. */
export const AUTH_FAILURE_TABLE = 'auth_failure_limits';

const WINDOW_MS = 60_000;

/**
 * Failed authentications per source address, in a fixed one-minute window per
 * address shared by every process: one upsert per failure (rate-limiter-flexible's
 * RateLimiterPostgres layout and statement, written here without its named prepared statements,
 * which the embedded database's single shared session cannot hold for several clients).
 * Only a failure touches the database. An address found over the limit is remembered in this
 * process until its window ends, so the check before authentication reads memory only: a
 * blocked guesser costs no secret lookup and no database work. Another process learns of the
 * block with the first failure it sees from that address (answered 429 too).
 */
export class PostgresAuthFailureLimiter implements AuthFailureLimiter {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly knex: Knex,
    private readonly limitPerMinute: number,
    private readonly maxRemembered = 100_000,
  ) {}

  blockedForMs(address: string): number {
    const until = this.blockedUntil.get(address);
    if (until === undefined) return 0;
    const ms = until - Date.now();
    if (ms > 0) return ms;
    this.blockedUntil.delete(address);
    return 0;
  }

  async recordFailure(address: string): Promise<number> {
    const now = Date.now();
    const row = await countFailure(this.knex, `authfail:${address}`, WINDOW_MS, now);
    if (row.points <= this.limitPerMinute) return 0;
    const ms = Math.max(1, Number(row.expire) - now);
    if (this.blockedUntil.size >= this.maxRemembered) this.blockedUntil.clear();
    this.blockedUntil.set(address, now + ms);
    return ms;
  }
}

/**
 * Counts one failure for `key` in its fixed window (a window that ended starts again at 1): the
 * count and the window's end (epoch ms).
 */
export async function countFailure(
  knex: Knex,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ points: number; expire: string }> {
  const result = await knex.raw<{ rows: { points: number; expire: string }[] }>(
    `INSERT INTO ${AUTH_FAILURE_TABLE} AS f (key, points, expire) VALUES (?, 1, ?)
     ON CONFLICT (key) DO UPDATE SET
       points = CASE WHEN f.expire <= ? THEN 1 ELSE f.points + 1 END,
       expire = CASE WHEN f.expire <= ? THEN excluded.expire ELSE f.expire END
     RETURNING points, expire`,
    [key, now + windowMs, now, now],
  );
  return result.rows[0]!;
}

/** Deletes the rows of windows that ended before `now`. */
export function purgeAuthFailures(knex: Knex, now: Date): Promise<number> {
  return knex(AUTH_FAILURE_TABLE).where('expire', '<', now.getTime()).delete();
}
