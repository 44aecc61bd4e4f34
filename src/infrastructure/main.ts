import type { Logger } from 'pino';
import { loadConfig, type Config } from './config.js';
import { databaseOptions, openDatabase, type Database } from './database.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';
import type { Mode, RunningService } from './service-core.js';
import { exitWithStartupFailure, settingsOrExit } from './startup.js';

/**
 * Opens the database while the app's modules load (each takes most of a second), then starts
 * the service on it. A failure is one line naming the cause and the fix; the stack only at
 * LOG_LEVEL=debug (or trace).
 */
async function start(
  config: Config,
  mode: Mode,
  logger: Logger,
): Promise<{ service: RunningService; database: Database }> {
  const opening = openDatabase(databaseOptions(config, logger));
  // Awaited below: a failure to open is reported there, not as an unhandled rejection.
  opening.catch(() => undefined);
  try {
    // A standalone worker loads none of the API's code (worker-service.ts).
    const { startService } = mode === 'worker' ? await import('./worker-service.js') : await import('./service.js');
    const database = await opening;
    return { service: await startService(config, logger, mode, database), database };
  } catch (err) {
    await opening.then((db) => db.close()).catch(() => undefined);
    exitWithStartupFailure(err, config);
  }
}

/** On SIGTERM or SIGINT: requests and deliveries under way finish (until a deadline), then the database closes. */
function stopOnSignal(service: RunningService, database: Database, config: Config, logger: Logger): void {
  let stopping = false;
  // Requests get this long to finish; deliveries under way are bounded by their own timeout.
  const deadlineMs = Math.max(10_000, config.webhookTimeoutMs + 2_000);
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, deadlineMs }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ signal }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, deadlineMs + 5_000);
    force.unref();
    service
      .stop({ deadlineMs })
      .then(() => database.close())
      .then(
        () => {
          logger.info({ signal }, 'stopped');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Entry point: `node dist/src/infrastructure/main.js [all|api|worker]`. */
async function main(): Promise<void> {
  const mode = (process.argv[2] ?? 'all') as Mode;
  if (!['all', 'api', 'worker'].includes(mode)) {
    console.error(`Unknown mode "${mode}": expected all, api or worker`);
    process.exit(2);
  }
  const { config, adminTokenFromFile } = settingsOrExit(() => withLocalSecrets(loadConfig()));
  const logger = createLogger(config.logLevel);
  const { service, database } = await start(config, mode, logger);
  logger.info(
    {
      mode,
      port: service.port,
      workerPort: service.workerPort ?? undefined,
      database: database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    },
    'service started',
  );
  if (adminTokenFromFile && mode !== 'worker') {
    // Printed on purpose, once per start, to the terminal only: the embedded quick start's admin credential.
    process.stdout.write(
      `\nAdmin API: http://localhost:${service.port}/api/v1/admin\nAdmin token (kept in ${config.dataDir}/secrets.json): ${config.adminToken}\n\n`,
    );
  }
  stopOnSignal(service, database, config, logger);
}

main().catch((err: unknown) => {
  console.error(`Start-up failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(err);
  process.exit(1);
});
