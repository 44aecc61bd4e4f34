import type {
  AdjustmentDetail,
  AdjustmentSummary,
  LowStockSummary,
  ProductView,
} from '../../application/ports/inventory-repositories.js';
import type { Static } from '@sinclair/typebox';
import type { BackOfficeAdjustmentDetail } from '../../application/inventory/get-adjustment.js';
import type { ProductDetail } from '../../application/inventory/get-product.js';
import type { ReservationAt } from '../../application/inventory/reservation-lifecycle.js';
import type { AdjustmentRequest } from '../../domain/inventory/adjustment-request.js';
import type { Product } from '../../domain/inventory/product.js';
import type { PurchaseOrder } from '../../domain/inventory/purchase-order.js';
import type { GoodsReceipt, StockTransfer } from '../../domain/inventory/stock-documents.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import type { StockLine } from '../../domain/inventory/stock-lines.js';
import { Quantity } from '../../domain/shared/quantity.js';
import type {
  AdjustmentDetailResponse,
  AdjustmentResponse,
  AdjustmentSummaryResponse,
  BackOfficeAdjustmentDetailResponse,
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
} from '../shared/responses/inventory.js';

/**
 * Inventory aggregates and read models → response objects, each typed by its response schema
 * (src/adapters/shared/responses/inventory.ts). Money and quantities serialise as exact JSON numbers.
 */
function presentItems(r: AdjustmentRequest) {
  return r.items.map((i) => ({ productId: i.productId, quantity: i.quantity.toNumber(), type: i.type }));
}

/** The external view of a request (spec 4.1, `POST /products/adjust`). */
export function presentAdjustment(r: AdjustmentRequest): Static<typeof AdjustmentResponse> {
  return {
    id: r.id,
    number: r.number,
    warehouseId: r.warehouseId,
    status: r.status,
    reason: r.reason,
    items: presentItems(r),
    createdAt: r.createdAt.toISOString(),
  };
}

/** `GET /products/adjustments/:id`: the request, each row naming its product. */
export function presentAdjustmentDetail(d: AdjustmentDetail): Static<typeof AdjustmentDetailResponse> {
  return {
    ...presentAdjustment(d.request),
    items: d.items.map((i) => ({
      productId: i.productId,
      productName: i.productName,
      sku: i.sku,
      quantity: i.quantity.toNumber(),
      type: i.type,
    })),
  };
}

export function presentAdjustmentSummary(s: AdjustmentSummary): Static<typeof AdjustmentSummaryResponse> {
  return {
    id: s.id,
    number: s.number,
    warehouseId: s.warehouseId,
    status: s.status,
    reason: s.reason,
    createdAt: s.createdAt.toISOString(),
  };
}

/** The back office's view: everything, including who asked and who decided. */
export function presentAdjustmentForBackOffice(r: AdjustmentRequest): Static<typeof BackOfficeAdjustmentResponse> {
  const s = r.state();
  return {
    id: s.id,
    tenantId: s.tenantId,
    number: s.number,
    warehouseId: s.warehouseId,
    branchId: s.branchId,
    fiscalYearId: s.fiscalYearId,
    integrationId: s.integrationId,
    status: s.status,
    reason: s.reason,
    items: presentItems(r),
    decidedBy: s.decidedBy,
    decidedAt: s.decidedAt?.toISOString() ?? null,
    rejectionReason: s.rejectionReason,
    createdAt: s.createdAt.toISOString(),
  };
}

/** The back office's detail: the request, who asked, and each row's stock in its warehouse now. */
export function presentAdjustmentDetailForBackOffice(
  d: BackOfficeAdjustmentDetail,
): Static<typeof BackOfficeAdjustmentDetailResponse> {
  return {
    ...presentAdjustmentForBackOffice(d.request),
    clientName: d.clientName,
    items: d.items.map((i) => ({
      productId: i.productId,
      productName: i.productName,
      sku: i.sku,
      quantity: i.quantity.toNumber(),
      type: i.type,
      onHand: i.onHand.toNumber(),
      available: i.available.toNumber(),
    })),
  };
}

/** A stock ledger entry (back-office ledger read). */
export function presentLedgerEntry(e: StockLedgerEntry): Static<typeof LedgerEntryResponse> {
  return {
    id: e.id,
    warehouseId: e.warehouseId,
    productId: e.productId,
    type: e.type,
    quantity: e.quantity.toNumber(),
    balanceAfter: e.balanceAfter.toNumber(),
    sourceId: e.source.id,
    sourceNumber: e.source.number,
    row: e.row,
    adjustmentRequestId: e.adjustmentRequestId,
    approvedBy: e.approvedBy,
    createdAt: e.createdAt.toISOString(),
  };
}

/** The back office's product (admin create, CLI): every stored field but the tenant. */
export function presentProduct(p: Product): Static<typeof ProductResponse> {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    price: p.price.toNumber(),
    unit: p.unit,
    taxRate: p.taxRate.toNumber(),
    barcode: p.barcode,
    minStock: p.minStock.toNumber(),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** `GET /products/:id` and `POST /products`: the product with its stock. */
export function presentProductDetail(d: ProductDetail): Static<typeof ProductDetailResponse> {
  const p = d.product;
  const currentStock = d.stock.reduce((sum, s) => sum.plus(s.onHand), Quantity.ZERO);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    price: p.price.toNumber(),
    unit: p.unit,
    taxRate: p.taxRate.toNumber(),
    barcode: p.barcode,
    minStock: p.minStock.toNumber(),
    currentStock: currentStock.toNumber(),
    stock: d.stock.map((s) => ({
      warehouseId: s.warehouseId,
      warehouseName: s.warehouseName,
      onHand: s.onHand.toNumber(),
      reserved: s.reserved.toNumber(),
      available: s.available.toNumber(),
    })),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function presentStockLines(items: readonly StockLine[]) {
  return items.map((i) => ({ productId: i.productId, quantity: i.quantity.toNumber() }));
}

/** `POST /products/transfer`. */
export function presentTransfer(t: StockTransfer): Static<typeof TransferResponse> {
  return {
    id: t.id,
    transferNumber: t.number,
    fromWarehouseId: t.fromWarehouseId,
    toWarehouseId: t.toWarehouseId,
    reference: t.reference,
    items: presentStockLines(t.items),
    createdAt: t.createdAt.toISOString(),
  };
}

/** `POST /products/reserve`, `GET /products/reservations/:id`, commit and release. */
/** The status shown is the one at the time of reading: ACTIVE past `expiresAt` reads EXPIRED. */
export function presentReservation({ reservation, at }: ReservationAt): Static<typeof ReservationResponse> {
  const s = reservation.state();
  return {
    id: s.id,
    reservationNumber: s.number,
    status: reservation.statusAt(at),
    warehouseId: s.warehouseId,
    reference: s.reference,
    items: presentStockLines(s.items),
    expiresAt: s.expiresAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** `POST` and `GET /purchase-orders`, back-office create and cancel. */
export function presentPurchaseOrder(order: PurchaseOrder): Static<typeof PurchaseOrderResponse> {
  const s = order.state();
  return {
    id: s.id,
    poNumber: s.number,
    supplierName: s.supplierName,
    warehouseId: s.warehouseId,
    status: s.status,
    expectedOn: s.expectedOn,
    items: s.items.map((i) => ({
      productId: i.productId,
      orderedQuantity: i.orderedQuantity.toNumber(),
      receivedQuantity: i.receivedQuantity.toNumber(),
      unitCost: i.unitCost.toNumber(),
    })),
    cancelReason: s.cancelReason,
    cancelledBy: s.cancelledBy,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** `POST /goods-receipt`. */
export function presentGoodsReceipt(g: GoodsReceipt): Static<typeof GoodsReceiptResponse> {
  return {
    id: g.id,
    receiptNumber: g.number,
    purchaseOrderId: g.purchaseOrderId,
    warehouseId: g.warehouseId,
    supplierReference: g.supplierReference,
    items: g.items.map((i) => ({
      productId: i.productId,
      quantity: i.quantity.toNumber(),
      unitCost: i.unitCost?.toNumber() ?? null,
    })),
    createdAt: g.createdAt.toISOString(),
  };
}

/** `PUT /products/:id` (spec 4.1). */
export function presentUpdatedProduct(p: Product): Static<typeof UpdatedProductResponse> {
  return {
    id: p.id,
    name: p.name,
    price: p.price.toNumber(),
    slug: p.slug,
    sku: p.sku,
    minStock: p.minStock.toNumber(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** One row of `GET /products` (spec 2.2 plus currentStock and minStock). */
export function presentProductListItem(p: ProductView): Static<typeof ProductListItemResponse> {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    price: p.price,
    sku: p.sku,
    currentStock: p.currentStock,
    minStock: p.minStock,
  };
}

/** `GET /products/stock`: both summaries, in the order of the rule. */
export function presentLowStockSummary(summaries: readonly LowStockSummary[]): Static<typeof LowStockResponse> {
  return summaries.map((s) => ({
    status: s.status,
    productCount: s.productCount,
    products: s.products.map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      currentStock: p.currentStock,
      minStock: p.minStock,
    })),
  }));
}
