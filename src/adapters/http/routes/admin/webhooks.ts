import type { WebhooksBackOffice } from '../../../../application/back-office.js';
import { adminRoute, presentPage } from '../route.js';
import { presentIntegration } from '../../presenters.js';
import { presentDelivery } from '../../webhook-presenters.js';
import { ListDeliveriesQuery, ResumeWebhookBody } from '../../../../application/webhooks/commands.js';
import { DeliveryData, PingData, WebhookResumeData } from '../../../shared/responses/webhooks.js';

const WEBHOOKS = 'Back office: Webhooks';

const route = adminRoute<WebhooksBackOffice>();

/** Webhook endpoints and deliveries: resume a paused endpoint (optionally replaying its dead letters), list an integration's deliveries, replay one, ping an endpoint. */
export const WEBHOOK_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/integrations/:id/webhook/resume',
    operationId: 'adminResumeWebhook',
    access: 'ADMIN',
    summary: 'Resume a paused webhook endpoint',
    description: 'Held deliveries are due again in their order; with `replayDeadLetters` the dead letters too.',
    tag: WEBHOOKS,
    body: ResumeWebhookBody,
    bodyOptional: true,
    success: { status: 200, data: WebhookResumeData },
    errors: [400, 404],
    example: { replayDeadLetters: true },
    handle: async (uc, { params, body }) => {
      const result = await uc.resumeWebhook.execute(params.id, { replayDeadLetters: body.replayDeadLetters });
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
    access: 'VIEWER',
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
    method: 'post',
    path: '/deliveries/:id/replay',
    operationId: 'adminReplayDelivery',
    access: 'ADMIN',
    summary: 'Replay a delivery',
    description:
      'A dead or delivered delivery is sent again with a fresh retry schedule (held while its endpoint is paused).',
    tag: WEBHOOKS,
    success: { status: 200, data: DeliveryData },
    errors: [400, 404, 409],
    handle: async (uc, { params }) => presentDelivery(await uc.replayDelivery.execute(params.id)),
  }),
  route({
    method: 'post',
    path: '/integrations/:id/webhook/ping',
    operationId: 'adminPingWebhook',
    access: 'ADMIN',
    summary: 'Ping a webhook endpoint',
    description:
      'Sends a signed `webhook.ping` now (even while paused) and answers the outcome; tried once, a failed ping pauses nothing.',
    tag: WEBHOOKS,
    success: { status: 200, data: PingData },
    errors: [400, 404, 409],
    handle: (uc, { params }) => uc.pingWebhook.execute(params.id),
  }),
];
