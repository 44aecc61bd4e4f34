import type { Server } from 'node:http';
import type { RequestHandler, Router } from 'express';
import { Router as createRouter } from 'express';
import type { Caller } from '../../src/application/access/caller.js';
import { createHttpApp } from '../../src/adapters/http/app.js';
import { AuthenticationError } from '../../src/domain/shared/errors.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import type { JsonResponse } from './service.js';

/**
 * TEST-ONLY STAND-IN FOR THE REAL AUTHENTICATION MIDDLEWARE.
 *
 * External routers expect the authentication middleware (HMAC signature, nonce, timestamp,
 * IP allow-list, roles) to have put the authenticated `Caller` on `res.locals.caller`. Until
 * that middleware is mounted in front of them, HTTP tests of external routes run on this
 * harness: the real express app of `createHttpApp` (JSON parsing, envelopes, the one error
 * mapper) with the routers under `/api/v1/external`, preceded by a tiny middleware that takes
 * the caller from the `x-test-caller` header (base64url JSON). It checks nothing: it is not
 * authentication and must never be used outside tests.
 */
const TEST_CALLER_HEADER = 'x-test-caller';

const testCaller: RequestHandler = (req, res, next) => {
  const raw = req.get(TEST_CALLER_HEADER);
  if (!raw) {
    next(new AuthenticationError('INVALID_OR_INACTIVE_CLIENT_ID', 'Invalid or inactive Client ID or API Key.'));
    return;
  }
  res.locals.caller = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Caller;
  next();
};

export interface ExternalHarness {
  baseUrl: string;
  /** Calls `/api/v1/external<path>` as `caller` (null: without one). */
  call<T = any>(caller: Caller | null, method: string, path: string, body?: unknown): Promise<JsonResponse<T>>;
  stop(): Promise<void>;
}

/** Serves `routers` under `/api/v1/external` behind the test caller middleware, on a free port. */
export async function startExternalHarness(routers: Router | Router[]): Promise<ExternalHarness> {
  const external = createRouter();
  external.use(testCaller);
  for (const r of Array.isArray(routers) ? routers : [routers]) external.use(r);
  const app = createHttpApp({
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    trustProxy: false,
    ready: async () => true,
    routers: [{ path: '/api/v1/external', router: external }],
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const baseUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  return {
    baseUrl,
    async call(caller, method, path, body) {
      const headers: Record<string, string> = {};
      if (caller) headers[TEST_CALLER_HEADER] = Buffer.from(JSON.stringify(caller)).toString('base64url');
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}/api/v1/external${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
