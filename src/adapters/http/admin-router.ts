import { Router, type RequestHandler } from 'express';
import type { RecordTenancy } from '../../application/ports/staff-ports.js';
import type { AuthenticateStaff } from '../../application/staff/authenticate-staff.js';
import { adminContext, adminGuard, adminScope } from './admin/admin-guard.js';
import { staffGate, type StaffGateOptions } from './admin/staff-gate.js';
import type { AdminAccess, BoundRoute } from './routes/route.js';
import { routerOf } from './routes/router.js';

export interface AdminRouterDeps {
  authenticate: AuthenticateStaff;
  tenancy: RecordTenancy;
  gate: StaffGateOptions;
}

/**
 * The back-office API: every context's admin routes, from their tables, behind the staff gate
 * (session cookie, personal access token or the bootstrap token), each route held to the role
 * and tenant scope declared beside it.
 */
export function createAdminRouter(deps: AdminRouterDeps, routes: readonly BoundRoute<AdminAccess>[]): Router {
  const router = Router();
  router.use(staffGate(deps.authenticate, deps.gate));
  const guard = adminGuard as (route: BoundRoute) => RequestHandler;
  router.use(
    routerOf(routes, { guard, prepare: adminScope(deps.tenancy), context: adminContext(deps.gate.secureCookies) }),
  );
  return router;
}
