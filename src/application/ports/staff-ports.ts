import type { StaffRole } from '../../domain/access/staff-roles.js';
import type { AuditEntry, AuditRecord, ChainVerdict } from '../../domain/staff/audit.js';
import type { Actor, StaffMember, TenantScope } from '../../domain/staff/staff.js';
import type { Page, PageRequest } from './pagination.js';

/** A member as sign-in reads it: with its password hash and TOTP state. */
export interface StaffCredentials extends StaffMember {
  passwordHash: string;
  /** The TOTP secret, decrypted; set once set-up has started. */
  totpSecret: string | null;
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  totpLastStep: number | null;
}

export interface NewStaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  tenantIds: TenantScope;
  passwordHash: string;
  at: Date;
}

export interface StaffChanges {
  name?: string;
  role?: StaffRole;
  tenantIds?: TenantScope;
  active?: boolean;
}

/** Staff accounts and what belongs to them: sessions, personal access tokens, TOTP, recovery codes. */
export interface StaffRepository {
  add(member: NewStaffMember): Promise<StaffMember>;
  findById(id: string, options?: { forUpdate?: boolean }): Promise<StaffMember | null>;
  /** By email, case-insensitively. */
  credentialsByEmail(email: string): Promise<StaffCredentials | null>;
  credentialsById(id: string, options?: { forUpdate?: boolean }): Promise<StaffCredentials | null>;
  /** Members within the scope (every member for `null`), oldest first. */
  list(scope: TenantScope, page: PageRequest): Promise<Page<StaffMember>>;
  update(id: string, changes: StaffChanges, at: Date): Promise<StaffMember>;
  setPassword(id: string, passwordHash: string, at: Date): Promise<void>;
  /** Starts TOTP set-up: a new secret, not yet required at sign-in. */
  setPendingTotp(id: string, secret: string, at: Date): Promise<void>;
  /** TOTP from now on, with these recovery codes' hashes replacing any before. */
  enableTotp(id: string, recoveryCodeHashes: string[], step: number, at: Date): Promise<void>;
  /** Records the step a code was accepted for; false when that step (or a later one) was used already. */
  useTotpStep(id: string, step: number): Promise<boolean>;
  /** Marks an unused recovery code used; false when there is none with that hash. */
  useRecoveryCode(id: string, codeHash: string, at: Date): Promise<boolean>;

  addSession(session: { id: string; staffId: string; tokenHash: string; at: Date; expiresAt: Date }): Promise<void>;
  /** The live session of a cookie and its active member; null when unknown, revoked or expired at `now`. */
  session(
    tokenHash: string,
    now: Date,
    idleMs: number,
  ): Promise<{ sessionId: string; member: StaffMember; expiresAt: Date } | null>;
  /** Slides the idle expiry (a write at most once a minute per session). */
  touchSession(sessionId: string, now: Date): Promise<void>;
  revokeSession(sessionId: string, at: Date): Promise<void>;
  /** Revokes every session (but `keep`) and, when asked, every token of a member. */
  revokeAccess(staffId: string, at: Date, options: { tokens: boolean; keepSession?: string }): Promise<number>;

  addToken(token: AccessTokenRow & { tokenHash: string }): Promise<void>;
  tokens(staffId: string): Promise<AccessTokenRow[]>;
  /** The live token's active member; null when unknown, revoked or expired. Notes its use. */
  tokenOwner(tokenHash: string, now: Date): Promise<{ tokenId: string; member: StaffMember } | null>;
  revokeToken(staffId: string, tokenId: string, at: Date): Promise<AccessTokenRow | null>;
}

/** A personal access token as listed (never the token). */
export interface AccessTokenRow {
  id: string;
  staffId: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What an audit query filters on. */
export interface AuditQuery {
  actor?: string;
  action?: string;
  tenantId?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** The audit log: appended in the caller's transaction, never changed. */
export interface AuditLog {
  /** Chains the record after the last entry (waiting for a concurrent append to commit first). */
  append(record: AuditRecord): Promise<AuditEntry>;
  /** Newest first, within the scope (a scoped reader sees only its tenants' entries). */
  list(query: AuditQuery, scope: TenantScope, page: PageRequest): Promise<Page<AuditEntry>>;
  verify(): Promise<ChainVerdict>;
}

/**
 * A back-office change to record in the audit log, handed by the HTTP adapter to the use case
 * and by the use case to its unit of work: the transaction that makes the change appends the
 * entry before it commits, with the target's fields before and after, so a change that rolls
 * back leaves no entry and no entry exists without its change.
 */
export interface AuditedChange {
  readonly kind: 'audited';
  actor: Actor;
  action: string;
  /** The record changed: its type and id (`null` for a create: taken from the work's result). */
  target: { type: AuditTarget; id: string | null };
  tenantId: string | null;
  ip: string | null;
  requestId: string | null;
  /** Set by the unit of work once the entry is appended. */
  entry: AuditEntry | null;
}

/** The records a back-office change can be about. */
export const AUDIT_TARGETS = [
  'tenant',
  'tenant-plan',
  'branch',
  'fiscal-year',
  'warehouse',
  'product',
  'customer',
  'integration',
  'stock-adjustment',
  'purchase-order',
  'invoice',
  'credit-note',
  'debit-note',
  'payment',
  'shipment',
  'webhook-delivery',
  'staff',
  'access-token',
  'session',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** Is the unit of work's request scope an audited back-office change? */
export function isAudited(scope: unknown): scope is AuditedChange {
  return typeof scope === 'object' && scope !== null && (scope as AuditedChange).kind === 'audited';
}

/** Argon2id, behind a port so the application names no library. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends a verification's time on nothing: an unknown email answers as slowly as a wrong password. */
  verifyNothing(password: string): Promise<void>;
}

/** Random tokens and their SHA-256 hashes (only hashes are stored). */
export interface SecretTokens {
  /** A new random token with the prefix (`pat_`...) and its hash. */
  issue(prefix?: string): { token: string; hash: string };
  hashOf(token: string): string;
}

/** RFC 6238 codes: SHA-1, 6 digits, 30-second steps, one step either side. */
export interface OneTimeCodes {
  newSecret(): string;
  uri(secret: string, account: string): string;
  /** The step the code matches at `now` (±1), or null. */
  matchingStep(secret: string, code: string, now: Date): Promise<number | null>;
}

/** Failed sign-ins per email and per address, counted in windows shared by every process. */
export interface SignInThrottle {
  /** Milliseconds until the first of the keys may try again; 0 when none is blocked. */
  blockedForMs(keys: SignInKeys, now: Date): Promise<number>;
  recordFailure(keys: SignInKeys, now: Date): Promise<void>;
}

export interface SignInKeys {
  email: string;
  address: string;
}

/** The tenant a record belongs to (a tenant is its own), or null when there is no such record. */
export interface RecordTenancy {
  tenantOf(type: AuditTarget, id: string): Promise<string | null>;
}
