import { ConfigError, loadConfig } from './config.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';
import { startService, type Mode } from './service.js';
import { describeStartupFailure } from './startup-errors.js';

/** Entry point: `node dist/src/infrastructure/main.js [all|api|worker]`. */
async function main(): Promise<void> {
  const mode = (process.argv[2] ?? 'all') as Mode;
  if (!['all', 'api', 'worker'].includes(mode)) {
    console.error(`Unknown mode "${mode}": expected all, api or worker`);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const local = withLocalSecrets(config);
  config = local.config;
  const logger = createLogger(config.logLevel);

  let service;
  try {
    service = await startService(config, logger, mode);
  } catch (err) {
    // One line naming the cause and the fix; the stack only at LOG_LEVEL=debug (or trace).
    console.error(describeStartupFailure(err, config));
    if (logger.isLevelEnabled('debug')) console.error(err);
    process.exit(1);
  }
  logger.info(
    {
      mode,
      port: service.port,
      database: service.database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    },
    'service started',
  );
  if (local.adminTokenFromFile && mode !== 'worker') {
    // Printed on purpose, once per start, to the terminal only: the embedded quick start's admin credential.
    process.stdout.write(
      `\nAdmin API: http://localhost:${service.port}/api/v1/admin\nAdmin token (kept in ${config.dataDir}/secrets.json): ${config.adminToken}\n\n`,
    );
  }

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
    service.stop({ deadlineMs }).then(
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

main().catch((err: unknown) => {
  console.error(`Start-up failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(err);
  process.exit(1);
});
