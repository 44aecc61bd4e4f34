import type { Request, RequestHandler, Response } from 'express';
import { match } from 'path-to-regexp';
import type { AdmitRequest, Admission, VerifiedAdmission } from '../../../application/access/admit-request.js';
import { isSignedMethod } from '../../../domain/access/request-rules.js';
import { sendError } from '../error-mapper.js';
import { QuotaExceeded, RateLimited, type RateWindow } from '../../../domain/access/gateway.js';
import { AuthFailures } from '../../../domain/access/errors.js';
import { mayCall, type Area } from '../../../domain/access/permissions.js';
import type { ExternalAccess } from '../routes/route.js';
import { inServingOrder } from '../routes/router.js';

/** The routes' paths and areas, as the role check needs them. */
export interface RouteAccess {
  method: string;
  path: string;
  access: ExternalAccess;
}

/** The areas of the route serving `method path`, or null when no route serves it. */
export function areasOf(routes: readonly RouteAccess[]): (method: string, path: string) => readonly Area[] | null {
  const patterns = inServingOrder(routes).map((route) => ({
    method: route.method.toUpperCase(),
    test: match(route.path, { decode: false }),
    access: route.access,
  }));
  return (method, path) => {
    const m = method === 'HEAD' ? 'GET' : method;
    return patterns.find((p) => p.method === m && p.test(path) !== false)?.access ?? null;
  };
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Members of a signed body that belong to the signature scheme, not to the resource. */
const SIGNING_FIELDS = ['nonce', 'timestamp', 'signature'];

const secondsUntil = (at: Date, now: number) => Math.max(0, Math.ceil((at.getTime() - now) / 1000));

/**
 * The rate-limit fields of every authenticated answer: IETF httpapi draft-11
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

/** Sets a refused admission's Retry-After and rate-limit fields. */
function refusalHeaders(res: Response, err: unknown): void {
  if (err instanceof RateLimited || err instanceof QuotaExceeded) {
    res.setHeader('Retry-After', String(err.retryAfterSeconds));
    if (err.window) setRateLimitHeaders(res, err.window);
  }
}

/**
 * Holds a read's answer until its admission settles: the read's query runs beside the nonce
 * claim (one round trip instead of two in a row), but the caller is told nothing (no data, no
 * error of the handler's) before the claim has succeeded. A refused admission answers its own
 * error instead, exactly as if the handler had never run.
 */
function holdAnswerUntil(res: Response, admission: Promise<Admission>): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    res.json = json;
    admission.then(
      (admitted) => {
        setRateLimitHeaders(res, admitted.minute, admitted.month);
        json(body);
      },
      (err: unknown) => {
        refusalHeaders(res, err);
        sendError(res, err);
      },
    );
    return res;
  };
}

/**
 * The external API's gate: the gateway (failed-auth limit, spec 5.2's six checks, the
 * integration's rate limit, the monthly quota, metering: AdmitRequest), then the role's areas
 * against the route's (403 FORBIDDEN), then the signing fields are removed from the body so the resource
 * schemas see only resource fields. The caller goes to `res.locals.caller`.
 *
 * A write is admitted (its nonce claimed) before its handler runs. A read's handler runs
 * beside the claim and its answer is held until the claim succeeds: reads change nothing, so
 * a replayed read costs one query and learns nothing.
 */
export function authenticate(gateway: AdmitRequest, routes: readonly RouteAccess[]): RequestHandler {
  const routeAreas = areasOf(routes);
  return async (req, res, next) => {
    let verified: VerifiedAdmission;
    try {
      verified = await gateway.verify({
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
      refusalHeaders(res, err);
      throw err;
    }
    const admission = verified.admit();
    const areas = routeAreas(req.method, req.path);
    // An unknown path falls through to the 404; a known one needs the role's permission.
    const allowed = areas === null || mayCall(verified.caller.role, req.method, areas);
    if (!allowed || isSignedMethod(req.method)) {
      let admitted: Admission;
      try {
        admitted = await admission;
      } catch (err) {
        refusalHeaders(res, err);
        throw err;
      }
      setRateLimitHeaders(res, admitted.minute, admitted.month);
      if (!allowed) throw AuthFailures.forbidden();
    } else {
      // Settled by the held answer; never left as an unhandled rejection if none comes.
      admission.catch(() => undefined);
      holdAnswerUntil(res, admission);
    }
    if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
      for (const field of SIGNING_FIELDS) delete (req.body as Record<string, unknown>)[field];
    }
    res.locals.caller = verified.caller;
    next();
  };
}
