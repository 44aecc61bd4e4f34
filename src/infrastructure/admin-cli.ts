import type { BackOfficeUseCases } from '../application/back-office.js';
import { TOKENS } from '../application/tokens.js';
import { runAdminCli, usage } from '../adapters/cli/admin-cli.js';
import { loadConfig } from './config.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';
import { startService } from './service.js';

/** `npm run admin -- <command> ...`: the back-office operations from a shell on the server. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(`${usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const { config } = withLocalSecrets(loadConfig());
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const service = await startService(config, logger, 'none');
  try {
    const uc = service.container.get<BackOfficeUseCases>(TOKENS.BackOfficeUseCases);
    return await runAdminCli(argv, uc, {
      out: (t) => process.stdout.write(`${t}\n`),
      err: (t) => process.stderr.write(`${t}\n`),
    });
  } finally {
    await service.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
