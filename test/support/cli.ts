import { httpAdminApi } from '../../src/adapters/cli/admin-api.js';
import { runAdminCli } from '../../src/adapters/cli/admin-cli.js';
import { ADMIN_TOKEN, type TestService } from './service.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
  /** stdout parsed as JSON (run the command with `--json`). */
  json(): any;
}

/** Runs the admin command-line tool against the test service's admin API, capturing its output. */
export function cliFor(svc: TestService, token = ADMIN_TOKEN) {
  const api = httpAdminApi(svc.baseUrl, token);
  return async (...argv: string[]): Promise<CliRun> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(argv, api, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n'), json: () => JSON.parse(out.join('\n')) };
  };
}
