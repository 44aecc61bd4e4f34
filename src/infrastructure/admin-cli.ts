import { runAdminCli } from '../adapters/cli/admin-cli.js';
import { loadConfig } from './config.js';
import { localAdminApi } from './local-admin-api.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';

/** `npm run admin -- <command> ...`: the back-office operations from a shell on the server. */
async function main(): Promise<number> {
  const { config } = withLocalSecrets(loadConfig());
  const api = localAdminApi(config, createLogger(process.env.LOG_LEVEL ?? 'warn'));
  try {
    return await runAdminCli(process.argv.slice(2), api, {
      out: (t) => process.stdout.write(`${t}\n`),
      err: (t) => process.stderr.write(`${t}\n`),
    });
  } finally {
    await api.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
