import { Router, type RequestHandler } from 'express';

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
 * `/api/v1/external`: every route behind the authentication gate (and the gateway's
 * middleware after it, such as Idempotency-Key). Context routers are plain express routers
 * whose paths are relative to this prefix.
 */
export function createExternalRouter(gate: RequestHandler | RequestHandler[], contexts: Router[]): Router {
  const router = Router();
  router.use(gate);
  router.use(noAutomaticOptions);
  for (const context of contexts) router.use(context);
  return router;
}
