import { DEFAULT_SECRET_OVERLAP_MS, MAX_WEBHOOK_SECRET_OVERLAP_MS } from '../../../domain/access/integration.js';
import { DELIVERY_STATUSES } from '../../../domain/webhooks/delivery.machine.js';
import { path } from '../admin-api.js';
import { pageFlags, pageQuery, str, type CliCommand } from '../command.js';

/** Webhook endpoints and deliveries: resume, list (an integration's, or across integrations), replay, ping, rotate the secret. */
export const webhookCommands: CliCommand[] = [
  {
    name: 'webhook:resume',
    summary: "Resume an integration's paused webhook endpoint (HELD deliveries are sent again)",
    flags: [
      { name: 'id', required: true, help: 'integration id' },
      { name: 'replay-dead-letters', type: 'boolean', help: 'also replay its DEAD deliveries (true or false)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/integrations/${str(v, 'id')}/webhook/resume`,
      body: { replayDeadLetters: v['replay-dead-letters'] },
    }),
  },
  {
    name: 'webhook:deliveries',
    summary: "List an integration's webhook deliveries with their attempts, newest first",
    flags: [
      { name: 'id', required: true, help: 'integration id' },
      { name: 'status', choices: DELIVERY_STATUSES, help: 'only deliveries in this status' },
      ...pageFlags,
    ],
    request: (v) => ({
      method: 'GET',
      path: path`/integrations/${str(v, 'id')}/deliveries`,
      query: { status: v.status as string | undefined, ...pageQuery(v) },
    }),
    columns: ['id', 'event', 'status', 'attemptCount', 'lastStatusCode', 'nextAttemptAt', 'createdAt'],
  },
  {
    name: 'delivery:list',
    summary: 'List webhook deliveries across integrations (within your tenants), newest first',
    flags: [
      { name: 'status', choices: DELIVERY_STATUSES, help: 'only deliveries in this status' },
      { name: 'event', help: 'only this event (e.g. billing.invoice.created, webhook.ping)' },
      { name: 'tenant', help: 'only this tenant' },
      { name: 'integration', help: 'only this integration' },
      { name: 'from', help: 'created at or after (ISO 8601, e.g. 2026-11-27T00:00:00Z)' },
      { name: 'to', help: 'created before (ISO 8601)' },
      ...pageFlags,
    ],
    request: (v) => ({
      method: 'GET',
      path: '/deliveries',
      query: {
        status: v.status as string | undefined,
        event: v.event as string | undefined,
        tenantId: v.tenant as string | undefined,
        integrationId: v.integration as string | undefined,
        from: v.from as string | undefined,
        to: v.to as string | undefined,
        ...pageQuery(v),
      },
    }),
    columns: ['id', 'integrationId', 'event', 'status', 'attemptCount', 'lastStatusCode', 'createdAt'],
  },
  {
    name: 'delivery:replay',
    summary: 'Replay one DEAD or DELIVERED webhook delivery (same id, fresh retry schedule)',
    flags: [{ name: 'id', required: true, help: 'delivery id' }],
    request: (v) => ({ method: 'POST', path: path`/deliveries/${str(v, 'id')}/replay` }),
  },
  {
    name: 'webhook:ping',
    summary: "Send a webhook.ping event to an integration's endpoint now and show the outcome",
    flags: [{ name: 'id', required: true, help: 'integration id' }],
    request: (v) => ({ method: 'POST', path: path`/integrations/${str(v, 'id')}/webhook/ping` }),
  },
  {
    name: 'webhook:rotate-secret',
    summary: 'Issue a new webhook secret (printed once); deliveries carry both signatures during the overlap',
    flags: [
      { name: 'id', required: true, help: 'integration id' },
      {
        name: 'overlap-seconds',
        type: 'integer',
        help: `how long deliveries are also signed with the old secret (default ${DEFAULT_SECRET_OVERLAP_MS / 1000}, at most ${MAX_WEBHOOK_SECRET_OVERLAP_MS / 1000})`,
      },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/integrations/${str(v, 'id')}/webhook/rotate-secret`,
      body: { overlapSeconds: v['overlap-seconds'] },
    }),
  },
];
