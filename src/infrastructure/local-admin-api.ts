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
  const start = async () => {
    if (!config.adminToken) throw new Error('ADMIN_TOKEN is not set');
    const service = await startService(config, logger, 'none');
    const app = resolve(service.container, INFRA.HttpApp);
    const server = await new Promise<Server>((listening, failed) => {
      const s = app.listen(0, '127.0.0.1', () => listening(s));
      s.once('error', failed);
    });
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    return { service, server, api: httpAdminApi(`http://127.0.0.1:${port}`, config.adminToken) };
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
