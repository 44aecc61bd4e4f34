import { Router } from 'express';
import { BookShipmentBody, CancelShipmentBody } from '../../../application/logistics/commands.js';
import type { LogisticsUseCases } from '../../../application/logistics/index.js';
import { bodyValidator } from '../../shared/validation.js';
import { sendData } from '../envelope.js';
import { presentShipment, presentTracking } from '../logistics-presenters.js';
import { uuidParam } from '../params.js';
import { callerOf } from './caller.js';

const bookBody = bodyValidator(BookShipmentBody);
const cancelBody = bodyValidator(CancelShipmentBody);

/**
 * The logistics endpoints, relative to /api/v1/external. Authentication and
 * roles run before this router; handlers read the caller.
 */
export function createLogisticsRoutes(uc: LogisticsUseCases): Router {
  const router = Router();

  router.post('/logistics/shipments', async (req, res) => {
    sendData(res, presentShipment(await uc.bookShipment.execute(callerOf(res), bookBody(req.body))), 201);
  });

  router.post('/logistics/shipments/cancel', async (req, res) => {
    sendData(res, presentShipment(await uc.cancelShipment.execute(callerOf(res), cancelBody(req.body))));
  });

  router.get('/logistics/shipments/:id/track', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentTracking(await uc.trackShipment.execute(callerOf(res), id)));
  });

  return router;
}
