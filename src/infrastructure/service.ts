import { createServer, type Server } from 'node:http';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { PurgeExpiredNonces } from '../application/access/purge-nonces.js';
import type { AgendaWebhookDispatcher } from '../adapters/webhooks/agenda-dispatcher.js';
import type { UndiciWebhookSender } from '../adapters/webhooks/undici-sender.js';
import { createApiServer } from '../adapters/http/server.js';
import { TOKENS } from '../application/tokens.js';
import type { Config } from './config.js';
import { buildContainer } from './container.js';
import { resolve } from './modules/bind.js';
import { INFRA } from './tokens.js';
import { openDatabase, type Database } from './database.js';
import { migrateLatest, pendingMigrations } from './migrator.js';
import { MigrationFailed } from './startup-errors.js';

/** `all`: API and webhook worker; `api` or `worker` alone (scale-out); `none`: neither (tools). */
export type Mode = 'all' | 'api' | 'worker' | 'none';

export interface RunningService {
  container: Container;
  database: Database;
  server: Server | null;
  /** The port the API listens on (useful with PORT=0). */
  port: number | null;
  /** The port of the separate metrics server (METRICS_PORT), if any. */
  metricsPort: number | null;
  /** Stops accepting, lets requests and deliveries under way finish (until `deadlineMs`), closes the database. */
  stop(options?: { deadlineMs?: number }): Promise<void>;
}

/** Runs migrations; a failure names the first migration not applied. */
async function migrate(db: Database): Promise<string[]> {
  // Connection failures first, as themselves (unreachable, refused), not as a failed migration.
  await db.knex.raw('select 1');
  try {
    return await migrateLatest(db.knex);
  } catch (err) {
    const pending = await pendingMigrations(db.knex).catch(() => []);
    throw new MigrationFailed(pending[0] ?? null, err);
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting; open connections finish their request (idle ones close) or are cut at the deadline. */
function closeServer(server: Server, deadlineMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), deadlineMs);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
    // A keep-alive connection that finishes its request later is closed once idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
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
  const db =
    database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      preparedStatements: config.databasePreparedStatements,
    }));
  const timers: NodeJS.Timeout[] = [];
  let server: Server | null = null;
  let metricsServer: Server | null = null;
  let worker: AgendaWebhookDispatcher | null = null;
  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    const container = buildContainer({ config, logger, database: db });
    const runtime = resolve(container, INFRA.Runtime);

    if (mode === 'all' || mode === 'api') {
      const app = resolve(container, INFRA.HttpApp);
      server = createApiServer(app, { headersTimeoutMs: config.headersTimeoutMs });
      server.keepAliveTimeout = 65_000;
      await listen(server, config.port);
      // Housekeeping of the replay guard: nonces past their retention are forgotten every minute.
      // Idempotency-Key rows past their 24 h go with them.
      const purge = container.get<PurgeExpiredNonces>(TOKENS.PurgeExpiredNonces);
      const idempotency = resolve(container, TOKENS.IdempotencyStore);
      const timer = setInterval(() => {
        purge.execute().catch((err: unknown) => logger.warn({ err }, 'nonce purge failed'));
        idempotency.purgeExpired(new Date()).catch((err: unknown) => logger.warn({ err }, 'idempotency purge failed'));
      }, 60_000);
      timer.unref();
      timers.push(timer);
    }
    if (config.metricsPort !== null && mode !== 'none') {
      // A separate, unauthenticated port for Prometheus (METRICS_PORT): meant for a private network.
      const metrics = resolve(container, INFRA.Metrics);
      metricsServer = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        metrics.render().then(
          (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
          (err: unknown) => {
            logger.warn({ err }, 'metrics collection failed');
            res.writeHead(500).end();
          },
        );
      });
      await listen(metricsServer, config.metricsPort);
    }
    // The webhook worker: Agenda-driven dispatcher of the outbox.
    if (mode === 'all' || mode === 'worker') {
      runtime.workerExpected = true;
      worker = resolve(container, INFRA.WebhookDispatcher);
      await worker.start();
      runtime.worker = worker;
    }
    const address = server?.address();
    const port = address && typeof address === 'object' ? address.port : null;
    const metricsAddress = metricsServer?.address();
    const metricsPort = metricsAddress && typeof metricsAddress === 'object' ? metricsAddress.port : null;

    let stopped = false;
    return {
      container,
      database: db,
      server,
      port,
      metricsPort,
      async stop(options = {}) {
        if (stopped) return;
        stopped = true;
        const deadlineMs = options.deadlineMs ?? 10_000;
        for (const t of timers) clearInterval(t);
        // At once: no new connections; requests under way finish; the worker stops claiming and
        // lets the deliveries under way finish and record their outcome.
        await Promise.all([
          server ? closeServer(server, deadlineMs) : undefined,
          worker?.stop(),
          metricsServer ? closeServer(metricsServer, 0) : undefined,
        ]);
        // The usage counts of the last second (a graceful stop loses none).
        if (server) {
          await resolve(container, TOKENS.UsageMeter)
            .close()
            .catch((err: unknown) => logger.warn({ err }, 'usage metering flush at stop failed'));
        }
        await container
          .get<UndiciWebhookSender>(TOKENS.WebhookSender)
          .close()
          .catch(() => undefined);
        if (!database) await db.close();
      },
    };
  } catch (err) {
    // A start that fails half-way leaves nothing open: ports, worker, database (and its lock).
    for (const t of timers) clearInterval(t);
    await worker?.stop().catch(() => undefined);
    for (const s of [server, metricsServer]) if (s?.listening) s.close();
    if (!database) await db.close().catch(() => undefined);
    throw err;
  }
}
