import { Router } from 'express';
import type { InventoryBackOffice } from '../../application/back-office.js';
import {
  AdminCreatePurchaseOrderBody,
  ApproveAdjustmentBody,
  CancelPurchaseOrderBody,
  ListAdjustmentsQuery,
  ListStockLedgerQuery,
  RejectAdjustmentBody,
} from '../../application/inventory/commands.js';
import { sendData, sendPage } from './envelope.js';
import {
  presentAdjustmentForBackOffice,
  presentAdjustmentSummary,
  presentLedgerEntry,
  presentPurchaseOrder,
} from './inventory-presenters.js';
import { uuidParam } from './params.js';
import { bodyValidator, queryValidator } from '../shared/validation.js';

/** Who decided when the body names no one. */
const DEFAULT_ACTOR = 'admin-api';

const approveBody = bodyValidator(ApproveAdjustmentBody);
const rejectBody = bodyValidator(RejectAdjustmentBody);
const ledgerQuery = queryValidator(ListStockLedgerQuery);
const adjustmentsQuery = queryValidator(ListAdjustmentsQuery);
const purchaseOrderBody = bodyValidator(AdminCreatePurchaseOrderBody);
const cancelOrderBody = bodyValidator(CancelPurchaseOrderBody);

/**
 * Back-office inventory operations: decide on stock adjustment requests (across
 * tenants, by id alone), list a tenant's requests, read a product's stock ledger (every
 * movement type, with its source document), create and cancel purchase orders. Mounted
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
    const page = await uc.listStockLedger.execute({ tenantId, productId, ...ledgerQuery(req.query) });
    sendPage(res, page, presentLedgerEntry);
  });

  router.post('/tenants/:tenantId/purchase-orders', async (req, res) => {
    const tenantId = uuidParam(req.params.tenantId, 'tenantId');
    const order = await uc.createPurchaseOrder.execute({ tenantId, ...purchaseOrderBody(req.body) });
    sendData(res, presentPurchaseOrder(order), 201);
  });

  router.post('/purchase-orders/:id/cancel', async (req, res) => {
    const id = uuidParam(req.params.id);
    const body = cancelOrderBody(req.body ?? {});
    sendData(res, presentPurchaseOrder(await uc.cancelPurchaseOrder.execute({ id, reason: body.reason })));
  });

  return router;
}
