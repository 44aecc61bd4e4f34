import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { sendData } from './envelope.js';
import { errorHandler } from './error-mapper.js';
import { DatabaseUnavailable, ServiceUnavailable } from './http-errors.js';
import {
  accessLog,
  metricsHandler,
  notFoundOrMethodNotAllowed,
  RouteTable,
  type MetricsSource,
} from './observability.js';

/** True when the process can do its work (database reachable...), else the reason it cannot. */
export type Readiness = () => Promise<boolean | string>;

/**
 * `GET /health` (the process is up and answers HTTP) and `GET /ready` (it can do its work; else
 * 503 naming what is missing), the same on every port of the service that answers them.
 */
export function mountProbes(app: Express, routes: RouteTable, ready: Readiness): void {
  app.get('/health', (_req, res) => {
    sendData(res, { status: 'ok' });
  });
  app.get('/ready', async (_req, res) => {
    const verdict = await ready().catch(() => false);
    if (verdict === false) throw new DatabaseUnavailable();
    if (verdict !== true) throw new ServiceUnavailable(verdict);
    sendData(res, { status: 'ready' });
  });
  routes.add('/health', ['GET']);
  routes.add('/ready', ['GET']);
}

/**
 * A standalone webhook worker's own port: `/health`, `/ready` and `/metrics` (Prometheus text),
 * nothing else, without authentication (for container probes and a scraper on a private
 * network). Never mounted on the API's port.
 */
export function createProbeApp(options: { logger: Logger; ready: Readiness; metrics: MetricsSource }): Express {
  const app = express();
  app.disable('x-powered-by');
  const routes = new RouteTable();
  app.use(accessLog(options.logger, routes));
  mountProbes(app, routes, options.ready);
  app.get('/metrics', metricsHandler(options.metrics));
  routes.add('/metrics', ['GET']);
  app.use(notFoundOrMethodNotAllowed(routes));
  app.use(errorHandler(options.logger));
  return app;
}
