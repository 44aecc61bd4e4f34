import type { AdjustmentRequest, AdjustmentStatus } from '../../domain/inventory/adjustment-request.js';
import type { LowStockStatus } from '../../domain/inventory/low-stock.js';
import type { Product } from '../../domain/inventory/product.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import type { Quantity } from '../../domain/shared/quantity.js';
import type { Page, PageRequest } from './pagination.js';

/** What product lists show (spec 2.2 plus CONTRACT §3's currentStock and minStock). */
export interface ProductView {
  id: string;
  name: string;
  slug: string;
  price: number;
  sku: string;
  currentStock: number;
  minStock: number;
}

export interface ProductRepository {
  /** Throws DuplicateSku when the SKU is taken in the tenant. */
  insert(product: Product): Promise<void>;
  findById(tenantId: string, id: string, options?: { forUpdate?: boolean }): Promise<Product | null>;
  update(product: Product): Promise<void>;
  list(tenantId: string, query: PageRequest & { search?: string }): Promise<Page<ProductView>>;
  /** Which of `ids` are products of the tenant (one query, however many ids). */
  findExistingIds(tenantId: string, ids: readonly string[]): Promise<Set<string>>;
}

/** What adjustment lists show (spec 4.1). */
export interface AdjustmentSummary {
  id: string;
  number: string;
  warehouseId: string;
  status: AdjustmentStatus;
  reason: string;
  createdAt: Date;
}

export interface AdjustmentRequestRepository {
  insert(request: AdjustmentRequest): Promise<void>;
  findById(tenantId: string, id: string): Promise<AdjustmentRequest | null>;
  /**
   * The back office's lookup, across tenants. `forUpdate` locks the request row until the
   * transaction ends, so two decisions on one request queue and the second sees the first.
   */
  findByIdAcrossTenants(id: string, options?: { forUpdate?: boolean }): Promise<AdjustmentRequest | null>;
  /**
   * Stores the decision of a request that was PENDING. Returns false, writing nothing, when
   * the stored request is no longer PENDING.
   */
  saveDecision(request: AdjustmentRequest): Promise<boolean>;
  /** Newest first, then id. */
  list(tenantId: string, query: PageRequest & { status?: AdjustmentStatus }): Promise<Page<AdjustmentSummary>>;
}

/** One entry of the low-stock summary's product list. */
export interface LowStockProduct {
  id: string;
  name: string;
  sku: string;
  currentStock: number;
  minStock: number;
}

export interface LowStockSummary {
  status: LowStockStatus;
  productCount: number;
  products: LowStockProduct[];
}

/** Stock levels per (tenant, warehouse, product). A missing level is 0. */
export interface StockRepository {
  /** What the warehouse holds of each of `productIds` (absent from the map: 0). */
  onHand(tenantId: string, warehouseId: string, productIds: readonly string[]): Promise<Map<string, Quantity>>;
  /**
   * Locks the existing levels of these products in the warehouse, in one fixed order, so
   * approvals touching the same products queue instead of deadlocking.
   */
  lock(tenantId: string, warehouseId: string, productIds: readonly string[]): Promise<void>;
  /**
   * Adds `quantity` (creating the level at 0 first); returns the balance after, or null,
   * changing nothing, when the level would exceed MAX_STOCK_LEVEL.
   */
  increaseIfRoom(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<Quantity | null>;
  /**
   * Takes `quantity` away only if at least that much is there (a conditional update, safe
   * under concurrency); returns the balance after, or null when there is not enough.
   */
  decreaseIfAvailable(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<Quantity | null>;
  /**
   * Both summaries of spec 2.3 in the order OUT_OF_STOCK, LOW_STOCK (each always present),
   * each listing up to `limit` products, lowest stock first, then name and id.
   */
  lowStockSummary(tenantId: string, limit: number): Promise<LowStockSummary[]>;
}

export interface StockLedgerRepository {
  append(entries: readonly StockLedgerEntry[]): Promise<void>;
  /** A product's movements in every warehouse of the tenant, newest first. */
  listForProduct(tenantId: string, productId: string, query: PageRequest): Promise<Page<StockLedgerEntry>>;
}
