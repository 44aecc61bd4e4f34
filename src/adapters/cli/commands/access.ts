import { ROLES } from '../../../domain/access/permissions.js';
import { path } from '../admin-api.js';
import { str, type CliCommand } from '../command.js';

/** Integrations: create (secrets printed once), list, change, rotate the client secret. */
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
    name: 'integration:update',
    summary: 'Change an integration (a first webhook URL prints its new webhook secret once)',
    flags: [
      { name: 'id', required: true, help: 'integration id' },
      { name: 'active', type: 'boolean', help: 'true or false' },
      { name: 'allowed-ips', help: 'comma-separated addresses / CIDR blocks ("" for none)' },
      { name: 'webhook-url', help: 'https endpoint ("" to remove)' },
      { name: 'webhook-events', help: 'comma-separated event names ("" for all)' },
      { name: 'require-signed-reads', type: 'boolean', help: 'true or false' },
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
      },
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
