import { OVERAGE_POLICIES, TIER_NAMES } from '../../../domain/access/gateway.js';
import { ROLES } from '../../../domain/access/permissions.js';
import { path } from '../admin-api.js';
import { pageFlags, pageQuery, str, type CliCommand } from '../command.js';

/** `--rate-limit-per-minute`: a number (checked by the API's schema), or `default` for null. */
function rateLimit(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === 'default' || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** Integrations: create (secrets printed once), list (a tenant's, or across tenants), change, rotate the client secret. */
export const accessCommands: CliCommand[] = [
  {
    name: 'integration:create',
    summary: 'Create an integration; prints its client secret (and webhook secret) once',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'branch', required: true, help: 'branch id' },
      { name: 'fiscal-year', required: true, help: 'fiscal year id' },
      { name: 'role', required: true, help: ROLES.join(', ') },
      { name: 'client-name', required: true, help: 'display name' },
      { name: 'allowed-ips', help: 'comma-separated addresses / CIDR blocks' },
      { name: 'webhook-url', help: 'https endpoint for events' },
      { name: 'webhook-events', help: 'comma-separated event names (default: all)' },
      { name: 'require-signed-reads', type: 'boolean', help: 'require x-signature on GET (true or false)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: '/integrations',
      body: {
        tenantId: v.tenant,
        branchId: v.branch,
        fiscalYearId: v['fiscal-year'],
        role: v.role,
        clientName: v['client-name'],
        allowedIps: v['allowed-ips'],
        webhookUrl: v['webhook-url'],
        webhookEvents: v['webhook-events'],
        requireSignedReads: v['require-signed-reads'],
      },
    }),
  },
  {
    name: 'integration:list',
    summary: "List a tenant's integrations (no secrets)",
    flags: [{ name: 'tenant', required: true, help: 'tenant id' }],
    request: (v) => ({ method: 'GET', path: path`/tenants/${str(v, 'tenant')}/integrations` }),
    columns: ['id', 'clientName', 'role', 'active', 'clientId', 'webhookUrl', 'webhookPausedAt'],
  },
  {
    name: 'integration:list-all',
    summary: "List integrations across tenants (within yours), oldest first, with each one's last use",
    flags: [
      { name: 'paused', type: 'boolean', help: 'true: only those whose webhook endpoint is paused; false: the others' },
      { name: 'active', type: 'boolean', help: 'true or false' },
      { name: 'tenant', help: 'only this tenant' },
      ...pageFlags,
    ],
    request: (v) => ({
      method: 'GET',
      path: '/integrations',
      query: {
        paused: v.paused as boolean | undefined,
        active: v.active as boolean | undefined,
        tenantId: v.tenant as string | undefined,
        ...pageQuery(v),
      },
    }),
    columns: ['id', 'tenantId', 'clientName', 'role', 'active', 'webhookPausedAt', 'lastUsedAt'],
  },
  {
    name: 'integration:update',
    summary: 'Change an integration (a first webhook URL prints its new webhook secret once)',
    flags: [
      { name: 'id', required: true, help: 'integration id' },
      { name: 'active', type: 'boolean', help: 'true or false' },
      { name: 'allowed-ips', help: 'comma-separated addresses / CIDR blocks ("" for none)' },
      { name: 'webhook-url', help: 'https endpoint ("" to remove)' },
      { name: 'webhook-events', help: 'comma-separated event names ("" for all)' },
      { name: 'require-signed-reads', type: 'boolean', help: 'true or false' },
      {
        name: 'rate-limit-per-minute',
        help: 'requests per minute, 1 to 100000 ("default" for RATE_LIMIT_PER_MINUTE)',
      },
    ],
    request: (v) => ({
      method: 'PATCH',
      path: path`/integrations/${str(v, 'id')}`,
      body: {
        active: v.active,
        allowedIps: v['allowed-ips'],
        webhookUrl: v['webhook-url'],
        webhookEvents: v['webhook-events'] === '' ? null : v['webhook-events'],
        requireSignedReads: v['require-signed-reads'],
        rateLimitPerMinute: rateLimit(v['rate-limit-per-minute']),
      },
    }),
  },
  {
    name: 'tenant:set-plan',
    summary: "Set a tenant's monthly plan: tier, overage price per call, BILL or BLOCK above the tier",
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'tier', required: true, help: TIER_NAMES.join(', ') },
      { name: 'overage-price', type: 'number', required: true, help: 'price per call above the tier' },
      { name: 'overage-policy', required: true, help: OVERAGE_POLICIES.join(' or ') },
    ],
    request: (v) => ({
      method: 'PUT',
      path: path`/tenants/${str(v, 'tenant')}/plan`,
      body: { tier: v.tier, overagePricePerCall: v['overage-price'], overagePolicy: v['overage-policy'] },
    }),
  },
  {
    name: 'tenant:usage',
    summary: "A tenant's calls in a UTC month under its plan, per integration",
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'month', help: 'YYYY-MM (default: the current UTC month)' },
    ],
    request: (v) => ({
      method: 'GET',
      path: path`/tenants/${str(v, 'tenant')}/usage`,
      query: { month: v.month as string | undefined },
    }),
  },
  {
    name: 'integration:rotate-secret',
    summary: 'Issue a new client secret (printed once); the old one works during the overlap',
    flags: [
      { name: 'id', required: true, help: 'integration id' },
      { name: 'overlap-seconds', type: 'integer', help: 'how long the old secret keeps working (default 86400)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/integrations/${str(v, 'id')}/rotate-secret`,
      body: { overlapSeconds: v['overlap-seconds'] },
    }),
  },
  {
    name: 'integration:issue-api-key',
    summary: "Issue an integration's API key, or replace it (printed once; the old key stops working)",
    flags: [{ name: 'id', required: true, help: 'integration id' }],
    request: (v) => ({ method: 'POST', path: path`/integrations/${str(v, 'id')}/api-key` }),
  },
  {
    name: 'integration:remove-api-key',
    summary: "Remove an integration's API key (requests no longer need x-api-key)",
    flags: [{ name: 'id', required: true, help: 'integration id' }],
    request: (v) => ({ method: 'DELETE', path: path`/integrations/${str(v, 'id')}/api-key` }),
  },
];
