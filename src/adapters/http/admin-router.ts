import { Router } from 'express';
import { adminAuth } from './admin-auth.js';
import type { AdminAccess, BoundRoute } from './routes/route.js';
import { routerOf } from './routes/router.js';

/** The back-office API: every context's admin routes, from their tables, behind the admin token. */
export function createAdminRouter(adminToken: string, routes: readonly BoundRoute<AdminAccess>[]): Router {
  const router = Router();
  router.use(adminAuth(adminToken));
  router.use(routerOf(routes));
  return router;
}
