import { APPROVAL_TYPES } from '../../../application/ports/approvals-ports.js';
import { STAFF_ROLES } from '../../../domain/access/staff-roles.js';
import { path } from '../admin-api.js';
import { pageFlags, pageQuery, str, type CliCommand, type FlagValues } from '../command.js';

/** `--tenants a,b`: those tenants; `--tenants all`: every tenant (null). */
function tenantIdsOf(values: FlagValues): string[] | null | undefined {
  const text = values.tenants;
  if (typeof text !== 'string') return undefined;
  return text.trim() === 'all' ? null : text.split(',').map((id) => id.trim());
}

/** `--password`, else `STAFF_PASSWORD` in the environment (kept out of the shell's history). */
function passwordOf(values: FlagValues): string | undefined {
  return typeof values.password === 'string' ? values.password : process.env.STAFF_PASSWORD;
}

const passwordFlag = { name: 'password', help: '12 to 128 characters (or STAFF_PASSWORD in the environment)' };

/** Staff, the audit log and the approvals inbox. */
export const staffCommands: CliCommand[] = [
  {
    name: 'approvals:list',
    summary: 'What waits for a decision: PENDING adjustments, DRAFT invoices and notes, oldest first',
    flags: [
      { name: 'type', choices: APPROVAL_TYPES, help: 'only this kind of document' },
      { name: 'tenant', help: 'only this tenant' },
      ...pageFlags,
    ],
    request: (v) => ({
      method: 'GET',
      path: '/approvals',
      query: { type: v.type as string | undefined, tenantId: v.tenant as string | undefined, ...pageQuery(v) },
    }),
    columns: ['type', 'id', 'tenantName', 'number', 'createdAt', 'summary'],
  },
  {
    name: 'staff:create',
    summary: 'Create a staff member who signs in with an email and a password',
    flags: [
      { name: 'email', required: true, help: 'email address (unique, case-insensitive)' },
      { name: 'name', required: true, help: 'display name' },
      { name: 'role', required: true, choices: STAFF_ROLES, help: 'what the member may do' },
      { name: 'tenants', help: 'comma-separated tenant ids the member sees, or all (default all)' },
      passwordFlag,
    ],
    request: (v) => ({
      method: 'POST',
      path: '/staff',
      body: { email: v.email, name: v.name, role: v.role, tenantIds: tenantIdsOf(v), password: passwordOf(v) },
    }),
  },
  {
    name: 'staff:list',
    summary: 'List staff members',
    flags: [...pageFlags],
    request: (v) => ({ method: 'GET', path: '/staff', query: pageQuery(v) }),
    columns: ['id', 'email', 'name', 'role', 'tenantIds', 'active', 'totpEnabled'],
  },
  {
    name: 'staff:update',
    summary: "Change a staff member's name, role, tenants or active flag (a role change or deactivation signs it out)",
    flags: [
      { name: 'id', required: true, help: 'staff member id' },
      { name: 'name', help: 'display name' },
      { name: 'role', choices: STAFF_ROLES, help: 'what the member may do' },
      { name: 'tenants', help: 'comma-separated tenant ids, or all' },
      { name: 'active', type: 'boolean', help: 'false to deactivate (true or false)' },
    ],
    request: (v) => ({
      method: 'PATCH',
      path: path`/staff/${str(v, 'id')}`,
      body: { name: v.name, role: v.role, tenantIds: tenantIdsOf(v), active: v.active },
    }),
  },
  {
    name: 'staff:reset-password',
    summary: "Set a staff member's password (every session of the member ends)",
    flags: [{ name: 'id', required: true, help: 'staff member id' }, passwordFlag],
    request: (v) => ({
      method: 'POST',
      path: path`/staff/${str(v, 'id')}/reset-password`,
      body: { password: passwordOf(v) },
    }),
  },
  {
    name: 'audit:list',
    summary: 'The audit log, newest first',
    flags: [
      { name: 'actor', help: 'email of who acted' },
      { name: 'action', help: 'a dotted action, e.g. stock-adjustment.approve' },
      { name: 'tenant', help: 'tenant id' },
      { name: 'target', help: 'id of the record changed' },
      ...pageFlags,
    ],
    request: (v) => ({
      method: 'GET',
      path: '/audit',
      query: {
        actor: v.actor as string | undefined,
        action: v.action as string | undefined,
        tenantId: v.tenant as string | undefined,
        targetId: v.target as string | undefined,
        ...pageQuery(v),
      },
    }),
    columns: ['seq', 'at', 'action', 'targetType', 'targetId', 'tenantId'],
  },
  {
    name: 'audit:verify',
    summary: "Recompute the audit log's hash chain: valid, or the seq of the first entry edited or deleted",
    flags: [],
    request: () => ({ method: 'GET', path: '/audit/verify' }),
  },
];
