import * as rules from '../../../domain/inventory/errors.js';
import {
  AdminCreatePurchaseOrderBody,
  ApproveAdjustmentBody,
  CancelPurchaseOrderBody,
  CreateProductBody,
  CreatePurchaseOrderBody,
  ListAdjustmentsQuery,
  ListProductsQuery,
  ListPurchaseOrdersQuery,
  ListStockLedgerQuery,
  ReceiveGoodsBody,
  RejectAdjustmentBody,
  RequestAdjustmentBody,
  ReserveStockBody,
  TransferStockBody,
  UpdateProductBody,
} from '../../../application/inventory/commands.js';
import {
  AdjustmentResponse,
  AdjustmentSummaryResponse,
  BackOfficeAdjustmentResponse,
  GoodsReceiptResponse,
  LedgerEntryResponse,
  LowStockResponse,
  ProductDetailResponse,
  ProductListItemResponse,
  ProductResponse,
  PurchaseOrderResponse,
  ReservationResponse,
  TransferResponse,
  UpdatedProductResponse,
} from '../../shared/responses/inventory.js';
import type { RouteDoc } from './route-doc.js';

/** A product on one row only, on every document with items. */
const ITEMS_ONCE = { field: 'items', rule: rules.DuplicateProductRow.rule };

const CATALOGUE = 'Catalogue';
const INVENTORY = 'Inventory';
const BACK_OFFICE = 'Back office: Inventory';

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

/** The catalogue and stock routes of the external API (spec 4.1 and the routes added to it). */
export const INVENTORY_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/products',
    operationId: 'listProducts',
    summary: 'List the catalogue',
    description:
      'By name then id. `search` is a case-insensitive substring of the name or SKU (`%` and `_` are literal).',
    tag: CATALOGUE,
    query: ListProductsQuery,
    success: { status: 200, data: ProductListItemResponse, paginated: true },
  },
  {
    method: 'put',
    path: '/products/:id',
    operationId: 'updateProduct',
    summary: 'Change the name and/or price of a product',
    tag: CATALOGUE,
    body: UpdateProductBody,
    success: { status: 200, data: UpdatedProductResponse },
    errors: [404],
    example: { name: 'Blue mug, large', price: 12.5 },
  },
  {
    method: 'post',
    path: '/products',
    operationId: 'createProduct',
    summary: 'Create a product',
    description:
      'A slug left out is made from the name and made unique in the tenant (`mug`, `mug-2`, ...). ' +
      'A taken SKU or slug is a 409.',
    tag: CATALOGUE,
    body: CreateProductBody,
    success: { status: 201, data: ProductDetailResponse },
    example: { name: 'Blue mug', sku: 'MUG-001', price: 9.9, minStock: 5, unit: 'pcs', taxRate: 19 },
  },
  {
    method: 'get',
    path: '/products/:id',
    operationId: 'getProduct',
    summary: 'A product with its stock per warehouse',
    tag: CATALOGUE,
    success: { status: 200, data: ProductDetailResponse },
    errors: [404],
  },
  {
    method: 'get',
    path: '/products/stock',
    operationId: 'listLowStock',
    summary: 'The low-stock summary',
    description:
      'Always two entries, OUT_OF_STOCK (current stock ≤ 0) then LOW_STOCK (0 < current stock < minStock); ' +
      'each lists at most 100 products, lowest stock first.',
    tag: INVENTORY,
    success: { status: 200, data: LowStockResponse },
  },
  {
    method: 'post',
    path: '/products/adjust',
    operationId: 'requestAdjustment',
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
  },
  {
    method: 'get',
    path: '/products/adjustments',
    operationId: 'listAdjustments',
    summary: 'List the adjustment requests',
    description: 'Newest first, then id.',
    tag: INVENTORY,
    query: ListAdjustmentsQuery,
    success: { status: 200, data: AdjustmentSummaryResponse, paginated: true },
  },
  {
    method: 'post',
    path: '/products/transfer',
    operationId: 'transferStock',
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
  },
  {
    method: 'post',
    path: '/products/reserve',
    operationId: 'reserveStock',
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
  },
  {
    method: 'get',
    path: '/products/reservations/:id',
    operationId: 'getReservation',
    summary: 'A reservation, its status as of now',
    tag: INVENTORY,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
  },
  {
    method: 'post',
    path: '/products/reservations/:id/commit',
    operationId: 'commitReservation',
    summary: 'Take the reserved stock out',
    description: 'Only an ACTIVE, unexpired reservation (else 409 `INVALID_STATE`).',
    tag: INVENTORY,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
  },
  {
    method: 'post',
    path: '/products/reservations/:id/release',
    operationId: 'releaseReservation',
    summary: 'Give the reserved stock back',
    description: 'Only an ACTIVE, unexpired reservation (else 409 `INVALID_STATE`).',
    tag: INVENTORY,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
  },
  {
    method: 'post',
    path: '/purchase-orders',
    operationId: 'createPurchaseOrder',
    rules: [ITEMS_ONCE],
    summary: 'Create a purchase order',
    tag: INVENTORY,
    body: CreatePurchaseOrderBody,
    success: { status: 201, data: PurchaseOrderResponse },
    errors: [404],
    example: purchaseOrderExample,
  },
  {
    method: 'get',
    path: '/purchase-orders',
    operationId: 'listPurchaseOrders',
    summary: 'List the purchase orders',
    description: 'Newest first, with their items.',
    tag: INVENTORY,
    query: ListPurchaseOrdersQuery,
    success: { status: 200, data: PurchaseOrderResponse, paginated: true },
  },
  {
    method: 'post',
    path: '/goods-receipt',
    operationId: 'receiveGoods',
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
  },
];

/** Their back-office routes. */
export const INVENTORY_ADMIN_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/tenants/:tenantId/products',
    operationId: 'adminCreateProduct',
    summary: 'Create a product of a tenant',
    tag: BACK_OFFICE,
    body: CreateProductBody,
    success: { status: 201, data: ProductResponse },
    errors: [404, 409],
    example: { name: 'Blue mug', sku: 'MUG-001', price: 9.9, minStock: 5 },
  },
  {
    method: 'post',
    path: '/stock-adjustments/:id/approve',
    operationId: 'adminApproveAdjustment',
    summary: 'Approve a stock adjustment request',
    description:
      'Applies its items to the stock and writes the ledger in one transaction. Anything but a PENDING ' +
      'request, or a STOCK_OUT finding too little available stock, is a 409. `approvedBy` defaults to `admin-api`.',
    tag: BACK_OFFICE,
    body: ApproveAdjustmentBody,
    bodyOptional: true,
    success: { status: 200, data: BackOfficeAdjustmentResponse },
    errors: [404, 409],
    example: { approvedBy: 'jane@back-office' },
  },
  {
    method: 'post',
    path: '/stock-adjustments/:id/reject',
    operationId: 'adminRejectAdjustment',
    summary: 'Reject a stock adjustment request',
    description: 'Changes no stock. `rejectedBy` defaults to `admin-api`.',
    tag: BACK_OFFICE,
    body: RejectAdjustmentBody,
    bodyOptional: true,
    success: { status: 200, data: BackOfficeAdjustmentResponse },
    errors: [404, 409],
    example: { reason: 'No stocktake on record', rejectedBy: 'jane@back-office' },
  },
  {
    method: 'get',
    path: '/tenants/:tenantId/stock-adjustments',
    operationId: 'adminListAdjustments',
    summary: 'List the stock adjustment requests of a tenant',
    tag: BACK_OFFICE,
    query: ListAdjustmentsQuery,
    success: { status: 200, data: AdjustmentSummaryResponse, paginated: true },
  },
  {
    method: 'get',
    path: '/tenants/:tenantId/products/:productId/ledger',
    operationId: 'adminListStockLedger',
    summary: 'The stock movements of a product',
    description: 'Every warehouse, newest first, each with its source document.',
    tag: BACK_OFFICE,
    query: ListStockLedgerQuery,
    success: { status: 200, data: LedgerEntryResponse, paginated: true },
    errors: [404],
  },
  {
    method: 'post',
    path: '/tenants/:tenantId/purchase-orders',
    operationId: 'adminCreatePurchaseOrder',
    rules: [ITEMS_ONCE],
    summary: 'Create a purchase order of a tenant',
    description: 'Attributed to the branch of the warehouse; `fiscalYearId` defaults to the year covering today.',
    tag: BACK_OFFICE,
    body: AdminCreatePurchaseOrderBody,
    success: { status: 201, data: PurchaseOrderResponse },
    errors: [404],
    example: purchaseOrderExample,
  },
  {
    method: 'post',
    path: '/purchase-orders/:id/cancel',
    operationId: 'adminCancelPurchaseOrder',
    summary: 'Cancel a purchase order',
    description: 'Only an OPEN or PARTIALLY_RECEIVED order (else 409); what was received stays in stock.',
    tag: BACK_OFFICE,
    body: CancelPurchaseOrderBody,
    bodyOptional: true,
    success: { status: 200, data: PurchaseOrderResponse },
    errors: [404, 409],
    example: { reason: 'Supplier out of business' },
  },
];
