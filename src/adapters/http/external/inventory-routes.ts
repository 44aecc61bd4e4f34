import { Router } from 'express';
import type { InventoryUseCases } from '../../../application/inventory/index.js';
import {
  ADJUSTMENT_STATUSES,
  ADJUSTMENT_TYPES,
  MAX_ADJUSTMENT_ITEMS,
  MAX_ITEM_QUANTITY,
  MAX_REASON_LENGTH,
  type AdjustmentStatus,
} from '../../../domain/inventory/adjustment-request.js';
import { sendData, sendPage } from '../envelope.js';
import { presentAdjustment, presentAdjustmentSummary } from '../inventory-presenters.js';
import { bodyValidator, pageQuery, queryValidator, schemas } from '../../shared/validation.js';
import { callerOf } from './caller.js';

interface AdjustBody {
  warehouseId: string;
  reason: string;
  items: { productId: string; quantity: number; type: string }[];
}

const adjustBody = bodyValidator<AdjustBody>({
  type: 'object',
  additionalProperties: false,
  required: ['warehouseId', 'reason', 'items'],
  properties: {
    warehouseId: schemas.uuid,
    reason: { type: 'string', minLength: 1, maxLength: MAX_REASON_LENGTH },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ADJUSTMENT_ITEMS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['productId', 'quantity', 'type'],
        properties: {
          productId: schemas.uuid,
          quantity: { ...schemas.quantity, maximum: MAX_ITEM_QUANTITY },
          type: { type: 'string', enum: [...ADJUSTMENT_TYPES] },
        },
      },
    },
  },
});

const adjustmentsQuery = queryValidator<{ status?: AdjustmentStatus; page: number; limit: number }>({
  type: 'object',
  properties: { status: { type: 'string', enum: [...ADJUSTMENT_STATUSES] }, ...pageQuery },
});

/**
 * The inventory routes of spec 4.1 (stock summary and adjustments), relative to
 * `/api/v1/external`. They expect the authentication middleware in front of them to have put
 * the caller on `res.locals.caller`. Product list and update are not here.
 */
export function createInventoryRoutes(uc: InventoryUseCases): Router {
  const router = Router();

  router.get('/products/stock', async (_req, res) => {
    sendData(res, await uc.lowStockSummary.execute(callerOf(res)));
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
