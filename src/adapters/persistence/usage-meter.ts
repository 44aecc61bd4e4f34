import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { UsageMeter } from '../../application/ports/gateway-ports.js';
import { monthOf } from '../../domain/access/gateway.js';

interface Known {
  /** The tenant's month total in the database, as last read or written by this process. */
  stored: number;
  /** When `stored` was read (a total other processes add to goes stale). */
  at: number;
}

const SEP = '\u0000';

/** A day's counts of one integration, not yet written. */
interface DayCounts {
  requests: number;
  refused: number;
}

/**
 * Usage counts per (tenant, integration, UTC month), and per UTC day with the calls refused
 * 429 (the charts'). A request adds to maps in memory; at most every `flushEveryMs` one
 * transaction upserts them into `usage_counters` and `usage_daily` (`count = count +
 * excluded.count`), so the counts are exact across processes. `close()` (graceful shutdown)
 * writes what is left; a kill -9 loses at most the last interval. A failed write puts its
 * counts back for the next one.
 *
 * For BLOCK plans the month's total is needed before each call: it is the database total
 * (read once, refreshed by every flush and at least every `staleAfterMs`) plus what this
 * process has not written yet.
 */
export class BufferedUsageMeter implements UsageMeter {
  private pending = new Map<string, number>();
  private pendingDays = new Map<string, DayCounts>();
  private readonly pendingByTenant = new Map<string, number>();
  private readonly known = new Map<string, Known>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
    private readonly flushEveryMs = 1_000,
    private readonly staleAfterMs = 1_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), flushEveryMs);
    this.timer.unref();
  }

  record(tenantId: string, integrationId: string, at: Date): void {
    const month = monthOf(at);
    const key = `${tenantId}${SEP}${integrationId}${SEP}${month}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    const tenantKey = `${tenantId}${SEP}${month}`;
    this.pendingByTenant.set(tenantKey, (this.pendingByTenant.get(tenantKey) ?? 0) + 1);
    this.day(tenantId, integrationId, at).requests += 1;
  }

  recordRefused(tenantId: string, integrationId: string, at: Date): void {
    this.day(tenantId, integrationId, at).refused += 1;
  }

  private day(tenantId: string, integrationId: string, at: Date): DayCounts {
    const key = `${tenantId}${SEP}${integrationId}${SEP}${at.toISOString().slice(0, 10)}`;
    let counts = this.pendingDays.get(key);
    if (!counts) this.pendingDays.set(key, (counts = { requests: 0, refused: 0 }));
    return counts;
  }

  async usedThisMonth(tenantId: string, month: string): Promise<number> {
    const tenantKey = `${tenantId}${SEP}${month}`;
    let known = this.known.get(tenantKey);
    if (!known || Date.now() - known.at > this.staleAfterMs) {
      const at = Date.now();
      const row = await this.knex('usage_counters')
        .where({ tenant_id: tenantId, month })
        .first(this.knex.raw('coalesce(sum(count), 0)::bigint AS total'));
      known = { stored: Number(row?.total ?? 0), at };
      this.known.set(tenantKey, known);
    }
    return known.stored + (this.pendingByTenant.get(tenantKey) ?? 0);
  }

  flush(): Promise<void> {
    // One write at a time: a flush asked for during another waits for it, then writes what is
    // new. The chain itself never rejects (a failed write kept its counts for the next one), so
    // a database that is away fails only the callers that asked, never the process.
    const next = (this.flushing ?? Promise.resolve()).then(() => this.write());
    const settled: Promise<void> = next.then(
      () => this.settled(settled),
      () => this.settled(settled),
    );
    this.flushing = settled;
    return next;
  }

  private settled(flush: Promise<void>): void {
    if (this.flushing === flush) this.flushing = null;
  }

  /** Stops the timer and writes what is pending (graceful shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0 && this.pendingDays.size === 0) return;
    const batch = this.pending;
    const days = this.pendingDays;
    this.pending = new Map();
    this.pendingDays = new Map();
    const tenants = new Map<string, number>();
    const rows = [...batch].map(([key, count]) => {
      const [tenant_id, integration_id, month] = key.split(SEP) as [string, string, string];
      const tenantKey = `${tenant_id}${SEP}${month}`;
      tenants.set(tenantKey, (tenants.get(tenantKey) ?? 0) + count);
      return { tenant_id, integration_id, month, count };
    });
    try {
      await this.knex.transaction(async (trx) => {
        if (rows.length > 0) {
          await trx('usage_counters')
            .insert(rows)
            .onConflict(['tenant_id', 'month', 'integration_id'])
            .merge({ count: trx.raw('usage_counters.count + excluded.count') });
        }
        if (days.size > 0) await writeDays(trx, days);
      });
    } catch (err) {
      for (const [key, count] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + count);
      for (const [key, counts] of days) {
        const kept = this.pendingDays.get(key);
        this.pendingDays.set(key, {
          requests: counts.requests + (kept?.requests ?? 0),
          refused: counts.refused + (kept?.refused ?? 0),
        });
      }
      this.logger.warn({ err }, 'usage metering write failed; kept for the next one');
      throw err;
    }
    for (const [tenantKey, count] of tenants) {
      const left = (this.pendingByTenant.get(tenantKey) ?? 0) - count;
      if (left > 0) this.pendingByTenant.set(tenantKey, left);
      else this.pendingByTenant.delete(tenantKey);
      // What was written is in the database now: known totals include it until the next read.
      const known = this.known.get(tenantKey);
      if (known) known.stored += count;
    }
  }
}

/** Adds the days' counts to `usage_daily`. */
async function writeDays(trx: Knex.Transaction, days: Map<string, DayCounts>): Promise<void> {
  const rows = [...days].map(([key, counts]) => {
    const [tenant_id, integration_id, day] = key.split(SEP) as [string, string, string];
    return { tenant_id, integration_id, day, requests: counts.requests, rate_limited: counts.refused };
  });
  await trx('usage_daily')
    .insert(rows)
    .onConflict(['tenant_id', 'day', 'integration_id'])
    .merge({
      requests: trx.raw('usage_daily.requests + excluded.requests'),
      rate_limited: trx.raw('usage_daily.rate_limited + excluded.rate_limited'),
    });
}
