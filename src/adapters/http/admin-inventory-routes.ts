import { Router } from 'express';
import type { InventoryBackOffice } from '../../application/back-office.js';
import {
  ADJUSTMENT_STATUSES,
  MAX_REASON_LENGTH,
  type AdjustmentStatus,
} from '../../domain/inventory/adjustment-request.js';
import { sendData, sendPage } from './envelope.js';
import {
  presentAdjustmentForBackOffice,
  presentAdjustmentSummary,
  presentLedgerEntry,
} from './inventory-presenters.js';
import { uuidParam } from './params.js';
import { bodyValidator, pageQuery, queryValidator } from '../shared/validation.js';

/** Who decided, as kept on the request and the ledger: an optional name, else the admin API. */
const actor = { type: 'string', minLength: 1, maxLength: 100 } as const;
const DEFAULT_ACTOR = 'admin-api';

const approveBody = bodyValidator<{ approvedBy?: string }>({
  type: 'object',
  additionalProperties: false,
  properties: { approvedBy: actor },
});

const rejectBody = bodyValidator<{ reason: string; rejectedBy?: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason: { type: 'string', minLength: 1, maxLength: MAX_REASON_LENGTH }, rejectedBy: actor },
});

const pageOnly = queryValidator<{ page: number; limit: number }>({ type: 'object', properties: { ...pageQuery } });

const adjustmentsQuery = queryValidator<{ status?: AdjustmentStatus; page: number; limit: number }>({
  type: 'object',
  properties: { status: { type: 'string', enum: [...ADJUSTMENT_STATUSES] }, ...pageQuery },
});

/**
 * Back-office inventory operations (CONTRACT §5): decide on stock adjustment requests (across
 * tenants, by id alone), list a tenant's requests and read a product's stock ledger. Mounted
 * by createAdminRouter behind the admin token.
 */
export function createAdminInventoryRoutes(uc: InventoryBackOffice): Router {
  const router = Router();

  router.post('/stock-adjustments/:id/approve', async (req, res) => {
    const id = uuidParam(req.params.id);
    const body = approveBody(req.body ?? {});
    const request = await uc.approveAdjustment.execute({ id, approvedBy: body.approvedBy ?? DEFAULT_ACTOR });
    sendData(res, presentAdjustmentForBackOffice(request));
  });

  router.post('/stock-adjustments/:id/reject', async (req, res) => {
    const id = uuidParam(req.params.id);
    const body = rejectBody(req.body ?? {});
    const request = await uc.rejectAdjustment.execute({
      id,
      reason: body.reason,
      rejectedBy: body.rejectedBy ?? DEFAULT_ACTOR,
    });
    sendData(res, presentAdjustmentForBackOffice(request));
  });

  router.get('/tenants/:tenantId/stock-adjustments', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const page = await uc.listAdjustments.execute({ tenantId }, adjustmentsQuery(req.query));
    sendPage(res, page, presentAdjustmentSummary);
  });

  router.get('/tenants/:tenantId/products/:productId/ledger', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const productId = uuidParam(req.params.productId, 'productId');
    const page = await uc.listStockLedger.execute({ tenantId, productId, ...pageOnly(req.query) });
    sendPage(res, page, presentLedgerEntry);
  });

  return router;
}
