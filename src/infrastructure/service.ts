import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { PurgeExpiredNonces } from '../application/access/purge-nonces.js';
import type { AgendaWebhookDispatcher } from '../adapters/webhooks/agenda-dispatcher.js';
import type { UndiciWebhookSender } from '../adapters/webhooks/undici-sender.js';
import { INFRA } from './tokens.js';
import { TOKENS } from '../application/tokens.js';
import type { Config } from './config.js';
import { buildContainer } from './container.js';
import { openDatabase, type Database } from './database.js';
import { migrateLatest } from './migrator.js';

/** `all`: API and webhook worker; `api` or `worker` alone (scale-out); `none`: neither (tools). */
export type Mode = 'all' | 'api' | 'worker' | 'none';

export interface RunningService {
  container: Container;
  database: Database;
  server: Server | null;
  /** The port the API listens on (useful with PORT=0). */
  port: number | null;
  stop(): Promise<void>;
}

/**
 * Opens the database, migrates, wires the container and starts what `mode` asks for. The same
 * sequence serves `npm start`, the scale-out entry points and the end-to-end tests.
 */
export async function startService(
  config: Config,
  logger: Logger,
  mode: Mode,
  database?: Database,
): Promise<RunningService> {
  const db = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const applied = await migrateLatest(db.knex);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  const container = buildContainer({ config, logger, database: db });

  const timers: NodeJS.Timeout[] = [];
  let server: Server | null = null;
  if (mode === 'all' || mode === 'api') {
    const app = container.get<Express>(INFRA.HttpApp);
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.port, '0.0.0.0', () => resolve(s));
      s.once('error', reject);
    });
    server.keepAliveTimeout = 65_000;
    // Housekeeping of the replay guard: nonces past their retention are forgotten every minute.
    const purge = container.get<PurgeExpiredNonces>(TOKENS.PurgeExpiredNonces);
    const timer = setInterval(() => {
      purge.execute().catch((err: unknown) => logger.warn({ err }, 'nonce purge failed'));
    }, 60_000);
    timer.unref();
    timers.push(timer);
  }
  // The webhook worker: Agenda-driven dispatcher of the outbox (CONTRACT §4, §6).
  let worker: AgendaWebhookDispatcher | null = null;
  if (mode === 'all' || mode === 'worker') {
    worker = container.get<AgendaWebhookDispatcher>(INFRA.WebhookDispatcher);
    await worker.start();
  }
  const address = server?.address();
  const port = address && typeof address === 'object' ? address.port : null;

  let stopped = false;
  return {
    container,
    database: db,
    server,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearInterval(t);
      // First the worker: it stops claiming, lets requests under way finish and records them.
      if (worker) await worker.stop();
      if (server) {
        await new Promise<void>((resolve) => {
          server!.close(() => resolve());
          server!.closeIdleConnections();
        });
      }
      await container
        .get<UndiciWebhookSender>(TOKENS.WebhookSender)
        .close()
        .catch(() => undefined);
      if (!database) await db.close();
    },
  };
}
