import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { AuditedChange, RecordTenancy } from '../../../application/ports/staff-ports.js';
import { inScope, requireRole, TotpEnrolmentRequired, UnscopedOnly, type Actor } from '../../../domain/staff/staff.js';
import type { AdminAccess, AdminContext, BoundRoute, RouteInput } from '../routes/route.js';
import { callerOf, sessionCookie } from './staff-gate.js';

/** The caller of a route that is not anonymous. */
function actorOf(res: Response): Actor {
  return callerOf(res).actor;
}

/**
 * Before a back-office route reads its input: an ADMIN who must set up TOTP may do only that;
 * the caller's role must include the route's (403 `FORBIDDEN`); a route for members of every
 * tenant refuses a scoped member (403).
 */
export function adminGuard(route: BoundRoute<AdminAccess>): RequestHandler {
  const { access } = route;
  return (_req, res, next) => {
    if (access.anonymous) return next();
    const actor = actorOf(res);
    if (actor.totpEnrolmentDue && !access.duringTotpEnrolment) throw new TotpEnrolmentRequired();
    requireRole(actor, access.role);
    if (access.tenant === 'unscoped' && actor.tenantIds !== null) throw new UnscopedOnly();
    next();
  };
}

/** Where the route's input names its tenant, or the record whose tenant it is. */
function tenantSlot(access: AdminAccess, input: RouteInput): { holder: Record<string, unknown>; key: string } | null {
  const { tenant } = access;
  if (tenant === 'path') return { holder: input.params, key: 'tenantId' };
  if (tenant === 'body') return { holder: input.body as Record<string, unknown>, key: 'tenantId' };
  if (typeof tenant === 'object') return { holder: input.params, key: 'id' };
  return null;
}

/**
 * The tenant scope, on the validated input: a scoped member's request about another tenant (or
 * a record of one) is answered as the same request about one that does not exist — the id is
 * replaced by a fresh one no record has, so the route answers exactly what it answers for an
 * unknown id, and changes nothing. Notes the tenant for the audit entry.
 */
export function adminScope(tenancy: RecordTenancy) {
  return async (_req: Request, res: Response, route: BoundRoute, input: RouteInput): Promise<void> => {
    const access = route.access as AdminAccess;
    if (access.anonymous) return;
    const slot = tenantSlot(access, input);
    const id = slot?.holder[slot.key];
    if (!slot || typeof id !== 'string') return;
    const tenantId = typeof access.tenant === 'object' ? await tenancy.tenantOf(access.tenant.of, id) : id;
    const { tenantIds } = actorOf(res);
    if (tenantId !== null && tenantIds !== null && !inScope(tenantIds, tenantId)) {
      slot.holder[slot.key] = randomUUID();
      return;
    }
    res.locals.tenantId = tenantId;
  };
}

/** The audit entry of a route's change, from its declaration and the request. */
function auditedChange(req: Request, res: Response, access: AdminAccess, input: RouteInput): AuditedChange | undefined {
  const audit = access.audit;
  if (!audit || access.anonymous) return undefined;
  const idParam = audit.id === 'none' ? null : (audit.id ?? (input.params.id !== undefined ? 'id' : null));
  return {
    kind: 'audited',
    actor: actorOf(res),
    action: audit.action,
    target: { type: audit.target, id: idParam === null ? null : (input.params[idParam] ?? null) },
    tenantId: (res.locals.tenantId as string | null | undefined) ?? null,
    ip: req.ip ?? null,
    requestId: typeof req.id === 'string' ? req.id : null,
    entry: null,
  };
}

/** What every back-office handler is given besides its input. */
export function adminContext(secureCookies: boolean) {
  return (req: Request, res: Response, route: BoundRoute, input: RouteInput): AdminContext => {
    const access = route.access as AdminAccess;
    return {
      actor: access.anonymous ? (undefined as never) : actorOf(res),
      audit: auditedChange(req, res, access, input),
      origin: { ip: req.ip ?? null, requestId: typeof req.id === 'string' ? req.id : null },
      session: sessionCookie(res, secureCookies),
    };
  };
}
