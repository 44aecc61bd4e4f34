import pg from 'pg';
import type { Logger } from 'pino';
import { NotificationProbe, type ProbeTiming } from './notification-probe.js';

/** The first wait before a lost `LISTEN` connection is opened again; it doubles up to the cap. */
export const RECONNECT_FIRST_MS = 250;
export const RECONNECT_MAX_MS = 5_000;

/**
 * LISTEN `webhooks` on its own PostgreSQL connection (a server only): each notification says an
 * event was written (`outbox`) or a delivery became due (`due`).
 *
 * A database restart or failover ends the connection: it is opened again with a doubling wait
 * (250 ms up to 5 s) for as long as it takes, until `stop`. `onListening(false)` tells the
 * dispatcher to poll meanwhile; `onListening(true)` that notifications flow again (and, since
 * some may have been missed, an `outbox` wake-up follows at once).
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private readonly probe: NotificationProbe | null;

  /**
   * `sendProbe`: a NOTIFY sent as the service's writes send theirs (notification-probe.ts), to
   * prove they arrive here; without it, an open LISTEN connection counts as hearing them.
   */
  constructor(
    private readonly config: pg.ClientConfig,
    private readonly logger: Logger,
    private readonly onNotify: (kind: 'outbox' | 'due') => void,
    private readonly onListening: (listening: boolean) => void = () => undefined,
    sendProbe?: (payload: string) => Promise<void>,
    probeTiming?: ProbeTiming,
  ) {
    this.probe = sendProbe
      ? new NotificationProbe(
          sendProbe,
          logger,
          (heard) => this.client !== null && this.onListening(heard),
          probeTiming,
        )
      : null;
  }

  /** True while notifications arrive (as far as the last probe tells). */
  get listening(): boolean {
    return this.client !== null && (this.probe?.heard ?? true);
  }

  /** Opens the connection; if the database cannot be reached, keeps trying in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.probe?.stop();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const client = new pg.Client(this.config);
    client.on('notification', (n) => {
      if (this.probe?.received(n.payload)) return;
      this.onNotify(n.payload === 'due' ? 'due' : 'outbox');
    });
    client.on('error', (err) => this.lost(client, err));
    // `end` without `error`: the server closed the connection quietly.
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query('LISTEN webhooks');
    } catch (err) {
      client.removeAllListeners('end');
      client.end().catch(() => undefined);
      this.scheduleReconnect(err);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    if (this.failures > 0) this.logger.info({ attempts: this.failures }, 'webhook notifications listening again');
    this.failures = 0;
    this.client = client;
    this.onListening(this.probe?.heard ?? true);
    this.probe?.start();
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.probe?.stop();
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn({ err }, 'webhook notification connection lost; polling until it is back');
    this.scheduleReconnect(err);
  }

  private scheduleReconnect(err: unknown): void {
    if (this.stopped || this.retry) return;
    const delayMs = Math.min(RECONNECT_FIRST_MS * 2 ** this.failures, RECONNECT_MAX_MS);
    this.failures += 1;
    if (this.failures === 1) this.onListening(false);
    this.logger.debug({ err, delayMs, attempt: this.failures }, 'webhook notification connection: retrying');
    this.retry = setTimeout(() => void this.connect(), delayMs);
    this.retry.unref();
  }
}
