import { Router } from 'express';
import { ListAdjustmentsQuery, RequestAdjustmentBody } from '../../../application/inventory/commands.js';
import type { InventoryUseCases } from '../../../application/inventory/index.js';
import { sendData, sendPage } from '../envelope.js';
import { presentAdjustment, presentAdjustmentSummary, presentLowStockSummary } from '../inventory-presenters.js';
import { bodyValidator, queryValidator } from '../../shared/validation.js';
import { callerOf } from './caller.js';

const adjustBody = bodyValidator(RequestAdjustmentBody);
const adjustmentsQuery = queryValidator(ListAdjustmentsQuery);

/**
 * The inventory routes of spec 4.1 (stock summary and adjustments), relative to
 * `/api/v1/external`. They expect the authentication middleware in front of them to have put
 * the caller on `res.locals.caller`. Product list and update are not here.
 */
export function createInventoryRoutes(uc: InventoryUseCases): Router {
  const router = Router();

  router.get('/products/stock', async (_req, res) => {
    sendData(res, presentLowStockSummary(await uc.lowStockSummary.execute(callerOf(res))));
  });

  router.post('/products/adjust', async (req, res) => {
    const request = await uc.requestAdjustment.execute(callerOf(res), adjustBody(req.body));
    sendData(res, presentAdjustment(request), 201);
  });

  router.get('/products/adjustments', async (req, res) => {
    const page = await uc.listAdjustments.execute(callerOf(res), adjustmentsQuery(req.query));
    sendPage(res, page, presentAdjustmentSummary);
  });

  return router;
}
