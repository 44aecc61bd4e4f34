import type { InventoryBackOffice } from '../../../../application/back-office.js';
import { adminRoute, presentPage } from '../route.js';
import { ActorMismatch, decidedBy } from '../../../../domain/staff/staff.js';
import {
  presentAdjustmentDetailForBackOffice,
  presentAdjustmentForBackOffice,
  presentAdjustmentSummary,
  presentLedgerEntry,
  presentPurchaseOrder,
} from '../../inventory-presenters.js';
import * as rules from '../../../../domain/inventory/errors.js';
import {
  AdminCreatePurchaseOrderBody,
  ApproveAdjustmentBody,
  CancelPurchaseOrderBody,
  ListAdjustmentsQuery,
  ListStockLedgerQuery,
  RejectAdjustmentBody,
} from '../../../../application/inventory/commands.js';
import {
  AdjustmentSummaryResponse,
  BackOfficeAdjustmentDetailResponse,
  BackOfficeAdjustmentResponse,
  LedgerEntryResponse,
  PurchaseOrderResponse,
} from '../../../shared/responses/inventory.js';

/** A product on one row only, on every document with items. */
const ITEMS_ONCE = { field: 'items', rule: rules.DuplicateProductRow.rule };

const BACK_OFFICE = 'Back office: Inventory';

/** Ids of the examples (any UUID of the caller's tenant will do). */
const WAREHOUSE = '6f1c2f7e-3b7a-4d8e-9a51-0c2d4e6f8a10';
const PRODUCT = '3d5e7f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

const purchaseOrderExample = {
  supplierName: 'Acme Supplies',
  warehouseId: WAREHOUSE,
  expectedOn: '2025-07-01',
  items: [{ productId: PRODUCT, quantity: 50, unitCost: 2.4 }],
};

const route = adminRoute<InventoryBackOffice>();

/** Stock adjustment decisions (across tenants, by id alone), a tenant's adjustments, a product's stock ledger, purchase orders. */
export const INVENTORY_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/stock-adjustments/:id/approve',
    operationId: 'adminApproveAdjustment',
    access: {
      role: 'APPROVER',
      tenant: { of: 'stock-adjustment' },
      audit: { action: 'stock-adjustment.approve', target: 'stock-adjustment' },
    },
    summary: 'Approve a stock adjustment request',
    description:
      'Applies its items to the stock and writes the ledger in one transaction. Anything but a PENDING ' +
      'request, or a STOCK_OUT finding too little available stock, is a 409. The approver recorded is the caller (its email); `approvedBy` may only repeat it, except from the bootstrap token.',
    tag: BACK_OFFICE,
    rules: [{ field: 'approvedBy', rule: `approvedBy ${ActorMismatch.rule}` }],
    body: ApproveAdjustmentBody,
    bodyOptional: true,
    success: { status: 200, data: BackOfficeAdjustmentResponse },
    errors: [404, 409],
    example: { approvedBy: 'jane@back-office' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentAdjustmentForBackOffice(
        await uc.approveAdjustment.execute(
          { id: params.id, approvedBy: decidedBy(actor, body.approvedBy, 'approvedBy') },
          audit,
        ),
      ),
  }),
  route({
    method: 'post',
    path: '/stock-adjustments/:id/reject',
    operationId: 'adminRejectAdjustment',
    access: {
      role: 'APPROVER',
      tenant: { of: 'stock-adjustment' },
      audit: { action: 'stock-adjustment.reject', target: 'stock-adjustment' },
    },
    summary: 'Reject a stock adjustment request',
    description:
      'Changes no stock. The caller (its email) is recorded; `rejectedBy` may only repeat it, except from the bootstrap token.',
    tag: BACK_OFFICE,
    rules: [{ field: 'rejectedBy', rule: `rejectedBy ${ActorMismatch.rule}` }],
    body: RejectAdjustmentBody,
    bodyOptional: true,
    success: { status: 200, data: BackOfficeAdjustmentResponse },
    errors: [404, 409],
    example: { reason: 'No stocktake on record', rejectedBy: 'jane@back-office' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentAdjustmentForBackOffice(
        await uc.rejectAdjustment.execute(
          { id: params.id, reason: body.reason, rejectedBy: decidedBy(actor, body.rejectedBy, 'rejectedBy') },
          audit,
        ),
      ),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/stock-adjustments',
    operationId: 'adminListAdjustments',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'List the stock adjustment requests of a tenant',
    tag: BACK_OFFICE,
    query: ListAdjustmentsQuery,
    success: { status: 200, data: AdjustmentSummaryResponse, paginated: true },
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listAdjustments.execute({ tenantId: params.tenantId }, query), presentAdjustmentSummary),
  }),
  route({
    method: 'get',
    path: '/stock-adjustments/:id',
    operationId: 'adminGetAdjustment',
    access: { role: 'VIEWER', tenant: { of: 'stock-adjustment' } },
    summary: 'A stock adjustment request with its items and their stock now',
    description:
      "Each item names its product (name and SKU as they are now) with its `onHand` and `available` in the request's " +
      'warehouse now (available: on hand less what active reservations hold); `integrationId` and `clientName` name ' +
      'the integration that asked.',
    tag: BACK_OFFICE,
    success: { status: 200, data: BackOfficeAdjustmentDetailResponse },
    errors: [404],
    handle: async (uc, { params }) => presentAdjustmentDetailForBackOffice(await uc.getAdjustment.execute(params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/products/:productId/ledger',
    operationId: 'adminListStockLedger',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'The stock movements of a product',
    description: 'Every warehouse, newest first, each with its source document.',
    tag: BACK_OFFICE,
    query: ListStockLedgerQuery,
    success: { status: 200, data: LedgerEntryResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(
        await uc.listStockLedger.execute({ tenantId: params.tenantId, productId: params.productId, ...query }),
        presentLedgerEntry,
      ),
  }),
  route({
    method: 'post',
    path: '/tenants/:tenantId/purchase-orders',
    operationId: 'adminCreatePurchaseOrder',
    access: { role: 'ADMIN', tenant: 'path', audit: { action: 'purchase-order.create', target: 'purchase-order' } },
    rules: [ITEMS_ONCE],
    summary: 'Create a purchase order of a tenant',
    description: 'Attributed to the branch of the warehouse; `fiscalYearId` defaults to the year covering today.',
    tag: BACK_OFFICE,
    body: AdminCreatePurchaseOrderBody,
    success: { status: 201, data: PurchaseOrderResponse },
    errors: [404],
    example: purchaseOrderExample,
    handle: async (uc, { params, body, audit }) =>
      presentPurchaseOrder(await uc.createPurchaseOrder.execute({ tenantId: params.tenantId, ...body }, audit)),
  }),
  route({
    method: 'post',
    path: '/purchase-orders/:id/cancel',
    operationId: 'adminCancelPurchaseOrder',
    access: {
      role: 'APPROVER',
      tenant: { of: 'purchase-order' },
      audit: { action: 'purchase-order.cancel', target: 'purchase-order' },
    },
    summary: 'Cancel a purchase order',
    description:
      'Only an OPEN or PARTIALLY_RECEIVED order (else 409); what was received stays in stock. The canceller recorded (`cancelledBy`) is the caller (its email).',
    tag: BACK_OFFICE,
    body: CancelPurchaseOrderBody,
    bodyOptional: true,
    success: { status: 200, data: PurchaseOrderResponse },
    errors: [404, 409],
    example: { reason: 'Supplier out of business' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentPurchaseOrder(
        await uc.cancelPurchaseOrder.execute({ id: params.id, reason: body.reason }, actor.email, audit),
      ),
  }),
];
