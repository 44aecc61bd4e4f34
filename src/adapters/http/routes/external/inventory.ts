import type { InventoryUseCases } from '../../../../application/inventory/index.js';
import { externalRoute, presentPage } from '../route.js';
import {
  presentAdjustment,
  presentAdjustmentDetail,
  presentAdjustmentSummary,
  presentGoodsReceipt,
  presentLowStockSummary,
  presentProductDetail,
  presentProductListItem,
  presentPurchaseOrder,
  presentReservation,
  presentTransfer,
  presentUpdatedProduct,
} from '../../inventory-presenters.js';
import * as rules from '../../../../domain/inventory/errors.js';
import {
  CreateProductBody,
  CreatePurchaseOrderBody,
  ListAdjustmentsQuery,
  ListProductsQuery,
  ListPurchaseOrdersQuery,
  ReceiveGoodsBody,
  RequestAdjustmentBody,
  ReserveStockBody,
  TransferStockBody,
  UpdateProductBody,
} from '../../../../application/inventory/commands.js';
import {
  AdjustmentDetailResponse,
  AdjustmentResponse,
  AdjustmentSummaryResponse,
  GoodsReceiptResponse,
  LowStockResponse,
  ProductDetailResponse,
  ProductListItemResponse,
  PurchaseOrderResponse,
  ReservationResponse,
  TransferResponse,
  UpdatedProductResponse,
} from '../../../shared/responses/inventory.js';

/** A product on one row only, on every document with items. */
const ITEMS_ONCE = { field: 'items', rule: rules.DuplicateProductRow.rule };

const CATALOGUE = 'Catalogue';
const INVENTORY = 'Inventory';

/** Ids of the examples (any UUID of the caller's tenant will do). */
const WAREHOUSE = '6f1c2f7e-3b7a-4d8e-9a51-0c2d4e6f8a10';
const OTHER_WAREHOUSE = '8a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const PRODUCT = '3d5e7f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const PURCHASE_ORDER = 'b7c8d9e0-f1a2-4b3c-9d4e-5f6a7b8c9d0e';

const purchaseOrderExample = {
  supplierName: 'Acme Supplies',
  warehouseId: WAREHOUSE,
  expectedOn: '2025-07-01',
  items: [{ productId: PRODUCT, quantity: 50, unitCost: 2.4 }],
};

const route = externalRoute<InventoryUseCases>();

/** The catalogue and inventory routes of the external API. */
export const INVENTORY_ROUTES = [
  route({
    method: 'get',
    path: '/products',
    operationId: 'listProducts',
    access: ['inventory'],
    summary: 'List the catalogue',
    description:
      'By name then id. `search` is a case-insensitive substring of the name or SKU (`%` and `_` are literal).',
    tag: CATALOGUE,
    query: ListProductsQuery,
    success: { status: 200, data: ProductListItemResponse, paginated: true },
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listProducts.execute(caller, query), presentProductListItem),
  }),
  route({
    method: 'put',
    path: '/products/:id',
    operationId: 'updateProduct',
    access: ['inventory'],
    summary: 'Change the name and/or price of a product',
    tag: CATALOGUE,
    body: UpdateProductBody,
    success: { status: 200, data: UpdatedProductResponse },
    errors: [404],
    example: { name: 'Blue mug, large', price: 12.5 },
    handle: async (uc, { caller, params, body }) =>
      presentUpdatedProduct(await uc.updateProduct.execute(caller, params.id, body)),
  }),
  route({
    method: 'post',
    path: '/products',
    operationId: 'createProduct',
    access: ['inventory'],
    summary: 'Create a product',
    description:
      'A slug left out is made from the name and made unique in the tenant (`mug`, `mug-2`, ...). ' +
      'A taken SKU or slug is a 409.',
    tag: CATALOGUE,
    body: CreateProductBody,
    success: { status: 201, data: ProductDetailResponse },
    example: { name: 'Blue mug', sku: 'MUG-001', price: 9.9, minStock: 5, unit: 'pcs', taxRate: 19 },
    handle: async (uc, { caller, body, keyed }) =>
      presentProductDetail({
        product: await uc.createProduct.execute({ tenantId: caller.tenantId, ...body }, keyed),
        stock: [],
      }),
  }),
  route({
    method: 'get',
    path: '/products/:id',
    operationId: 'getProduct',
    access: ['inventory'],
    summary: 'A product with its stock per warehouse',
    tag: CATALOGUE,
    success: { status: 200, data: ProductDetailResponse },
    errors: [404],
    handle: async (uc, { caller, params }) => presentProductDetail(await uc.getProduct.execute(caller, params.id)),
  }),
  route({
    method: 'get',
    path: '/products/stock',
    operationId: 'listLowStock',
    access: ['inventory'],
    summary: 'The low-stock summary',
    description:
      'Always two entries, OUT_OF_STOCK (current stock ≤ 0) then LOW_STOCK (0 < current stock < minStock); ' +
      'each lists at most 100 products, lowest stock first.',
    tag: INVENTORY,
    success: { status: 200, data: LowStockResponse },
    handle: async (uc, { caller }) => presentLowStockSummary(await uc.lowStockSummary.execute(caller)),
  }),
  route({
    method: 'post',
    path: '/products/adjust',
    operationId: 'requestAdjustment',
    access: ['inventory'],
    rules: [ITEMS_ONCE],
    summary: 'Ask for a stock adjustment',
    description:
      'The request stays PENDING until the back office approves or rejects it. Checked in order: ' +
      'the warehouse (404), the products (404 `Row N: Product not found`), the available stock ' +
      '(400 `INSUFFICIENT_STOCK`).',
    tag: INVENTORY,
    body: RequestAdjustmentBody,
    success: { status: 201, data: AdjustmentResponse },
    errors: [404],
    example: {
      warehouseId: WAREHOUSE,
      reason: 'Stocktake difference',
      items: [{ productId: PRODUCT, quantity: 3, type: 'STOCK_OUT' }],
    },
    handle: async (uc, { caller, body, keyed }) =>
      presentAdjustment(await uc.requestAdjustment.execute(caller, body, keyed)),
  }),
  route({
    method: 'get',
    path: '/products/adjustments',
    operationId: 'listAdjustments',
    access: ['inventory'],
    summary: 'List the adjustment requests',
    description: 'Newest first, then id.',
    tag: INVENTORY,
    query: ListAdjustmentsQuery,
    success: { status: 200, data: AdjustmentSummaryResponse, paginated: true },
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listAdjustments.execute(caller, query), presentAdjustmentSummary),
  }),
  route({
    method: 'get',
    path: '/products/adjustments/:id',
    operationId: 'getAdjustment',
    access: ['inventory'],
    summary: 'An adjustment request with its items',
    description: "Each item names its product (name and SKU as they are now). Another tenant's request is a 404.",
    tag: INVENTORY,
    success: { status: 200, data: AdjustmentDetailResponse },
    errors: [404],
    handle: async (uc, { caller, params }) =>
      presentAdjustmentDetail(await uc.getAdjustment.execute(caller, params.id)),
  }),
  route({
    method: 'post',
    path: '/products/transfer',
    operationId: 'transferStock',
    access: ['inventory'],
    rules: [{ field: 'toWarehouseId', rule: rules.SameWarehouseTransfer.rule }, ITEMS_ONCE],
    summary: 'Move stock between two warehouses',
    description: 'Immediate and atomic; takes only available stock (400 `INSUFFICIENT_STOCK`).',
    tag: INVENTORY,
    body: TransferStockBody,
    success: { status: 201, data: TransferResponse },
    errors: [404],
    example: {
      fromWarehouseId: WAREHOUSE,
      toWarehouseId: OTHER_WAREHOUSE,
      items: [{ productId: PRODUCT, quantity: 4 }],
      reference: 'Restock shop',
    },
    handle: async (uc, { caller, body, keyed }) => presentTransfer(await uc.transferStock.execute(caller, body, keyed)),
  }),
  route({
    method: 'post',
    path: '/products/reserve',
    operationId: 'reserveStock',
    access: ['inventory', 'billing'],
    rules: [ITEMS_ONCE],
    summary: 'Hold available stock',
    description: 'The reservation holds the stock until it is committed or released, or until `expiresAt`.',
    tag: INVENTORY,
    body: ReserveStockBody,
    success: { status: 201, data: ReservationResponse },
    errors: [404],
    example: {
      warehouseId: WAREHOUSE,
      items: [{ productId: PRODUCT, quantity: 2 }],
      reference: 'Order 1042',
      expiresInSeconds: 900,
    },
    handle: async (uc, { caller, body, keyed }) => {
      const reservation = await uc.reserveStock.execute(caller, body, keyed);
      return presentReservation({ reservation, at: reservation.state().createdAt });
    },
  }),
  route({
    method: 'get',
    path: '/products/reservations/:id',
    operationId: 'getReservation',
    access: ['inventory', 'billing'],
    summary: 'A reservation, its status as of now',
    tag: INVENTORY,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
    handle: async (uc, { caller, params }) => presentReservation(await uc.getReservation.execute(caller, params.id)),
  }),
  route({
    method: 'post',
    path: '/products/reservations/:id/commit',
    operationId: 'commitReservation',
    access: ['inventory', 'billing'],
    summary: 'Take the reserved stock out',
    description: 'Only an ACTIVE, unexpired reservation (else 409 `INVALID_STATE`).',
    tag: INVENTORY,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
    handle: async (uc, { caller, params, keyed }) =>
      presentReservation(await uc.commitReservation.execute(caller, params.id, keyed)),
  }),
  route({
    method: 'post',
    path: '/products/reservations/:id/release',
    operationId: 'releaseReservation',
    access: ['inventory', 'billing'],
    summary: 'Give the reserved stock back',
    description: 'Only an ACTIVE, unexpired reservation (else 409 `INVALID_STATE`).',
    tag: INVENTORY,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
    handle: async (uc, { caller, params, keyed }) =>
      presentReservation(await uc.releaseReservation.execute(caller, params.id, keyed)),
  }),
  route({
    method: 'post',
    path: '/purchase-orders',
    operationId: 'createPurchaseOrder',
    access: ['inventory'],
    rules: [ITEMS_ONCE],
    summary: 'Create a purchase order',
    tag: INVENTORY,
    body: CreatePurchaseOrderBody,
    success: { status: 201, data: PurchaseOrderResponse },
    errors: [404],
    example: purchaseOrderExample,
    handle: async (uc, { caller, body, keyed }) =>
      presentPurchaseOrder(await uc.createPurchaseOrder.execute(caller, body, keyed)),
  }),
  route({
    method: 'get',
    path: '/purchase-orders',
    operationId: 'listPurchaseOrders',
    access: ['inventory'],
    summary: 'List the purchase orders',
    description: 'Newest first, with their items.',
    tag: INVENTORY,
    query: ListPurchaseOrdersQuery,
    success: { status: 200, data: PurchaseOrderResponse, paginated: true },
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listPurchaseOrders.execute(caller, query), presentPurchaseOrder),
  }),
  route({
    method: 'post',
    path: '/goods-receipt',
    operationId: 'receiveGoods',
    access: ['inventory'],
    rules: [
      { field: 'warehouseId', rule: rules.ReceiptWarehouseRequired.rule },
      { field: 'warehouseId', rule: rules.ReceiptWarehouseMismatch.rule },
      ITEMS_ONCE,
      { field: 'items', rule: rules.ProductNotOnPurchaseOrder.rule },
      { field: 'items', rule: rules.QuantityExceedsOutstanding.rule },
    ],
    summary: 'Receive goods, against a purchase order or not',
    description:
      'With a `purchaseOrderId` the warehouse is that of the order and a RECEIVED or CANCELLED order is a 409; ' +
      'without one `warehouseId` is required.',
    tag: INVENTORY,
    body: ReceiveGoodsBody,
    success: { status: 201, data: GoodsReceiptResponse },
    errors: [404],
    example: {
      purchaseOrderId: PURCHASE_ORDER,
      supplierReference: 'DN-7781',
      items: [{ productId: PRODUCT, quantity: 20 }],
    },
    handle: async (uc, { caller, body, keyed }) =>
      presentGoodsReceipt(await uc.receiveGoods.execute(caller, body, keyed)),
  }),
];
