import type { AccessTokenRow } from '../../application/ports/staff-ports.js';
import type { AuditEntry } from '../../domain/staff/audit.js';
import type { Actor, StaffMember } from '../../domain/staff/staff.js';

/** A member as answered: never its password hash or TOTP secret. */
export function presentStaff(m: StaffMember) {
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    tenantIds: m.tenantIds === null ? null : [...m.tenantIds],
    active: m.active,
    totpEnabled: m.totpEnabled,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** `GET /session` (and a token's or the bootstrap token's caller, with no session end). */
export function presentSession(
  actor: Pick<Actor, 'staffId' | 'email' | 'name' | 'role' | 'tenantIds'>,
  expiresAt: Date | null,
) {
  return {
    staff: {
      id: actor.staffId,
      email: actor.email,
      name: actor.name,
      role: actor.role,
      tenantIds: actor.tenantIds === null ? null : [...actor.tenantIds],
    },
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}

export function presentAccessToken(t: AccessTokenRow) {
  return {
    id: t.id,
    name: t.name,
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}

export function presentAuditEntry(e: AuditEntry) {
  return {
    seq: e.seq,
    at: e.at.toISOString(),
    actor: e.actor,
    action: e.action,
    tenantId: e.tenantId,
    targetType: e.targetType,
    targetId: e.targetId,
    ip: e.ip,
    requestId: e.requestId,
    changes: e.changes,
    hash: e.hash,
  };
}
