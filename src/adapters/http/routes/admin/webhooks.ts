import type { WebhooksBackOffice } from '../../../../application/back-office.js';
import { adminRoute, presentPage } from '../route.js';
import { presentIntegration } from '../../presenters.js';
import { presentDelivery, presentRotatedWebhookSecret } from '../../webhook-presenters.js';
import {
  ListAllDeliveriesQuery,
  ListDeliveriesQuery,
  ResumeWebhookBody,
  RotateWebhookSecretBody,
} from '../../../../application/webhooks/commands.js';
import { RotatedWebhookSecretData } from '../../../shared/responses/access.js';
import { Type } from '@sinclair/typebox';
import { DailyQuery } from '../../../../application/shared/schemas.js';
import { DeliveryData, DeliveryDayData, PingData, WebhookResumeData } from '../../../shared/responses/webhooks.js';

const WEBHOOKS = 'Back office: Webhooks';

const route = adminRoute<WebhooksBackOffice>();

/** Webhook endpoints and deliveries: resume a paused endpoint (optionally replaying its dead letters), list an integration's deliveries or all of them, replay one, ping an endpoint, rotate its secret. */
export const WEBHOOK_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/integrations/:id/webhook/resume',
    operationId: 'adminResumeWebhook',
    access: {
      role: 'ADMIN',
      tenant: { of: 'integration' },
      audit: { action: 'integration.resume-webhook', target: 'integration' },
    },
    summary: 'Resume a paused webhook endpoint',
    description: 'Held deliveries are due again in their order; with `replayDeadLetters` the dead letters too.',
    tag: WEBHOOKS,
    body: ResumeWebhookBody,
    bodyOptional: true,
    success: { status: 200, data: WebhookResumeData },
    errors: [400, 404],
    example: { replayDeadLetters: true },
    handle: async (uc, { params, body, audit }) => {
      const result = await uc.resumeWebhook.execute(params.id, { replayDeadLetters: body.replayDeadLetters }, audit);
      return {
        integration: presentIntegration(result.integration),
        requeued: result.requeued,
        replayed: result.replayed,
      };
    },
  }),
  route({
    method: 'get',
    path: '/integrations/:id/deliveries',
    operationId: 'adminListDeliveries',
    access: { role: 'VIEWER', tenant: { of: 'integration' } },
    summary: "List an integration's deliveries",
    description: 'Newest first, each with its attempts.',
    tag: WEBHOOKS,
    query: ListDeliveriesQuery,
    success: { status: 200, data: DeliveryData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listDeliveries.execute(params.id, query), presentDelivery),
  }),
  route({
    method: 'get',
    path: '/deliveries',
    operationId: 'adminListAllDeliveries',
    access: { role: 'VIEWER', tenant: 'any' },
    summary: 'List deliveries across integrations',
    description:
      "Newest first (then id), each with its attempts, within the caller's tenants. `from` (inclusive) and `to` " +
      '(exclusive) bound `createdAt`.',
    tag: WEBHOOKS,
    query: ListAllDeliveriesQuery,
    success: { status: 200, data: DeliveryData, paginated: true },
    errors: [400],
    handle: async (uc, { query, actor }) =>
      presentPage(await uc.listDeliveriesAcrossIntegrations.execute(query, actor.tenantIds), presentDelivery),
  }),
  route({
    method: 'post',
    path: '/deliveries/:id/replay',
    operationId: 'adminReplayDelivery',
    access: {
      role: 'ADMIN',
      tenant: { of: 'webhook-delivery' },
      audit: { action: 'webhook-delivery.replay', target: 'webhook-delivery' },
    },
    summary: 'Replay a delivery',
    description:
      'A dead or delivered delivery is sent again with a fresh retry schedule (held while its endpoint is paused).',
    tag: WEBHOOKS,
    success: { status: 200, data: DeliveryData },
    errors: [400, 404, 409],
    handle: async (uc, { params, audit }) => presentDelivery(await uc.replayDelivery.execute(params.id, audit)),
  }),
  route({
    method: 'post',
    path: '/integrations/:id/webhook/ping',
    operationId: 'adminPingWebhook',
    access: {
      role: 'ADMIN',
      tenant: { of: 'integration' },
      audit: { action: 'integration.ping-webhook', target: 'integration' },
    },
    summary: 'Ping a webhook endpoint',
    description:
      'Sends a signed `webhook.ping` now (even while paused) and answers the outcome; tried once, a failed ping pauses nothing.',
    tag: WEBHOOKS,
    success: { status: 200, data: PingData },
    errors: [400, 404, 409],
    handle: (uc, { params, audit }) => uc.pingWebhook.execute(params.id, audit),
  }),
  route({
    method: 'post',
    path: '/integrations/:id/webhook/rotate-secret',
    operationId: 'adminRotateWebhookSecret',
    access: {
      role: 'ADMIN',
      tenant: { of: 'integration' },
      audit: { action: 'integration.rotate-webhook-secret', target: 'integration' },
    },
    summary: 'Rotate the webhook secret',
    description:
      'Answers the new secret this once. For `overlapSeconds` (default 24 hours, at most 7 days) every delivery ' +
      'is signed with both secrets: `webhook-signature` holds both (the new first), `x-pos-signature` is the ' +
      "new secret's and `x-pos-signature-previous` the old one's. 409 `INVALID_STATE` without a webhook URL.",
    tag: WEBHOOKS,
    body: RotateWebhookSecretBody,
    bodyOptional: true,
    success: { status: 200, data: RotatedWebhookSecretData },
    errors: [400, 404, 409],
    example: { overlapSeconds: 86400 },
    handle: async (uc, { params, body, audit }) =>
      presentRotatedWebhookSecret(await uc.rotateWebhookSecret.execute(params.id, body, audit)),
  }),
  route({
    method: 'get',
    path: '/integrations/:id/deliveries/daily',
    operationId: 'adminGetDailyDeliveries',
    access: { role: 'VIEWER', tenant: { of: 'integration' } },
    summary: "An integration's webhook deliveries per UTC day",
    description:
      'Every day of the window, oldest first: attempts delivered (2xx) and failed, deliveries dead-lettered, and ' +
      "the median and 95th percentile of the attempts' durations.",
    tag: WEBHOOKS,
    query: DailyQuery,
    success: { status: 200, data: Type.Array(DeliveryDayData) },
    errors: [404],
    handle: async (uc, { params, query }) => uc.dailyDeliveries.execute(params.id, query.days),
  }),
];
