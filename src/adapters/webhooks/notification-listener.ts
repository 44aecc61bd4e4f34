import pg from 'pg';
import type { Logger } from 'pino';

/**
 * LISTEN `webhooks` on its own PostgreSQL connection (a server only): each notification says an
 * event was written (`outbox`) or a delivery became due (`due`). A lost connection is re-opened
 * after a second until `stop`.
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private stopped = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly logger: Logger,
    private readonly onNotify: (kind: 'outbox' | 'due') => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (n) => this.onNotify(n.payload === 'due' ? 'due' : 'outbox'));
    client.on('error', (err) => {
      this.logger.warn({ err }, 'webhook notification connection lost; reconnecting');
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (!this.stopped) {
        setTimeout(() => {
          if (!this.stopped) this.start().catch(() => undefined);
        }, 1_000).unref();
      }
    });
    await client.connect();
    await client.query('LISTEN webhooks');
    if (this.stopped) await client.end().catch(() => undefined);
    else this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
