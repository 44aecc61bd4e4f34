import { randomUUID } from 'node:crypto';
import type { RequestHandler, Router } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';
import type { Logger } from 'pino';
import { BodyNotAnObject, MethodNotAllowed, RouteNotFound } from './http-errors.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (`x-request-id`), set by the access log. */
    id: string;
  }
}

/** One finished request, as the metrics see it: the route template, never the raw URL. */
export interface RequestRecord {
  method: string;
  route: string;
  status: number;
  durationSeconds: number;
  errorCode: string | null;
}

export interface RequestObserver {
  observe(record: RequestRecord): void;
}

/** Where `/metrics` gets its text (Prometheus exposition format). */
export interface MetricsSource {
  readonly contentType: string;
  render(): Promise<string>;
}

interface RouteEntry {
  template: string;
  methods: Set<string>;
  params: number;
  test: MatchFunction<object>;
}

/** Label of a request that matched no route (404s), so scanners cannot blow up label cardinality. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Every route the app serves, by full template (`/api/v1/external/products/:id`) and methods,
 * read from the express routers themselves. It names a request's route for the logs and
 * metrics, and tells a wrong method on a known path (405) from an unknown path (404).
 */
export class RouteTable {
  private readonly entries = new Map<string, RouteEntry>();

  add(template: string, methods: string[]): void {
    const entry = this.entries.get(template) ?? {
      template,
      methods: new Set<string>(),
      params: (template.match(/[:*]/g) ?? []).length,
      test: match(template, { decode: false }),
    };
    for (const m of methods) entry.methods.add(m.toUpperCase());
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
    this.entries.set(template, entry);
  }

  /** Every route of an express router mounted at `base` (nested routers included). */
  addRouter(base: string, router: Router): void {
    type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
    const walk = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.route) {
          const path = layer.route.path === '/' ? '' : layer.route.path;
          this.add(`${base}${path}` || '/', Object.keys(layer.route.methods));
        } else if (layer.handle?.stack) {
          walk(layer.handle.stack);
        }
      }
    };
    walk((router as unknown as { stack: Layer[] }).stack);
  }

  /** Every template and its methods (HEAD, which express adds to GET, left out). */
  list(): { template: string; methods: string[] }[] {
    return [...this.entries.values()].map((e) => ({
      template: e.template,
      methods: [...e.methods].filter((m) => m !== 'HEAD').sort(),
    }));
  }

  private matching(path: string): RouteEntry[] {
    return [...this.entries.values()].filter((e) => e.test(path) !== false).sort((a, b) => a.params - b.params);
  }

  /** The template that serves this method and path, or null. */
  templateOf(method: string, path: string): string | null {
    const m = method.toUpperCase();
    return this.matching(path).find((e) => e.methods.has(m))?.template ?? null;
  }

  /** The methods a known path allows when `method` is not one of them; null when the path is unknown or allows it. */
  disallowed(method: string, path: string): string[] | null {
    const found = this.matching(path);
    if (found.length === 0) return null;
    const m = method.toUpperCase();
    if (found.some((e) => e.methods.has(m))) return null;
    // The most specific templates name the resource (`/products/stock`, not also `/products/:id`).
    const closest = found.filter((e) => e.params === found[0]!.params);
    return [...new Set(closest.flatMap((e) => [...e.methods]))].sort();
  }

  /** For labels: the serving template, else the path's template whatever the method, else UNMATCHED_ROUTE. */
  label(method: string, path: string): string {
    return this.templateOf(method, path) ?? this.matching(path)[0]?.template ?? UNMATCHED_ROUTE;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One access line per request (info, warn for 4xx, error for 5xx) with the request id, method,
 * route template, status, duration, the caller's client id, integration and tenant when known,
 * and the error code on errors; and the same record to the metrics. Headers and bodies are
 * never logged (credentials and signatures stay out of the logs).
 */
export function accessLog(logger: Logger, routes: RouteTable, observer?: RequestObserver): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: routers rewrite req.url while a request is inside them.
    const path = req.path;
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const durationSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routes.label(req.method, path);
      const status = res.statusCode;
      const errorCode = typeof res.locals.errorCode === 'string' ? res.locals.errorCode : null;
      const caller = res.locals.caller as { integrationId?: string; tenantId?: string } | undefined;
      const clientId = req.headers['x-client-id'];
      const line = {
        requestId: id,
        method: req.method,
        route,
        url: req.originalUrl,
        status,
        durationMs: Math.round(durationSeconds * 1e6) / 1e3,
        clientId: typeof clientId === 'string' ? clientId.slice(0, 128) : undefined,
        integrationId: caller?.integrationId,
        tenantId: caller?.tenantId,
        errorCode: errorCode ?? undefined,
        remoteAddress: req.ip,
        aborted: res.writableFinished ? undefined : true,
      };
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      logger[level](line, 'request completed');
      observer?.observe({ method: req.method, route, status, durationSeconds, errorCode });
    };
    res.once('finish', finish);
    res.once('close', finish);
    next();
  };
}

/**
 * Before the routers: a wrong method on a known path outside `authenticatedPrefix` is 405 before
 * any authentication; a JSON body that is an array is 400 (bodies are objects).
 */
export function routeGuard(routes: RouteTable, authenticatedPrefix: string): RequestHandler {
  return (req, _res, next) => {
    if (Array.isArray(req.body)) {
      next(new BodyNotAnObject());
      return;
    }
    if (req.path !== authenticatedPrefix && !req.path.startsWith(`${authenticatedPrefix}/`)) {
      const allow = routes.disallowed(req.method, req.path);
      if (allow) {
        next(new MethodNotAllowed(allow));
        return;
      }
    }
    next();
  };
}

/** After the routers: a known path with a wrong method is 405 (after the external API's authentication), else 404. */
export function notFoundOrMethodNotAllowed(routes: RouteTable): RequestHandler {
  return (req, _res, next) => {
    const allow = routes.disallowed(req.method, req.path);
    next(allow ? new MethodNotAllowed(allow) : new RouteNotFound());
  };
}

/** `GET /metrics`: Prometheus text, optionally behind a gate (the admin bearer token). */
export function metricsHandler(source: MetricsSource): RequestHandler {
  return async (_req, res) => {
    const text = await source.render();
    res.setHeader('content-type', source.contentType);
    res.status(200).send(text);
  };
}
