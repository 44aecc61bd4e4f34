import type { InventoryViews } from '../../../../../application/back-office.js';
import {
  ListGoodsReceiptsQuery,
  ListProductsQuery,
  ListPurchaseOrdersQuery,
  ListReservationsQuery,
  ListTransfersQuery,
} from '../../../../../application/inventory/commands.js';
import {
  GoodsReceiptResponse,
  ProductDetailResponse,
  ProductListItemResponse,
  PurchaseOrderResponse,
  ReservationResponse,
  TransferResponse,
} from '../../../../shared/responses/inventory.js';
import {
  presentGoodsReceipt,
  presentProductDetail,
  presentProductListItem,
  presentPurchaseOrder,
  presentReservation,
  presentTransfer,
} from '../../../inventory-presenters.js';
import { adminRoute, presentPage } from '../../route.js';
import { TENANT_READ, UNKNOWN_TENANT, unknownRecord } from './shared.js';

const TAG = 'Back office: Inventory';

const route = adminRoute<InventoryViews>();

/**
 * A tenant's catalogue and stock documents: products and purchase orders through the external
 * API's reads (answered as it answers them), reservations, transfers and goods receipts through
 * the back office's own lists; each document also by id.
 */
export const TENANT_INVENTORY_VIEWS = [
  route({
    method: 'get',
    path: '/tenants/:tenantId/products',
    operationId: 'adminListProducts',
    access: TENANT_READ,
    summary: 'List the catalogue of a tenant',
    description: `As the external \`GET /products\`: by name then id, \`search\` on the name or SKU. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListProductsQuery,
    success: { status: 200, data: ProductListItemResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listProducts.execute({ tenantId: params.tenantId }, query), presentProductListItem),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/products/:id',
    operationId: 'adminGetProduct',
    access: TENANT_READ,
    summary: 'A product of a tenant with its stock per warehouse',
    description: `As the external \`GET /products/:id\`: per warehouse its on hand, reserved and available stock. ${UNKNOWN_TENANT}`,
    tag: TAG,
    success: { status: 200, data: ProductDetailResponse },
    errors: [404],
    handle: async (uc, { params }) =>
      presentProductDetail(await uc.getProduct.execute({ tenantId: params.tenantId }, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/purchase-orders',
    operationId: 'adminListPurchaseOrders',
    access: TENANT_READ,
    summary: 'List the purchase orders of a tenant',
    description: `As the external \`GET /purchase-orders\`: newest first, with their items. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListPurchaseOrdersQuery,
    success: { status: 200, data: PurchaseOrderResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listPurchaseOrders.execute({ tenantId: params.tenantId }, query), presentPurchaseOrder),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/purchase-orders/:id',
    operationId: 'adminGetPurchaseOrder',
    access: TENANT_READ,
    summary: 'A purchase order of a tenant',
    description: `With its items and what was received of each. ${unknownRecord('Purchase order not found')}`,
    tag: TAG,
    success: { status: 200, data: PurchaseOrderResponse },
    errors: [404],
    handle: async (uc, { params }) =>
      presentPurchaseOrder(await uc.getPurchaseOrder.execute(params.tenantId, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/reservations',
    operationId: 'adminListReservations',
    access: TENANT_READ,
    summary: 'List the reservations of a tenant',
    description:
      'Newest first, with their items. `status` is the status a reservation reads now: an ACTIVE one past ' +
      `its expiry reads (and filters as) EXPIRED. \`productId\` keeps those holding the product. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListReservationsQuery,
    success: { status: 200, data: ReservationResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listReservations.execute(params.tenantId, query), presentReservation),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/reservations/:id',
    operationId: 'adminGetReservation',
    access: TENANT_READ,
    summary: 'A reservation of a tenant, its status as of now',
    description: `As the external \`GET /products/reservations/:id\`. ${unknownRecord('Reservation not found')}`,
    tag: TAG,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
    handle: async (uc, { params }) =>
      presentReservation(await uc.getReservation.execute({ tenantId: params.tenantId }, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/transfers',
    operationId: 'adminListTransfers',
    access: TENANT_READ,
    summary: 'List the stock transfers of a tenant',
    description:
      'Newest first, with their items. `warehouseId` keeps the transfers out of or into the warehouse, ' +
      `\`productId\` those moving the product. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListTransfersQuery,
    success: { status: 200, data: TransferResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listTransfers.execute(params.tenantId, query), presentTransfer),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/transfers/:id',
    operationId: 'adminGetTransfer',
    access: TENANT_READ,
    summary: 'A stock transfer of a tenant',
    description: unknownRecord('Transfer not found'),
    tag: TAG,
    success: { status: 200, data: TransferResponse },
    errors: [404],
    handle: async (uc, { params }) => presentTransfer(await uc.getTransfer.execute(params.tenantId, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/goods-receipts',
    operationId: 'adminListGoodsReceipts',
    access: TENANT_READ,
    summary: 'List the goods receipts of a tenant',
    description: `Newest first, with their items; \`warehouseId\` and \`purchaseOrderId\` narrow the list. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListGoodsReceiptsQuery,
    success: { status: 200, data: GoodsReceiptResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listGoodsReceipts.execute(params.tenantId, query), presentGoodsReceipt),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/goods-receipts/:id',
    operationId: 'adminGetGoodsReceipt',
    access: TENANT_READ,
    summary: 'A goods receipt of a tenant',
    description: unknownRecord('Goods receipt not found'),
    tag: TAG,
    success: { status: 200, data: GoodsReceiptResponse },
    errors: [404],
    handle: async (uc, { params }) => presentGoodsReceipt(await uc.getGoodsReceipt.execute(params.tenantId, params.id)),
  }),
];
