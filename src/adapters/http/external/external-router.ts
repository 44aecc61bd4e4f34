import { Router, type RequestHandler } from 'express';

/**
 * `/api/v1/external`: every route behind the authentication gate (and the gateway's
 * middleware after it, such as Idempotency-Key). Context routers are plain express routers
 * whose paths are relative to this prefix.
 */
export function createExternalRouter(gate: RequestHandler | RequestHandler[], contexts: Router[]): Router {
  const router = Router();
  router.use(gate);
  for (const context of contexts) router.use(context);
  return router;
}
