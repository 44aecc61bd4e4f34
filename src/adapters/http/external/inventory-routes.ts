import { Router } from 'express';
import {
  CreateProductBody,
  CreatePurchaseOrderBody,
  ListAdjustmentsQuery,
  ListPurchaseOrdersQuery,
  ReceiveGoodsBody,
  RequestAdjustmentBody,
  ReserveStockBody,
  TransferStockBody,
} from '../../../application/inventory/commands.js';
import type { InventoryUseCases } from '../../../application/inventory/index.js';
import { sendData, sendPage } from '../envelope.js';
import {
  presentAdjustment,
  presentAdjustmentSummary,
  presentGoodsReceipt,
  presentLowStockSummary,
  presentProductDetail,
  presentPurchaseOrder,
  presentReservation,
  presentTransfer,
} from '../inventory-presenters.js';
import { uuidParam } from '../params.js';
import { bodyValidator, queryValidator } from '../../shared/validation.js';
import { callerOf } from './caller.js';

const adjustBody = bodyValidator(RequestAdjustmentBody);
const adjustmentsQuery = queryValidator(ListAdjustmentsQuery);
const productBody = bodyValidator(CreateProductBody);
const transferBody = bodyValidator(TransferStockBody);
const reserveBody = bodyValidator(ReserveStockBody);
const purchaseOrderBody = bodyValidator(CreatePurchaseOrderBody);
const purchaseOrdersQuery = queryValidator(ListPurchaseOrdersQuery);
const receiptBody = bodyValidator(ReceiveGoodsBody);

/**
 * The inventory routes of spec 4.1 (stock summary and adjustments) and the routes added
 * to it (product create and detail, transfers, reservations, purchase orders, goods
 * receipt), relative to `/api/v1/external`. They expect the authentication middleware in
 * front of them to have put the caller on `res.locals.caller`. Product list and update are
 * not here. Fixed paths come before `/products/:id`.
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

  router.post('/products', async (req, res) => {
    const caller = callerOf(res);
    const product = await uc.createProduct.execute({ tenantId: caller.tenantId, ...productBody(req.body) });
    sendData(res, presentProductDetail({ product, stock: [] }), 201);
  });

  router.post('/products/transfer', async (req, res) => {
    sendData(res, presentTransfer(await uc.transferStock.execute(callerOf(res), transferBody(req.body))), 201);
  });

  router.post('/products/reserve', async (req, res) => {
    const reservation = await uc.reserveStock.execute(callerOf(res), reserveBody(req.body));
    sendData(res, presentReservation({ reservation, at: reservation.snapshot().createdAt }), 201);
  });

  router.get('/products/reservations/:id', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentReservation(await uc.getReservation.execute(callerOf(res), id)));
  });

  router.post('/products/reservations/:id/commit', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentReservation(await uc.commitReservation.execute(callerOf(res), id)));
  });

  router.post('/products/reservations/:id/release', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentReservation(await uc.releaseReservation.execute(callerOf(res), id)));
  });

  router.get('/products/:id', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentProductDetail(await uc.getProduct.execute(callerOf(res), id)));
  });

  router.post('/purchase-orders', async (req, res) => {
    const order = await uc.createPurchaseOrder.execute(callerOf(res), purchaseOrderBody(req.body));
    sendData(res, presentPurchaseOrder(order), 201);
  });

  router.get('/purchase-orders', async (req, res) => {
    const page = await uc.listPurchaseOrders.execute(callerOf(res), purchaseOrdersQuery(req.query));
    sendPage(res, page, presentPurchaseOrder);
  });

  router.post('/goods-receipt', async (req, res) => {
    sendData(res, presentGoodsReceipt(await uc.receiveGoods.execute(callerOf(res), receiptBody(req.body))), 201);
  });

  return router;
}
