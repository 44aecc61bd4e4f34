import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { errorHandler } from './error-mapper.js';
import { RouteNotFound, ServiceUnavailable, UnsupportedMediaType } from './http-errors.js';
import { BODY_LIMIT_BYTES, guardBody, MAX_JSON_DEPTH, readJsonBody, requireDecodablePath } from './input-guard.js';

export interface HttpAppOptions {
  logger: Logger;
  /** Express `trust proxy`: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** True when the database answers. */
  ready: () => Promise<boolean>;
  routers: { path: string; router: Router }[];
  /** `BODY_TIMEOUT_MS`: how long a request body may take to arrive after its headers. */
  bodyTimeoutMs: number;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

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

  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
      },
    }),
  );

  app.get('/health', (_req, res) => {
    res.json({ success: true, data: { status: 'ok' } });
  });
  app.get('/ready', async (_req, res) => {
    if (!(await options.ready().catch(() => false))) throw new ServiceUnavailable('Database not reachable');
    res.json({ success: true, data: { status: 'ready' } });
  });

  const limits = {
    bodyLimitBytes: BODY_LIMIT_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs,
    maxJsonDepth: MAX_JSON_DEPTH,
  };
  app.use(requireDecodablePath);
  app.use(guardBody(limits));
  app.use(requireJson);
  app.use(readJsonBody(limits));

  for (const { path, router } of options.routers) app.use(path, router);

  app.use((_req, _res, next) => next(new RouteNotFound()));
  app.use(errorHandler(options.logger));
  return app;
}
