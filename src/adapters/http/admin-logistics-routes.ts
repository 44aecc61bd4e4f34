import { Router } from 'express';
import type { LogisticsBackOffice } from '../../application/back-office.js';
import { CarrierEventBody } from '../../application/logistics/commands.js';
import { bodyValidator } from '../shared/validation.js';
import { sendData } from './envelope.js';
import { presentCarrierEvent } from './logistics-presenters.js';
import { uuidParam } from './params.js';

const carrierEventBody = bodyValidator(CarrierEventBody);

/**
 * The built-in carrier's progress reports, driven by the back office, across
 * tenants. Answers the tracking view; `recorded: false` when the report repeated a recorded
 * `carrierEventId` and was ignored.
 */
export function createAdminLogisticsRoutes(uc: LogisticsBackOffice): Router {
  const router = Router();

  router.post('/shipments/:id/events', async (req, res) => {
    const id = uuidParam(req.params.id);
    const { shipment, recorded } = await uc.recordCarrierEvent.execute(id, carrierEventBody(req.body));
    sendData(res, presentCarrierEvent(shipment, recorded));
  });

  return router;
}
