import { runAdminCli } from '../adapters/cli/admin-cli.js';
import { httpAdminApi, type AdminApi } from '../adapters/cli/admin-api.js';
import { loadConfig } from './config.js';
import { localAdminApi } from './local-admin-api.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';

/**
 * The admin API the command line talks to. With `ADMIN_API_URL` and `ADMIN_API_TOKEN` (a
 * personal access token, or the bootstrap token) in the environment: that service over HTTP(S),
 * as the token's staff member, needing neither the database nor SECRETS_KEY. Otherwise, on the
 * server: this installation's admin API started in this process, acting as `bootstrap`.
 */
function adminApi(): AdminApi & { stop(): Promise<void> } {
  const url = process.env.ADMIN_API_URL?.trim();
  if (url) {
    const token = process.env.ADMIN_API_TOKEN?.trim();
    if (!token) throw new Error('ADMIN_API_URL is set: ADMIN_API_TOKEN must hold a personal access token (pat_...)');
    return { ...httpAdminApi(url, token), stop: async () => undefined };
  }
  const { config } = withLocalSecrets(loadConfig());
  return localAdminApi(config, createLogger(process.env.LOG_LEVEL ?? 'warn'));
}

/** `npm run admin -- <command> ...`: the back-office operations from a shell, on the server or from a laptop. */
async function main(): Promise<number> {
  const api = adminApi();
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
