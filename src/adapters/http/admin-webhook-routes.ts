import { Router } from 'express';
import type { WebhooksBackOffice } from '../../application/back-office.js';
import { ListDeliveriesQuery, ResumeWebhookBody } from '../../application/webhooks/commands.js';
import { sendData, sendPage } from './envelope.js';
import { presentDelivery } from './webhook-presenters.js';
import { uuidParam } from './params.js';
import { presentIntegration } from './presenters.js';
import { bodyValidator, queryValidator } from '../shared/validation.js';

const resumeBody = bodyValidator(ResumeWebhookBody);
const deliveriesQuery = queryValidator(ListDeliveriesQuery);

/**
 * Back-office webhook operations: resume a paused endpoint (optionally replaying
 * its dead letters), list an integration's deliveries with their attempts, replay one
 * delivery, and ping an endpoint.
 */
export function createAdminWebhookRoutes(uc: WebhooksBackOffice): Router {
  const router = Router();

  router.post('/integrations/:id/webhook/resume', async (req, res) => {
    const { replayDeadLetters } = resumeBody(req.body ?? {});
    const result = await uc.resumeWebhook.execute(uuidParam(req.params.id), { replayDeadLetters });
    sendData(res, {
      integration: presentIntegration(result.integration),
      requeued: result.requeued,
      replayed: result.replayed,
    });
  });

  router.get('/integrations/:id/deliveries', async (req, res) => {
    const id = uuidParam(req.params.id);
    const page = await uc.listDeliveries.execute(id, deliveriesQuery(req.query));
    sendPage(res, page, presentDelivery);
  });

  router.post('/deliveries/:id/replay', async (req, res) => {
    sendData(res, presentDelivery(await uc.replayDelivery.execute(uuidParam(req.params.id))));
  });

  router.post('/integrations/:id/webhook/ping', async (req, res) => {
    sendData(res, await uc.pingWebhook.execute(uuidParam(req.params.id)));
  });

  return router;
}
