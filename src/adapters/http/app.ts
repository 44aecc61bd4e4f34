import express, { type Express, type RequestHandler, type Router } from 'express';
import { withCallerWrites } from '../shared/caller-writes.js';
import type { Logger } from 'pino';
import { errorHandler } from './error-mapper.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { UnsupportedMediaType } from './http-errors.js';
import { BODY_LIMIT_BYTES, guardBody, MAX_JSON_DEPTH, readJsonBody, requireDecodablePath } from './input-guard.js';
import {
  accessLog,
  metricsHandler,
  notFoundOrMethodNotAllowed,
  routeGuard,
  RouteTable,
  type MetricsSource,
  type RequestObserver,
} from './observability.js';
import { createDocsRouter } from './openapi/docs-page.js';
import { createConsoleRouter } from './console-app.js';
import { mountProbes, type Readiness } from './probes.js';

/**
 * The external API: its 405s come after its authentication checks, so a call that fails them gets the
 * authentication error, whatever its method.
 */
const EXTERNAL_PREFIX = '/api/v1/external';

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

export interface HttpAppOptions {
  logger: Logger;
  /** Express `trust proxy`: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** True when the service can serve (database reachable...), else the reason it cannot. */
  ready: Readiness;
  /** Request metrics and the `/metrics` endpoint (with its gate, if any). */
  observability?: {
    requests?: RequestObserver;
    metrics?: { source: MetricsSource; gate?: RequestHandler };
  };
  routers: { path: string; router: Router }[];
  /** `BODY_TIMEOUT_MS`: how long a request body may take to arrive after its headers. */
  bodyTimeoutMs: number;
  /** The console's build output (default: packages/console/dist of this checkout). */
  consoleDir?: string;
  /** With read replicas: each external request carries its caller's context (caller-writes.ts). */
  callerWrites?: boolean;
}

/** Opens the request's CallerWrites: a GET may read a replica, anything else reads the primary. */
const openCallerWrites: RequestHandler = (req, _res, next) => {
  withCallerWrites(req.method === 'GET' || req.method === 'HEAD', next);
};

/** JSON bodies only: a body with another Content-Type is refused rather than ignored. */
const requireJson: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !req.is('application/json')) {
    next(new UnsupportedMediaType());
    return;
  }
  next();
};

/**
 * The express application: request id and access log, health probes, the input limits of
 * input-guard.ts (path escapes, body size and time, encoding, JSON depth) around JSON parsing,
 * the routers handed in, then the 404 and the one error mapper.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.set('query parser', 'simple');

  const routes = new RouteTable();
  // Read by the document test: every route express serves must be documented, and no other.
  app.locals.routes = routes;
  app.use(accessLog(options.logger, routes, options.observability?.requests));

  mountProbes(app, routes, options.ready);
  // The document answers without authentication; built once, on first request.
  let openApi: string | null = null;
  app.get(OPENAPI_PATH, (_req, res) => {
    openApi ??= JSON.stringify(buildOpenApiDocument());
    res.type('application/json').send(openApi);
  });
  routes.add(OPENAPI_PATH, ['GET']);
  const metrics = options.observability?.metrics;
  if (metrics) {
    app.get('/metrics', ...(metrics.gate ? [metrics.gate] : []), metricsHandler(metrics.source));
    routes.add('/metrics', ['GET']);
  }
  const docs = createDocsRouter(OPENAPI_PATH);
  app.use(docs);
  routes.addRouter('', docs);
  // The back-office console (packages/console): static files, no body, no authentication of its own.
  const backOffice = createConsoleRouter(options.consoleDir);
  app.use(backOffice);
  routes.addRouter('', backOffice);

  const limits = {
    bodyLimitBytes: BODY_LIMIT_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs,
    maxJsonDepth: MAX_JSON_DEPTH,
  };
  app.use(requireDecodablePath);
  app.use(guardBody(limits));
  app.use(requireJson);
  app.use(readJsonBody(limits));

  for (const { path, router } of options.routers) routes.addRouter(path, router);
  app.use(routeGuard(routes, EXTERNAL_PREFIX));
  if (options.callerWrites) app.use(EXTERNAL_PREFIX, openCallerWrites);
  for (const { path, router } of options.routers) app.use(path, router);

  app.use(notFoundOrMethodNotAllowed(routes));
  app.use(errorHandler(options.logger));
  return app;
}
