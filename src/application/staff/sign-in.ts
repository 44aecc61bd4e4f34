import { hiddenChanges } from '../../domain/staff/audit.js';
import { InvalidCredentials, TotpRequired, type Actor, type StaffMember } from '../../domain/staff/staff.js';
import { RateLimited } from '../../domain/access/gateway.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type {
  OneTimeCodes,
  PasswordHasher,
  SecretTokens,
  SignInThrottle,
  StaffCredentials,
} from '../ports/staff-ports.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { SignInCommand } from './commands.js';

/** How long a session lives: idle (sliding) and absolute. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  /** ADMINs must have confirmed TOTP before anything but setting it up. */
  adminTotpRequired: boolean;
}

/** Where a request came from, for the audit log. */
export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

export interface SignedIn {
  /** The cookie's value: shown to the browser once, stored only as a hash. */
  token: string;
  member: StaffMember;
  expiresAt: Date;
}

/**
 * `POST /session`: checks the throttle, then the password (an unknown email spends the same
 * time on a dummy hash and gets the same answer), then the TOTP code or a recovery code when the
 * account has TOTP. Every failure is counted for the email and the address and audited
 * (`session.fail`); a success starts a session and is audited (`session.create`) in the same
 * transaction.
 */
export class SignIn {
  constructor(
    private readonly uow: UnitOfWork<'staff' | 'auditLog'>,
    private readonly hasher: PasswordHasher,
    private readonly codes: OneTimeCodes,
    private readonly tokens: SecretTokens,
    private readonly throttle: SignInThrottle,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async execute(command: SignInCommand, origin: RequestOrigin): Promise<SignedIn> {
    const now = this.clock.now();
    const email = command.email.trim().toLowerCase();
    const keys = { email, address: origin.ip ?? 'unknown' };
    const blockedMs = await this.throttle.blockedForMs(keys, now);
    if (blockedMs > 0) throw new RateLimited(Math.ceil(blockedMs / 1000));

    const member = await this.uow.read((r) => r.staff.credentialsByEmail(email));
    const failure = await this.check(member, command, now);
    if (failure) {
      await this.throttle.recordFailure(keys, now);
      await this.uow.run((r) =>
        r.auditLog.append({
          at: now,
          actor: { type: 'STAFF', staffId: member?.id ?? null, email },
          action: 'session.fail',
          tenantId: null,
          targetType: 'staff',
          targetId: member?.id ?? null,
          ip: origin.ip,
          requestId: origin.requestId,
          changes: {},
        }),
      );
      throw failure;
    }
    const { token, hash } = this.tokens.issue();
    const expiresAt = new Date(now.getTime() + this.policy.absoluteMs);
    const sessionId = this.ids.next();
    await this.uow.run(async (r) => {
      await r.staff.addSession({ id: sessionId, staffId: member!.id, tokenHash: hash, at: now, expiresAt });
      await r.auditLog.append({
        at: now,
        actor: { type: 'STAFF', staffId: member!.id, email: member!.email },
        action: 'session.create',
        tenantId: null,
        targetType: 'session',
        targetId: sessionId,
        ip: origin.ip,
        requestId: origin.requestId,
        changes: hiddenChanges('token'),
      });
    });
    return { token, member: member!, expiresAt };
  }

  /** The reason the attempt fails, or null. Always spends one password verification. */
  private async check(
    member: StaffCredentials | null,
    command: SignInCommand,
    now: Date,
  ): Promise<InvalidCredentials | TotpRequired | null> {
    if (!member) {
      await this.hasher.verifyNothing(command.password);
      return new InvalidCredentials();
    }
    const passwordOk = await this.hasher.verify(member.passwordHash, command.password);
    if (!passwordOk || !member.active) return new InvalidCredentials();
    if (!member.totpEnabled) return null;
    return (await this.acceptsCode(member, command.totp, now)) ? null : new TotpRequired();
  }

  /** A current code not used before, or an unused recovery code (used up by this). */
  private async acceptsCode(member: StaffCredentials, code: string | undefined, now: Date): Promise<boolean> {
    if (!code || !member.totpSecret) return false;
    const step = /^\d{6}$/.test(code) ? await this.codes.matchingStep(member.totpSecret, code, now) : null;
    if (step !== null) return this.uow.run((r) => r.staff.useTotpStep(member.id, step));
    return this.uow.run((r) => r.staff.useRecoveryCode(member.id, this.tokens.hashOf(code.toUpperCase()), now));
  }
}

/**
 * `DELETE /session`: revokes the caller's session (on every process at once: each request reads
 * it from the database), audited as `session.delete`.
 */
export class SignOut {
  constructor(
    private readonly uow: UnitOfWork<'staff' | 'auditLog'>,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, origin: RequestOrigin): Promise<void> {
    const sessionId = actor.sessionId;
    if (!sessionId) return;
    const now = this.clock.now();
    await this.uow.run(async (r) => {
      await r.staff.revokeSession(sessionId, now);
      await r.auditLog.append({
        at: now,
        actor: { type: actor.type, staffId: actor.staffId, email: actor.email },
        action: 'session.delete',
        tenantId: null,
        targetType: 'session',
        targetId: sessionId,
        ip: origin.ip,
        requestId: origin.requestId,
        changes: {},
      });
    });
  }
}
