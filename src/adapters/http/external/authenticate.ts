import type { Request, RequestHandler, Response } from 'express';
import { match } from 'path-to-regexp';
import type { AdmitRequest, Admission } from '../../../application/access/admit-request.js';
import { QuotaExceeded, RateLimited, type RateWindow } from '../../../domain/access/gateway.js';
import { AuthFailures } from '../../../domain/access/errors.js';
import { EXTERNAL_ROUTES, mayCall } from '../../../domain/access/permissions.js';

/** The role table's patterns, compiled once; static paths first so `/products/stock` is not taken for `/products/:id`. */
const PATTERNS = Object.keys(EXTERNAL_ROUTES)
  .map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path, test: match(path, { decode: false }) };
  })
  .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));

function routePattern(method: string, path: string): string | null {
  const m = method === 'HEAD' ? 'GET' : method;
  const found = PATTERNS.find((p) => p.method === m && p.test(path) !== false);
  return found ? found.path : null;
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Members of a signed body that belong to the signature scheme, not to the resource. */
const SIGNING_FIELDS = ['nonce', 'timestamp', 'signature'];

const secondsUntil = (at: Date, now: number) => Math.max(0, Math.ceil((at.getTime() - now) / 1000));

/**
 * The rate-limit fields of every authenticated answer (CONTRACT §8): IETF httpapi draft-11
 * `RateLimit-Policy` / `RateLimit` (the minute, and the month when a tier applies) and the
 * legacy `X-RateLimit-*` of the minute window (reset in epoch seconds).
 */
function setRateLimitHeaders(res: Response, minute: RateWindow, month?: RateWindow): void {
  const now = Date.now();
  const policies = [`"minute";q=${minute.limit};w=60`];
  const states = [`"minute";r=${minute.remaining};t=${secondsUntil(minute.resetAt, now)}`];
  if (month) {
    const monthSeconds = Math.round(
      (month.resetAt.getTime() - Date.UTC(month.resetAt.getUTCFullYear(), month.resetAt.getUTCMonth() - 1, 1)) / 1000,
    );
    policies.push(`"month";q=${month.limit};w=${monthSeconds}`);
    states.push(`"month";r=${month.remaining};t=${secondsUntil(month.resetAt, now)}`);
  }
  res.setHeader('RateLimit-Policy', policies.join(', '));
  res.setHeader('RateLimit', states.join(', '));
  res.setHeader('X-RateLimit-Limit', String(minute.limit));
  res.setHeader('X-RateLimit-Remaining', String(minute.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(minute.resetAt.getTime() / 1000)));
}

/**
 * The external API's gate: the gateway (failed-auth limit, spec 5.2's six checks, the
 * integration's rate limit, the monthly quota, metering: AdmitRequest), then the role × route
 * table (403 FORBIDDEN), then the signing fields are removed from the body so the resource
 * schemas see only resource fields. The caller goes to `res.locals.caller`.
 */
export function authenticate(gateway: AdmitRequest): RequestHandler {
  return async (req, res, next) => {
    let admission: Admission;
    try {
      admission = await gateway.execute({
        clientId: header(req, 'x-client-id'),
        apiKey: header(req, 'x-api-key'),
        ip: req.ip ?? req.socket.remoteAddress ?? '',
        timestamp: header(req, 'x-timestamp'),
        nonce: header(req, 'x-nonce'),
        method: req.method,
        pathWithQuery: req.originalUrl,
        body: req.body,
        requestSignature: header(req, 'x-signature'),
      });
    } catch (err) {
      if (err instanceof RateLimited || err instanceof QuotaExceeded) {
        res.setHeader('Retry-After', String(err.retryAfterSeconds));
        if (err.window) setRateLimitHeaders(res, err.window);
      }
      throw err;
    }
    const { caller } = admission;
    setRateLimitHeaders(res, admission.minute, admission.month);
    const pattern = routePattern(req.method, req.path);
    // An unknown path falls through to the 404; a known one needs the role's permission.
    if (pattern !== null && !mayCall(caller.role, req.method, pattern)) throw AuthFailures.forbidden();
    if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
      for (const field of SIGNING_FIELDS) delete (req.body as Record<string, unknown>)[field];
    }
    res.locals.caller = caller;
    next();
  };
}
