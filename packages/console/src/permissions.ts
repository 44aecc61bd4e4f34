/** The back office's staff roles, each including the one before. */
export type Role = 'VIEWER' | 'APPROVER' | 'ADMIN';

const RANK: Record<Role, number> = { VIEWER: 0, APPROVER: 1, ADMIN: 2 };

export function atLeast(role: Role | undefined, needed: Role): boolean {
  return role !== undefined && RANK[role] >= RANK[needed];
}

/** Actions on records that are decisions (APPROVER); every other write is ADMIN's. */
const DECISIONS = new Set(['approve', 'reject']);
const READS = new Set(['list', 'show', 'export']);
/** Resources only ADMINs read. */
const ADMIN_ONLY = new Set(['staff', 'audit']);

/**
 * What `role` may do in the console, the same rules as the admin API's: a control
 * whose action this refuses is not shown. The API checks again on every call.
 */
export function allowed(role: Role | undefined, resource: string, action: string): boolean {
  if (role === undefined) return false;
  if (ADMIN_ONLY.has(resource)) return atLeast(role, 'ADMIN');
  if (READS.has(action)) return true;
  if (DECISIONS.has(action)) return atLeast(role, 'APPROVER');
  return atLeast(role, 'ADMIN');
}
