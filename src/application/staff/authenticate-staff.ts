import { StaffUnauthorized, type Actor, type StaffMember } from '../../domain/staff/staff.js';
import type { Clock } from '../ports/clock.js';
import type { SecretTokens } from '../ports/staff-ports.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { SessionPolicy } from './sign-in.js';

/** A staff caller and, for a session, when it ends if nothing else happens. */
export interface StaffCaller {
  actor: Actor;
  member: StaffMember;
  /** The session's absolute end (sessions only). */
  expiresAt?: Date;
}

/**
 * Who a back-office request's credentials name: a session cookie or a personal access token.
 * Both are looked up by hash on every request, with the member's current role, scope and
 * `active`: a revocation, deactivation or role change holds on every process at once.
 */
export class AuthenticateStaff {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly tokens: SecretTokens,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async bySession(cookie: string): Promise<StaffCaller> {
    const now = this.clock.now();
    const found = await this.uow.read((r) => r.staff.session(this.tokens.hashOf(cookie), now, this.policy.idleMs));
    if (!found) throw new StaffUnauthorized();
    await this.uow.read((r) => r.staff.touchSession(found.sessionId, now));
    return {
      actor: { ...this.actorOf(found.member, 'STAFF'), sessionId: found.sessionId, sessionExpiresAt: found.expiresAt },
      member: found.member,
      expiresAt: found.expiresAt,
    };
  }

  async byAccessToken(token: string): Promise<StaffCaller> {
    const found = await this.uow.read((r) => r.staff.tokenOwner(this.tokens.hashOf(token), this.clock.now()));
    if (!found) throw new StaffUnauthorized();
    return { actor: this.actorOf(found.member, 'TOKEN'), member: found.member };
  }

  private actorOf(member: StaffMember, type: 'STAFF' | 'TOKEN'): Actor {
    return {
      type,
      staffId: member.id,
      email: member.email,
      name: member.name,
      role: member.role,
      tenantIds: member.tenantIds,
      totpEnrolmentDue: this.policy.adminTotpRequired && member.role === 'ADMIN' && !member.totpEnabled,
    };
  }
}
