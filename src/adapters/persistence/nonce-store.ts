import type { Knex } from 'knex';
import type { NonceClaim, NonceStore } from '../../application/ports/access-ports.js';
import { currentCallerWrites, parseLsn, type CallerWrites } from '../shared/caller-writes.js';
import { purgeAuthFailures } from './auth-failure-limiter.js';

interface Claim {
  integrationId: string;
  nonce: string;
  expiresAt: Date;
  /** The request's context, told the integration and its last write's position (with replicas). */
  caller: CallerWrites | undefined;
  resolve(claim: NonceClaim): void;
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
 *
 * The same statement counts the claims in the integration's one-minute window (fixed windows
 * of the database clock, in `request_rate_windows`): the rate limit costs no extra round trip
 * and is exact across processes, because the upsert serialises on the window's row. A batch's
 * claims of one integration take consecutive places in the window, in arrival order.
 * (Measured against rate-limiter-flexible's RateLimiterPostgres, which needs its own round
 * trip per request: docs/BENCHMARKS.md.)
 *
 * With read replicas (`writePositions`), the same statement also reads each integration's last
 * write position (`integration_write_positions`) for the request's reads to wait on.
 */
export class KnexNonceStore implements NonceStore {
  private pending: Claim[] = [];

  constructor(
    private readonly knex: Knex,
    private readonly writePositions = false,
  ) {}

  claim(integrationId: string, nonce: string, expiresAt: Date): Promise<NonceClaim> {
    const caller = this.writePositions ? currentCallerWrites() : undefined;
    const claimed = new Promise<NonceClaim>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ integrationId, nonce, expiresAt, caller, resolve, reject });
    });
    if (caller) caller.claiming = claimed.catch(() => undefined);
    return claimed;
  }

  async isUsed(integrationId: string, nonce: string): Promise<boolean> {
    const row = await this.knex('request_nonces')
      .where({ integration_id: integrationId, nonce })
      .first(this.knex.raw('1 AS used'));
    return row !== undefined;
  }

  async purgeExpired(now: Date): Promise<number> {
    await purgeAuthFailures(this.knex, now);
    await this.knex('request_rate_windows')
      .where('window_start', '<', new Date(now.getTime() - 2 * WINDOW_MS))
      .delete();
    return this.knex('request_nonces').where('expires_at', '<', now).delete();
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const first = new Map<string, Claim>();
    for (const c of batch) {
      const key = keyOf(c.integrationId, c.nonce);
      if (first.has(key)) c.resolve(REFUSED);
      else first.set(key, c);
    }
    const claims = [...first.values()];
    try {
      settle(claims, await this.insert(claims));
    } catch (err) {
      if (claims.length === 1) {
        claims[0]!.reject(err);
        return;
      }
      // One bad claim (say, an integration deleted a moment ago) must not fail the others.
      for (const c of claims) {
        this.insert([c]).then((result) => settle([c], result), c.reject);
      }
    }
  }

  /**
   * One simple-protocol message: its statements run as one implicit transaction, so SET LOCAL
   * applies to this statement only. Returns the claimed nonces and, per integration, the
   * window's count after this batch and the window's end.
   */
  private async insert(claims: Claim[]): Promise<InsertResult> {
    const values = claims
      .map((c) =>
        this.knex.raw('(?::uuid, ?, ?::timestamptz)', [c.integrationId, c.nonce, c.expiresAt.toISOString()]).toQuery(),
      )
      .join(', ');
    const results = await this.knex.raw<{ rows: ClaimRow[] }[]>(
      `SET LOCAL synchronous_commit = off;
       WITH claimed AS (
         INSERT INTO request_nonces (integration_id, nonce, expires_at) VALUES ${values}
         ON CONFLICT DO NOTHING RETURNING integration_id, nonce
       ), counted AS (
         INSERT INTO request_rate_windows AS w (integration_id, window_start, count)
         SELECT integration_id, date_trunc('minute', now()), count(*) FROM claimed GROUP BY integration_id
         ON CONFLICT (integration_id, window_start) DO UPDATE SET count = w.count + excluded.count
         RETURNING integration_id, count, window_start
       )
       SELECT c.integration_id, c.nonce, k.count,
              (extract(epoch FROM k.window_start) * 1000)::bigint + ${WINDOW_MS} AS ends_at_ms
              ${this.writePositions ? ', p.position::text AS written' : ''}
         FROM claimed c JOIN counted k USING (integration_id)
         ${this.writePositions ? 'LEFT JOIN integration_write_positions p ON p.integration_id = c.integration_id' : ''}`,
    );
    const claimed = new Set<string>();
    const windows = new Map<string, { count: number; endsAt: Date; written: bigint | null }>();
    for (const r of results[1]?.rows ?? []) {
      claimed.add(keyOf(r.integration_id, r.nonce));
      const written = r.written ? parseLsn(r.written) : null;
      windows.set(r.integration_id, { count: Number(r.count), endsAt: new Date(Number(r.ends_at_ms)), written });
    }
    return { claimed, windows };
  }
}

interface ClaimRow {
  integration_id: string;
  nonce: string;
  count: string | number;
  ends_at_ms: string | number;
  /** The integration's last write position (with replicas). */
  written?: string | null;
}

interface InsertResult {
  claimed: Set<string>;
  /** Per integration: the window's count after the batch, and its end. */
  windows: Map<string, { count: number; endsAt: Date; written: bigint | null }>;
}

const WINDOW_MS = 60_000;
const REFUSED: NonceClaim = { claimed: false };

/** Gives each claimed nonce its place in its window: a batch's claims of one integration are the last `n` counted. */
function settle(claims: Claim[], { claimed, windows }: InsertResult): void {
  const taken = claims.filter((c) => claimed.has(keyOf(c.integrationId, c.nonce)));
  const perIntegration = new Map<string, number>();
  for (const c of taken) perIntegration.set(c.integrationId, (perIntegration.get(c.integrationId) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const c of claims) {
    if (!claimed.has(keyOf(c.integrationId, c.nonce))) {
      c.resolve(REFUSED);
      continue;
    }
    const window = windows.get(c.integrationId)!;
    const place = (seen.get(c.integrationId) ?? 0) + 1;
    seen.set(c.integrationId, place);
    if (c.caller) {
      c.caller.integrationId = c.integrationId;
      c.caller.lastWrite = window.written;
    }
    c.resolve({
      claimed: true,
      windowCount: window.count - perIntegration.get(c.integrationId)! + place,
      windowEndsAt: window.endsAt,
    });
  }
}
