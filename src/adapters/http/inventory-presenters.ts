import type {
  AdjustmentSummary,
  LowStockSummary,
  ProductView,
} from '../../application/ports/inventory-repositories.js';
import type { AdjustmentRequest } from '../../domain/inventory/adjustment-request.js';
import type { Product } from '../../domain/inventory/product.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';

/** Inventory aggregates and read models → response objects. Money and quantities serialise as exact JSON numbers. */
function presentItems(r: AdjustmentRequest) {
  return r.items.map((i) => ({ productId: i.productId, quantity: i.quantity.toNumber(), type: i.type }));
}

/** The external view of a request (spec 4.1, `POST /products/adjust`). */
export function presentAdjustment(r: AdjustmentRequest) {
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

export function presentAdjustmentSummary(s: AdjustmentSummary) {
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
export function presentAdjustmentForBackOffice(r: AdjustmentRequest) {
  const s = r.snapshot();
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

export function presentLedgerEntry(e: StockLedgerEntry) {
  return {
    id: e.id,
    warehouseId: e.warehouseId,
    productId: e.productId,
    quantity: e.quantity.toNumber(),
    balanceAfter: e.balanceAfter.toNumber(),
    adjustmentRequestId: e.adjustmentRequestId,
    row: e.row,
    approvedBy: e.approvedBy,
    createdAt: e.createdAt.toISOString(),
  };
}

/** The back office's product (admin create, CLI): every stored field but the tenant. */
export function presentProduct(p: Product) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    price: p.price.toNumber(),
    minStock: p.minStock.toNumber(),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** `PUT /products/:id` (spec 4.1). */
export function presentUpdatedProduct(p: Product) {
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

/** One row of `GET /products` (spec 2.2 plus CONTRACT §3's currentStock and minStock). */
export function presentProductListItem(p: ProductView) {
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
export function presentLowStockSummary(summaries: readonly LowStockSummary[]) {
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
