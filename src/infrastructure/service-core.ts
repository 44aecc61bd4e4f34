import { createServer, type RequestListener, type Server } from 'node:http';
import type { Container, ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { PurgeExpiredNonces } from '../application/access/purge-nonces.js';
import type { AgendaWebhookDispatcher } from '../adapters/webhooks/agenda-dispatcher.js';
import type { UndiciWebhookSender } from '../adapters/webhooks/undici-sender.js';
import { createProbeApp } from '../adapters/http/probes.js';
import { TOKENS } from '../application/tokens.js';
import type { Config } from './config.js';
import { buildContainer } from './container.js';
import { resolve } from './modules/bind.js';
import { INFRA } from './tokens.js';
import { databaseOptions, openDatabase, type Database } from './database.js';
import { applyMigrations } from './migrator.js';
import { readiness } from './readiness.js';

/** `all`: API and webhook worker; `api` or `worker` alone (scale-out); `none`: neither (tools). */
export type Mode = 'all' | 'api' | 'worker' | 'none';

/**
 * What only the API and the back office need: their container modules and the HTTP server.
 * service.ts starts with them; worker-service.ts without, so a standalone worker never loads
 * their code.
 */
export interface ApiParts {
  modules: readonly ContainerModule[];
  /** The API's HTTP server around its app (adapters/http/server.ts's createApiServer). */
  createServer: (app: RequestListener, limits: { headersTimeoutMs: number }) => Server;
}

export interface RunningService {
  container: Container;
  database: Database;
  server: Server | null;
  /** The port the API listens on (useful with PORT=0). */
  port: number | null;
  /** The port of the separate metrics server (METRICS_PORT), if any. */
  metricsPort: number | null;
  /** The port of a standalone worker's probes (WORKER_PORT), if any. */
  workerPort: number | null;
  /** Stops accepting, lets requests and deliveries under way finish (until `deadlineMs`), closes the database. */
  stop(options?: { deadlineMs?: number }): Promise<void>;
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

/** What a start has opened so far: a stop, or a start that fails half-way, closes exactly that. */
interface Opened {
  server: Server | null;
  metricsServer: Server | null;
  probeServer: Server | null;
  worker: AgendaWebhookDispatcher | null;
  timers: NodeJS.Timeout[];
}

/**
 * Housekeeping of the replay guard: nonces past their retention are forgotten every minute,
 * and Idempotency-Key rows past their 24 h go with them.
 */
function startHousekeeping(container: Container, logger: Logger): NodeJS.Timeout {
  const purge = container.get<PurgeExpiredNonces>(TOKENS.PurgeExpiredNonces);
  const idempotency = resolve(container, TOKENS.IdempotencyStore);
  const timer = setInterval(() => {
    purge.execute().catch((err: unknown) => logger.warn({ err }, 'nonce purge failed'));
    idempotency.purgeExpired(new Date()).catch((err: unknown) => logger.warn({ err }, 'idempotency purge failed'));
  }, 60_000);
  timer.unref();
  return timer;
}

/** A separate, unauthenticated port for Prometheus (METRICS_PORT): meant for a private network. */
function createMetricsServer(container: Container, logger: Logger): Server {
  const metrics = resolve(container, INFRA.Metrics);
  return createServer((req, res) => {
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
}

/** A standalone worker's probe port (WORKER_PORT): /health, /ready and /metrics, unauthenticated. */
function createProbeServer(container: Container, logger: Logger): Server {
  const knex = resolve(container, INFRA.Knex);
  const runtime = resolve(container, INFRA.Runtime);
  const app = createProbeApp({
    logger,
    ready: () => readiness(knex, runtime),
    metrics: resolve(container, INFRA.Metrics),
  });
  return createServer(app);
}

/** Starts what `mode` asks for, recording each part in `opened` as soon as it is open. */
async function startParts(
  container: Container,
  config: Config,
  logger: Logger,
  mode: Mode,
  opened: Opened,
  api: ApiParts | null,
): Promise<void> {
  const runtime = resolve(container, INFRA.Runtime);
  if (mode === 'all' || mode === 'api') {
    if (!api) throw new Error(`Mode ${mode} serves the API: start it with service.ts`);
    opened.server = api.createServer(resolve(container, INFRA.HttpApp), { headersTimeoutMs: config.headersTimeoutMs });
    opened.server.keepAliveTimeout = 65_000;
    await listen(opened.server, config.port);
    opened.timers.push(startHousekeeping(container, logger));
  }
  if (config.metricsPort !== null && mode !== 'none') {
    opened.metricsServer = createMetricsServer(container, logger);
    await listen(opened.metricsServer, config.metricsPort);
  }
  // A standalone worker answers its probes on a port of its own, open before the worker starts.
  if (config.workerPort !== null && mode === 'worker') {
    opened.probeServer = createProbeServer(container, logger);
    await listen(opened.probeServer, config.workerPort);
  }
  // The webhook worker: Agenda-driven dispatcher of the outbox.
  if (mode === 'all' || mode === 'worker') {
    runtime.workerExpected = true;
    opened.worker = resolve(container, INFRA.WebhookDispatcher);
    await opened.worker.start();
    runtime.worker = opened.worker;
  }
}

/**
 * A graceful stop. At once: no new connections; requests under way finish; the worker stops
 * claiming and lets the deliveries under way finish and record their outcome. Then the usage
 * counts of the last second and the integrations' latest uses are written (a graceful stop loses
 * none) and the webhook sender closes.
 */
async function stopParts(container: Container, opened: Opened, deadlineMs: number, logger: Logger): Promise<void> {
  const { server, metricsServer, probeServer, worker, timers } = opened;
  for (const t of timers) clearInterval(t);
  await Promise.all([
    server ? closeServer(server, deadlineMs) : undefined,
    worker?.stop(),
    metricsServer ? closeServer(metricsServer, 0) : undefined,
  ]);
  // The probes answer until the worker has stopped.
  if (probeServer) await closeServer(probeServer, 0);
  if (server) {
    await resolve(container, TOKENS.UsageMeter)
      .close()
      .catch((err: unknown) => logger.warn({ err }, 'usage metering flush at stop failed'));
    await resolve(container, TOKENS.IntegrationActivity)
      .close()
      .catch((err: unknown) => logger.warn({ err }, 'integration activity flush at stop failed'));
  }
  await container
    .get<UndiciWebhookSender>(TOKENS.WebhookSender)
    .close()
    .catch(() => undefined);
}

/** After a start failed half-way: closes what it had opened, at once. */
async function abandonParts(opened: Opened): Promise<void> {
  for (const t of opened.timers) clearInterval(t);
  await opened.worker?.stop().catch(() => undefined);
  for (const s of [opened.server, opened.metricsServer, opened.probeServer]) if (s?.listening) s.close();
}

function portOf(server: Server | null): number | null {
  const address = server?.address();
  return address && typeof address === 'object' ? address.port : null;
}

/**
 * In production the bootstrap ADMIN_TOKEN may be left unset once a staff ADMIN exists (the
 * command line on the server still acts as `bootstrap`); until then nobody could administer.
 */
async function requireSomeAdmin(config: Config, db: Database): Promise<void> {
  if (!config.production || config.adminToken !== null) return;
  const admin = await db.knex('staff').where({ role: 'ADMIN', active: true }).first('id');
  if (!admin) {
    throw new Error(
      'ADMIN_TOKEN is required when NODE_ENV=production until a staff ADMIN exists (create one: npm run admin -- staff:create)',
    );
  }
}

/**
 * Opens the database, migrates, wires the container and starts what `mode` asks for, with the
 * API's parts (service.ts) or without them (worker-service.ts). A database handed in stays open
 * at stop (its owner closes it); one opened here closes with the service.
 */
export async function startServiceWith(
  api: ApiParts | null,
  config: Config,
  logger: Logger,
  mode: Mode,
  database?: Database,
): Promise<RunningService> {
  const db = database ?? (await openDatabase(databaseOptions(config, logger)));
  const opened: Opened = { server: null, metricsServer: null, probeServer: null, worker: null, timers: [] };
  try {
    const applied = await applyMigrations(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    if (mode !== 'none') await requireSomeAdmin(config, db);
    const container = buildContainer({ config, logger, database: db, apiModules: api?.modules ?? [] });
    await startParts(container, config, logger, mode, opened, api);
    let stopped = false;
    return {
      container,
      database: db,
      server: opened.server,
      port: portOf(opened.server),
      metricsPort: portOf(opened.metricsServer),
      workerPort: portOf(opened.probeServer),
      async stop(options = {}) {
        if (stopped) return;
        stopped = true;
        await stopParts(container, opened, options.deadlineMs ?? 10_000, logger);
        if (!database) await db.close();
      },
    };
  } catch (err) {
    // A start that fails half-way leaves nothing open: ports, worker, database (and its lock).
    await abandonParts(opened);
    if (!database) await db.close().catch(() => undefined);
    throw err;
  }
}
