import type { Knex } from 'knex';
import type { SecretCipher } from '../../../application/ports/access-ports.js';
import type { Page, PageRequest } from '../../../application/ports/pagination.js';
import type {
  AccessTokenRow,
  NewStaffMember,
  StaffChanges,
  StaffCredentials,
  StaffRepository,
} from '../../../application/ports/staff-ports.js';
import type { StaffRole } from '../../../domain/access/staff-roles.js';
import type { StaffMember, TenantScope } from '../../../domain/staff/staff.js';
import type { Db } from '../db.js';
import { translateViolations } from '../db-errors.js';
import { paginate } from '../paginate.js';
import { DuplicateStaffEmail } from '../../../domain/staff/staff.js';

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  tenant_ids: string[] | null;
  active: boolean;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: boolean;
  totp_last_step: string | number | null;
  created_at: Date;
  updated_at: Date;
}

interface TokenRow {
  id: string;
  staff_id: string;
  name: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A session's sliding expiry is written at most this often (a request within it costs no write). */
const TOUCH_EVERY_MS = 60_000;

const MEMBER_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'tenant_ids',
  'active',
  'totp_enabled',
  'created_at',
  'updated_at',
];

function memberOf(row: Omit<StaffRow, 'password_hash' | 'totp_secret' | 'totp_last_step'>): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    tenantIds: row.tenant_ids,
    active: row.active,
    totpEnabled: row.totp_enabled,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function tokenOf(row: TokenRow): AccessTokenRow {
  return {
    id: row.id,
    staffId: row.staff_id,
    name: row.name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Members with `tenant_ids` within the scope: a scoped reader sees members of its own tenants only. */
function withinScope(q: Knex.QueryBuilder, scope: TenantScope): Knex.QueryBuilder {
  return scope === null ? q : q.whereRaw('tenant_ids IS NOT NULL AND tenant_ids <@ ?::uuid[]', [[...scope]]);
}

/** Staff, their sessions, tokens, TOTP and recovery codes (the TOTP secret encrypted at rest). */
export class KnexStaffRepository implements StaffRepository {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
  ) {}

  async add(m: NewStaffMember): Promise<StaffMember> {
    const [row] = await translateViolations(
      () =>
        this.db('staff')
          .insert({
            id: m.id,
            email: m.email.toLowerCase(),
            name: m.name,
            role: m.role,
            tenant_ids: m.tenantIds,
            password_hash: m.passwordHash,
            created_at: m.at,
            updated_at: m.at,
          })
          .returning(MEMBER_COLUMNS),
      { staff_email: () => new DuplicateStaffEmail() },
    );
    return memberOf(row);
  }

  async findById(id: string, options: { forUpdate?: boolean } = {}): Promise<StaffMember | null> {
    const q = this.db('staff').select(MEMBER_COLUMNS).where({ id }).first();
    const row = await (options.forUpdate ? q.forUpdate() : q);
    return row ? memberOf(row) : null;
  }

  credentialsByEmail(email: string): Promise<StaffCredentials | null> {
    return this.credentials(this.db('staff').where({ email: email.toLowerCase() }));
  }

  credentialsById(id: string, options: { forUpdate?: boolean } = {}): Promise<StaffCredentials | null> {
    const q = this.db('staff').where({ id });
    return this.credentials(options.forUpdate ? q.forUpdate() : q);
  }

  private async credentials(q: Knex.QueryBuilder): Promise<StaffCredentials | null> {
    const row = (await q.first()) as StaffRow | undefined;
    if (!row) return null;
    return {
      ...memberOf(row),
      passwordHash: row.password_hash,
      totpSecret: row.totp_secret === null ? null : this.cipher.decrypt(row.totp_secret),
      totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    };
  }

  list(scope: TenantScope, page: PageRequest): Promise<Page<StaffMember>> {
    return paginate(
      withinScope(this.db('staff'), scope),
      page,
      (q) => q.select(MEMBER_COLUMNS).orderBy([{ column: 'created_at' }, { column: 'id' }]),
      memberOf,
    );
  }

  async update(id: string, changes: StaffChanges, at: Date): Promise<StaffMember> {
    const set: Record<string, unknown> = { updated_at: at };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.role !== undefined) set.role = changes.role;
    if (changes.tenantIds !== undefined) set.tenant_ids = changes.tenantIds;
    if (changes.active !== undefined) set.active = changes.active;
    const [row] = await this.db('staff').where({ id }).update(set).returning(MEMBER_COLUMNS);
    return memberOf(row);
  }

  async setPassword(id: string, passwordHash: string, at: Date): Promise<void> {
    await this.db('staff').where({ id }).update({ password_hash: passwordHash, updated_at: at });
  }

  async setPendingTotp(id: string, secret: string, at: Date): Promise<void> {
    await this.db('staff')
      .where({ id, totp_enabled: false })
      .update({ totp_secret: this.cipher.encrypt(secret), updated_at: at });
  }

  async enableTotp(id: string, recoveryCodeHashes: string[], step: number, at: Date): Promise<void> {
    await this.db('staff').where({ id }).update({ totp_enabled: true, totp_last_step: step, updated_at: at });
    await this.db('staff_recovery_codes').where({ staff_id: id }).delete();
    await this.db('staff_recovery_codes').insert(recoveryCodeHashes.map((code_hash) => ({ staff_id: id, code_hash })));
  }

  async useTotpStep(id: string, step: number): Promise<boolean> {
    const updated = await this.db('staff')
      .where({ id })
      .andWhere((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
      .update({ totp_last_step: step });
    return updated === 1;
  }

  async useRecoveryCode(id: string, codeHash: string, at: Date): Promise<boolean> {
    const updated = await this.db('staff_recovery_codes')
      .where({ staff_id: id, code_hash: codeHash })
      .whereNull('used_at')
      .update({ used_at: at });
    return updated === 1;
  }

  async addSession(s: { id: string; staffId: string; tokenHash: string; at: Date; expiresAt: Date }): Promise<void> {
    await this.db('staff_sessions').insert({
      id: s.id,
      staff_id: s.staffId,
      token_hash: s.tokenHash,
      created_at: s.at,
      last_seen_at: s.at,
      expires_at: s.expiresAt,
    });
  }

  async session(
    tokenHash: string,
    now: Date,
    idleMs: number,
  ): Promise<{ sessionId: string; member: StaffMember; expiresAt: Date } | null> {
    const row = await this.db('staff_sessions as s')
      .join('staff', 'staff.id', 's.staff_id')
      .where({ 's.token_hash': tokenHash, 'staff.active': true })
      .whereNull('s.revoked_at')
      .where('s.expires_at', '>', now)
      .where('s.last_seen_at', '>', new Date(now.getTime() - idleMs))
      .first(...MEMBER_COLUMNS.map((c) => `staff.${c}`), 's.id as session_id', 's.expires_at as session_expires_at');
    if (!row) return null;
    return {
      sessionId: row.session_id,
      member: memberOf(row),
      expiresAt: row.session_expires_at,
    };
  }

  async touchSession(sessionId: string, now: Date): Promise<void> {
    await this.db('staff_sessions')
      .where({ id: sessionId })
      .where('last_seen_at', '<', new Date(now.getTime() - TOUCH_EVERY_MS))
      .update({ last_seen_at: now });
  }

  async revokeSession(sessionId: string, at: Date): Promise<void> {
    await this.db('staff_sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: at });
  }

  async revokeAccess(staffId: string, at: Date, options: { tokens: boolean; keepSession?: string }): Promise<number> {
    const sessions = this.db('staff_sessions').where({ staff_id: staffId }).whereNull('revoked_at');
    if (options.keepSession) sessions.whereNot({ id: options.keepSession });
    let revoked = await sessions.update({ revoked_at: at });
    if (options.tokens) {
      revoked += await this.db('staff_tokens')
        .where({ staff_id: staffId })
        .whereNull('revoked_at')
        .update({ revoked_at: at });
    }
    return revoked;
  }

  async addToken(t: AccessTokenRow & { tokenHash: string }): Promise<void> {
    await this.db('staff_tokens').insert({
      id: t.id,
      staff_id: t.staffId,
      name: t.name,
      token_hash: t.tokenHash,
      created_at: t.createdAt,
      expires_at: t.expiresAt,
    });
  }

  async tokens(staffId: string): Promise<AccessTokenRow[]> {
    const rows: TokenRow[] = await this.db('staff_tokens')
      .where({ staff_id: staffId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(tokenOf);
  }

  async tokenOwner(tokenHash: string, now: Date): Promise<{ tokenId: string; member: StaffMember } | null> {
    const row = await this.db('staff_tokens as t')
      .join('staff', 'staff.id', 't.staff_id')
      .where({ 't.token_hash': tokenHash, 'staff.active': true })
      .whereNull('t.revoked_at')
      .where('t.expires_at', '>', now)
      .first(...MEMBER_COLUMNS.map((c) => `staff.${c}`), 't.id as token_id', 't.last_used_at');
    if (!row) return null;
    const last = row.last_used_at as Date | null;
    if (last === null || now.getTime() - last.getTime() > TOUCH_EVERY_MS) {
      await this.db('staff_tokens').where({ id: row.token_id }).update({ last_used_at: now });
    }
    return { tokenId: row.token_id, member: memberOf(row) };
  }

  async revokeToken(staffId: string, tokenId: string, at: Date): Promise<AccessTokenRow | null> {
    const [row] = await this.db('staff_tokens')
      .where({ id: tokenId, staff_id: staffId })
      .update({ revoked_at: this.db.raw('coalesce(revoked_at, ?)', [at]) })
      .returning('*');
    return row ? tokenOf(row) : null;
  }
}
