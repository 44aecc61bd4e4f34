import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { IntegrationActivity } from '../../application/ports/gateway-ports.js';

/** How often what was noted is written: the most an integration's `last_used_at` is written per process. */
export const ACTIVITY_FLUSH_MS = 60_000;

/**
 * `integrations.last_used_at`, kept like the usage counts (usage-meter.ts): a request notes its
 * integration's time in a map in memory; every `flushEveryMs` one statement writes the map, so
 * each integration is written at most once per interval by this process, whatever its traffic.
 * The column only moves forward, so processes writing out of order never set it back.
 * `close()` (graceful shutdown) writes what is left; a failed write keeps its times for the next.
 */
export class BufferedIntegrationActivity implements IntegrationActivity {
  private pending = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
    flushEveryMs = ACTIVITY_FLUSH_MS,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), flushEveryMs);
    this.timer.unref();
  }

  record(integrationId: string, at: Date): void {
    const ms = at.getTime();
    if (ms > (this.pending.get(integrationId) ?? -Infinity)) this.pending.set(integrationId, ms);
  }

  /** One write at a time: a flush asked for during another waits for it, then writes what is new. */
  flush(): Promise<void> {
    const next = this.writing.then(() => this.write());
    this.writing = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([id, ms]) => ({ id, at: new Date(ms).toISOString() }));
    try {
      await this.knex.raw(
        `UPDATE integrations AS i SET last_used_at = v.at
         FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, at timestamptz)
         WHERE i.id = v.id AND (i.last_used_at IS NULL OR i.last_used_at < v.at)`,
        [JSON.stringify(rows)],
      );
    } catch (err) {
      for (const [id, ms] of batch) this.record(id, new Date(ms));
      this.logger.warn({ err }, 'integration activity write failed; kept for the next one');
      throw err;
    }
  }
}
