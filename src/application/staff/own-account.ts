import {
  AccessTokenNotFound,
  NoOwnAccount,
  StaffNotFound,
  WrongCurrentPassword,
  WrongTotpCode,
  type Actor,
} from '../../domain/staff/staff.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type {
  AccessTokenRow,
  AuditedChange,
  OneTimeCodes,
  PasswordHasher,
  SecretTokens,
} from '../ports/staff-ports.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ChangePasswordCommand, CreateAccessTokenCommand } from './commands.js';

/** How many recovery codes a TOTP set-up issues. */
export const RECOVERY_CODES = 10;
/** A personal access token's prefix. */
export const ACCESS_TOKEN_PREFIX = 'pat_';
const DAY_MS = 86_400_000;

/** The caller's own member id; the bootstrap token has no account. */
function ownId(actor: Actor): string {
  if (actor.staffId === null) throw new NoOwnAccount();
  return actor.staffId;
}

/** The audit entry is about the caller's own account. */
function aboutSelf(audit: AuditedChange | undefined, id: string): AuditedChange | undefined {
  if (audit) audit.target.id = id;
  return audit;
}

/** `PUT /staff/me/password`: needs the current password; ends every other session. */
export class ChangePassword {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, command: ChangePasswordCommand, audit?: AuditedChange): Promise<void> {
    const id = ownId(actor);
    const member = await this.uow.read((r) => r.staff.credentialsById(id));
    if (!member) throw new StaffNotFound();
    if (!(await this.hasher.verify(member.passwordHash, command.currentPassword))) throw new WrongCurrentPassword();
    const passwordHash = await this.hasher.hash(command.newPassword);
    await this.uow.run(
      async (r) => {
        const now = this.clock.now();
        await r.staff.setPassword(id, passwordHash, now);
        await r.staff.revokeAccess(id, now, { tokens: false, keepSession: actor.sessionId });
      },
      aboutSelf(audit, id),
    );
  }
}

/** `POST /staff/me/totp`: a new secret to scan; not required at sign-in until confirmed. */
export class StartTotp {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly codes: OneTimeCodes,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, audit?: AuditedChange): Promise<{ secret: string; otpauthUrl: string }> {
    const id = ownId(actor);
    const secret = this.codes.newSecret();
    await this.uow.run(
      async (r) => {
        const member = await r.staff.credentialsById(id, { forUpdate: true });
        if (!member) throw new StaffNotFound();
        await r.staff.setPendingTotp(id, secret, this.clock.now());
      },
      aboutSelf(audit, id),
    );
    return { secret, otpauthUrl: this.codes.uri(secret, actor.email) };
  }
}

/**
 * `POST /staff/me/totp/confirm`: a code of the pending secret turns TOTP on and answers 10
 * single-use recovery codes, this once (only their hashes are kept).
 */
export class ConfirmTotp {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly codes: OneTimeCodes,
    private readonly tokens: SecretTokens,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, code: string, audit?: AuditedChange): Promise<{ recoveryCodes: string[] }> {
    const id = ownId(actor);
    const now = this.clock.now();
    const member = await this.uow.read((r) => r.staff.credentialsById(id));
    if (!member?.totpSecret) throw new WrongTotpCode();
    const step = await this.codes.matchingStep(member.totpSecret, code, now);
    if (step === null) throw new WrongTotpCode();
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => recoveryCode(this.tokens));
    await this.uow.run(
      (r) =>
        r.staff.enableTotp(
          id,
          recoveryCodes.map((c) => this.tokens.hashOf(c)),
          step,
          now,
        ),
      aboutSelf(audit, id),
    );
    return { recoveryCodes };
  }
}

/** A recovery code: 12 characters of a random token, upper-case, in groups of four. */
function recoveryCode(tokens: SecretTokens): string {
  const raw = tokens
    .issue()
    .token.replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)
    .toUpperCase();
  return raw.match(/.{4}/g)!.join('-');
}

/** `POST /staff/me/tokens`: a personal access token, shown once (its SHA-256 is kept). */
export class CreateAccessToken {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly tokens: SecretTokens,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(
    actor: Actor,
    command: CreateAccessTokenCommand,
    audit?: AuditedChange,
  ): Promise<AccessTokenRow & { token: string }> {
    const staffId = ownId(actor);
    const now = this.clock.now();
    const { token, hash } = this.tokens.issue(ACCESS_TOKEN_PREFIX);
    const row: AccessTokenRow = {
      id: this.ids.next(),
      staffId,
      name: command.name,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (command.expiresInDays ?? 90) * DAY_MS),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.uow.run(async (r) => {
      await r.staff.addToken({ ...row, tokenHash: hash });
      return row;
    }, audit);
    return { ...row, token };
  }
}

/** `GET /staff/me/tokens`: the caller's tokens, never the tokens themselves. */
export class ListAccessTokens {
  constructor(private readonly uow: UnitOfWork<'staff'>) {}

  execute(actor: Actor): Promise<AccessTokenRow[]> {
    const staffId = ownId(actor);
    return this.uow.read((r) => r.staff.tokens(staffId));
  }
}

/** `DELETE /staff/me/tokens/:id`: the token stops working at once, on every process. */
export class RevokeAccessToken {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, tokenId: string, audit?: AuditedChange): Promise<void> {
    const staffId = ownId(actor);
    await this.uow.run(async (r) => {
      if (!(await r.staff.revokeToken(staffId, tokenId, this.clock.now()))) throw new AccessTokenNotFound();
    }, audit);
  }
}
