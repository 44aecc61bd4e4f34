import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { BoundRoute, ExternalAccess } from '../routes/route.js';
import { routerOf, type Serve } from '../routes/router.js';
import { callerOf } from './caller.js';

/**
 * Express answers an OPTIONS that no route serves by itself (200, text/plain, an `Allow` of the
 * routes seen so far in one context router only). Here OPTIONS leaves the router instead, so it
 * reaches the app's 404/405 like any other method no route serves: the JSON envelope with the
 * full `Allow`, after authentication.
 */
const noAutomaticOptions: RequestHandler = (req, _res, next) => {
  next(req.method === 'OPTIONS' ? 'router' : undefined);
};

/**
 * `/api/v1/external`: every route of the context tables, behind the authentication gate. Each
 * handler is given the caller, and a POST's Idempotency-Key; `serve` keeps a keyed answer.
 */
export function createExternalRouter(
  gate: RequestHandler,
  routes: readonly BoundRoute<ExternalAccess>[],
  serve: Serve,
): Router {
  const router = Router();
  router.use(gate);
  router.use(noAutomaticOptions);
  const context = (_req: Request, res: Response) => ({ caller: callerOf(res) });
  router.use(routerOf(routes, { context, refuseUndeclaredBodies: true, serve }));
  return router;
}
