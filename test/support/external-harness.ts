import type { Server } from 'node:http';
import { Router, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import type { Caller } from '../../src/application/access/caller.js';
import { createHttpApp } from '../../src/adapters/http/app.js';
import { AuthenticationError } from '../../src/domain/shared/errors.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import { call, startTestService, type JsonResponse, type TestService } from './service.js';

/**
 * TEST-ONLY STAND-IN FOR THE REAL AUTHENTICATION MIDDLEWARE.
 *
 * The external routers are built by the contexts while the lead builds the real
 * authentication (client id, IP allow-list, timestamp, nonce, HMAC signature, roles) and
 * mounts them behind it. Until then, HTTP tests mount a router here, behind this middleware:
 * it trusts an `x-test-caller` header (base64url JSON of a `Caller`) and puts it on
 * `res.locals.caller`, exactly where the real middleware puts the authenticated integration.
 * Without the header it answers 401 as the real check 1 would. Nothing here is production code.
 */
const TEST_CALLER_HEADER = 'x-test-caller';

const trustTestCaller: RequestHandler = (req, res, next) => {
  const raw = req.get(TEST_CALLER_HEADER);
  if (!raw) {
    next(new AuthenticationError('INVALID_OR_INACTIVE_CLIENT_ID', 'Invalid or inactive Client ID or API Key.'));
    return;
  }
  res.locals.caller = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Caller;
  next();
};

export interface ExternalHarness {
  /** The real service (admin API, container, test database, emptied first). */
  svc: TestService;
  /** Base URL of the test app that serves `/api/v1/external/...`. */
  externalUrl: string;
  /** A JSON call to `/api/v1/external<path>` as `caller` (null: unauthenticated). */
  external<T = any>(caller: Caller | null, method: string, path: string, body?: unknown): Promise<JsonResponse<T>>;
  /** A JSON call to the admin API (`/api/v1/admin<path>`) with the admin token. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>>;
  stop(): Promise<void>;
}

/**
 * Starts the real service plus a test app serving `mount(container)` under
 * `/api/v1/external` behind `trustTestCaller` (see above), with the real request id, JSON
 * parsing, 404 and error mapper of `createHttpApp`.
 */
export async function startExternalHarness(mount: (container: Container) => Router): Promise<ExternalHarness> {
  const svc = await startTestService();
  const external = Router();
  external.use(trustTestCaller);
  external.use(mount(svc.container));
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
  const externalUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    svc,
    externalUrl,
    external: (caller, method, path, body) =>
      call(externalUrl, method, `/api/v1/external${path}`, {
        body,
        token: null,
        headers: caller
          ? { [TEST_CALLER_HEADER]: Buffer.from(JSON.stringify(caller), 'utf8').toString('base64url') }
          : {},
      }),
    admin: (method, path, body) => call(svc.baseUrl, method, `/api/v1/admin${path}`, { body }),
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await svc.stop();
    },
  };
}
