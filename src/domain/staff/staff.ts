import { AuthenticationError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { staffRoleIncludes, type StaffRole } from '../access/staff-roles.js';

/** A password's length: long enough to resist guessing, short enough to hash in bounded time. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/** Which tenants a member may see: `null` is every tenant (platform staff). */
export type TenantScope = readonly string[] | null;

/** A member of the back office's staff, as the application reads it (never its secrets). */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  tenantIds: TenantScope;
  active: boolean;
  totpEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** How the caller of the back office proved who it is. */
export type ActorType = 'STAFF' | 'TOKEN' | 'BOOTSTRAP';

/**
 * Who is calling the back office: a member by session (`STAFF`) or personal access token
 * (`TOKEN`), or the bootstrap token, an unscoped ADMIN named `bootstrap` with no staff id.
 */
export interface Actor {
  type: ActorType;
  staffId: string | null;
  email: string;
  name: string;
  role: StaffRole;
  tenantIds: TenantScope;
  /** The session's id and absolute end, when signed in with one. */
  sessionId?: string;
  sessionExpiresAt?: Date;
  /** An ADMIN who must confirm a one-time code before doing anything else. */
  totpEnrolmentDue?: boolean;
}

/** The command line on the server and `ADMIN_TOKEN` act as this unscoped ADMIN. */
export const BOOTSTRAP_ACTOR: Actor = {
  type: 'BOOTSTRAP',
  staffId: null,
  email: 'bootstrap',
  name: 'bootstrap',
  role: 'ADMIN',
  tenantIds: null,
};

/** Does the scope include the tenant? */
export function inScope(scope: TenantScope, tenantId: string): boolean {
  return scope === null || scope.includes(tenantId);
}

/** Is `inner` within `outer` (a scoped member grants only tenants it has)? */
export function scopeWithin(inner: TenantScope, outer: TenantScope): boolean {
  if (outer === null) return true;
  return inner !== null && inner.every((id) => outer.includes(id));
}

/** 403 FORBIDDEN: the caller's role does not include the route's. */
export class InsufficientRole extends ForbiddenError {
  constructor() {
    super('Insufficient role');
  }
}

/** 401: wrong email or password, the same for an unknown email. */
export class InvalidCredentials extends AuthenticationError {
  constructor() {
    super('INVALID_CREDENTIALS', 'Invalid email or password');
  }
}

/** 401: the account has TOTP and the code is missing or wrong. */
export class TotpRequired extends AuthenticationError {
  constructor() {
    super('TOTP_REQUIRED', 'A valid one-time code is required');
  }
}

/** 401: no credentials, or expired or revoked ones. */
export class StaffUnauthorized extends AuthenticationError {
  constructor() {
    super('UNAUTHORIZED', 'Missing, expired or revoked credentials');
  }
}

/** 403: a cookie-authenticated change from another origin. */
export class CsrfRejected extends ForbiddenError {
  constructor() {
    super('Cross-site request refused', 'CSRF_REJECTED');
  }
}

/** 403: ADMINs must confirm a one-time code before anything but setting one up. */
export class TotpEnrolmentRequired extends ForbiddenError {
  constructor() {
    super('Set up a one-time code first: ADMINs must use one', 'TOTP_ENROLMENT_REQUIRED');
  }
}

export class StaffNotFound extends NotFoundError {
  constructor() {
    super('Staff member not found');
  }
}

export class AccessTokenNotFound extends NotFoundError {
  constructor() {
    super('Access token not found');
  }
}

/** An email another member has (emails are unique, case-insensitively). */
export class DuplicateStaffEmail extends ValidationError {
  static readonly rule = 'A staff member with this email already exists';
  constructor() {
    super(DuplicateStaffEmail.rule, 'email');
  }
}

/** A scoped ADMIN grants only tenants it has; only unscoped ADMINs make unscoped staff. */
export class ScopeBeyondOwn extends ValidationError {
  static readonly rule = 'tenantIds must be within your own tenants';
  constructor() {
    super(ScopeBeyondOwn.rule, 'tenantIds');
  }
}

export class WrongCurrentPassword extends ValidationError {
  static readonly rule = 'The current password is wrong';
  constructor() {
    super(WrongCurrentPassword.rule, 'currentPassword');
  }
}

/** Confirming TOTP: a code that is not the pending secret's, or no set-up started. */
export class WrongTotpCode extends ValidationError {
  static readonly rule = 'The one-time code is wrong, or no set-up was started';
  constructor() {
    super(WrongTotpCode.rule, 'code');
  }
}

/** A decision's `approvedBy` / `rejectedBy` naming someone else than the caller. */
export class ActorMismatch extends ValidationError {
  static readonly rule = 'must be absent or your own email';
  constructor(field: string) {
    super(`${field} ${ActorMismatch.rule}`, field);
  }
}

/** 403: only members of every tenant may do this. */
export class UnscopedOnly extends ForbiddenError {
  constructor() {
    super('Only staff of every tenant may do this');
  }
}

/** 403: the bootstrap token's own password, TOTP or tokens. */
export class NoOwnAccount extends ForbiddenError {
  constructor() {
    super('The bootstrap token has no account of its own');
  }
}

/** May the actor call a route that needs `least`? Throws 403 when not. */
export function requireRole(actor: Actor, least: StaffRole): void {
  if (!staffRoleIncludes(actor.role, least)) throw new InsufficientRole();
}

/**
 * The name a decision records: the caller's email. Only the bootstrap token may name someone
 * else (its automation acts for people); anyone else may repeat its own email or leave it out.
 */
export function decidedBy(actor: Actor, named: string | undefined, field: string): string {
  if (named === undefined || named === actor.email) return actor.email;
  if (actor.type === 'BOOTSTRAP') return named;
  throw new ActorMismatch(field);
}
