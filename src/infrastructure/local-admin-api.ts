import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { httpAdminApi, type AdminApi } from '../adapters/cli/admin-api.js';
import type { Config } from './config.js';
import { startService, type RunningService } from './service.js';
import { resolve } from './modules/bind.js';
import { INFRA } from './tokens.js';

/**
 * The admin API of this installation, started in this process for a tool (the command line,
 * the demo seed): the service without its public listener or worker, and the express app on a
 * loopback port only this process knows. Started on first use, so `--help` needs no database.
 */
export function localAdminApi(config: Config, logger: Logger): AdminApi & { stop(): Promise<void> } {
  let started: Promise<{ service: RunningService; server: Server; api: AdminApi }> | null = null;
  // The command line on the server acts as `bootstrap`: with no ADMIN_TOKEN (production, once a
  // staff ADMIN exists), this process's own loopback API takes a token nobody else knows.
  const token = config.adminToken ?? randomBytes(32).toString('base64url');
  const start = async () => {
    const service = await startService({ ...config, adminToken: token }, logger, 'none');
    const app = resolve(service.container, INFRA.HttpApp);
    const server = await new Promise<Server>((listening, failed) => {
      const s = app.listen(0, '127.0.0.1', () => listening(s));
      s.once('error', failed);
    });
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    return { service, server, api: httpAdminApi(`http://127.0.0.1:${port}`, token) };
  };
  return {
    async send(request) {
      started ??= start();
      return (await started).api.send(request);
    },
    async stop() {
      if (!started) return;
      const { service, server } = await started;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await service.stop();
    },
  };
}
