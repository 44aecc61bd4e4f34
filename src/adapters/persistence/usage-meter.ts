import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { UsageMeter } from '../../application/ports/gateway-ports.js';

interface Known {
  /** The tenant's month total in the database, as last read or written by this process. */
  stored: number;
  /** When `stored` was read (a total other processes add to goes stale). */
  at: number;
}

const SEP = '\u0000';

/**
 * Usage counts per (tenant, integration, UTC month). A request adds to a map in
 * memory; at most every `flushEveryMs` one upsert adds the map to `usage_counters`
 * (`count = count + excluded.count`), so the counts are exact across processes. `close()`
 * (graceful shutdown) writes what is left; a kill -9 loses at most the last interval. A failed
 * write puts its counts back for the next one.
 *
 * For BLOCK plans the month's total is needed before each call: it is the database total
 * (read once, refreshed by every flush and at least every `staleAfterMs`) plus what this
 * process has not written yet.
 */
export class BufferedUsageMeter implements UsageMeter {
  private pending = new Map<string, number>();
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

  record(tenantId: string, integrationId: string, month: string): void {
    const key = `${tenantId}${SEP}${integrationId}${SEP}${month}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    const tenantKey = `${tenantId}${SEP}${month}`;
    this.pendingByTenant.set(tenantKey, (this.pendingByTenant.get(tenantKey) ?? 0) + 1);
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
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const tenants = new Map<string, number>();
    const rows = [...batch].map(([key, count]) => {
      const [tenant_id, integration_id, month] = key.split(SEP) as [string, string, string];
      const tenantKey = `${tenant_id}${SEP}${month}`;
      tenants.set(tenantKey, (tenants.get(tenantKey) ?? 0) + count);
      return { tenant_id, integration_id, month, count };
    });
    try {
      await this.knex('usage_counters')
        .insert(rows)
        .onConflict(['tenant_id', 'month', 'integration_id'])
        .merge({ count: this.knex.raw('usage_counters.count + excluded.count') });
    } catch (err) {
      for (const [key, count] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + count);
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
