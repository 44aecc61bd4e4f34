/**
 * The back office's staff roles, each including the one before: VIEWER reads, APPROVER also
 * decides (approves, rejects, voids, records payments and carrier events), ADMIN also sets up
 * tenants and integrations and manages staff.
 */
export const STAFF_ROLES = ['VIEWER', 'APPROVER', 'ADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Does a member holding `held` have what `needed` grants? */
export function staffRoleIncludes(held: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(held) >= STAFF_ROLES.indexOf(needed);
}
