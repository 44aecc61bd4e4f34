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
  /** Stores a new product. Throws DuplicateSku when the SKU is taken in the tenant. */
  add(product: Product): Promise<void>;
  findById(tenantId: string, id: string, options?: { forUpdate?: boolean }): Promise<Product | null>;
  /** Writes the changes of a stored product (name, price, updatedAt). */
  save(product: Product): Promise<void>;
  /** By name then id; `search` (already trimmed, non-empty) matches name or SKU, case-insensitively. */
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
  add(request: AdjustmentRequest): Promise<void>;
  findById(tenantId: string, id: string): Promise<AdjustmentRequest | null>;
  /**
   * The back office's lookup, across tenants. `forUpdate` locks the request row until the
   * transaction ends, so two decisions on one request queue and the second sees the first.
   */
  findByIdAcrossTenants(id: string, options?: { forUpdate?: boolean }): Promise<AdjustmentRequest | null>;
  /**
   * Stores the decision taken on a loaded request (`request.decision`), conditionally: only
   * while the stored status still accepts that event (the machine's from-states). Returns
   * false, writing nothing, when it no longer does.
   */
  save(request: AdjustmentRequest): Promise<boolean>;
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
  findOnHand(tenantId: string, warehouseId: string, productIds: readonly string[]): Promise<Map<string, Quantity>>;
  /**
   * Locks the existing levels of these products in the warehouse, in one fixed order, so
   * approvals touching the same products queue instead of deadlocking.
   */
  lock(tenantId: string, warehouseId: string, productIds: readonly string[]): Promise<void>;
  /**
   * Adds `quantity` (creating the level at 0 first); returns the balance after, or null,
   * changing nothing, when the level would leave STOCK_LEVEL_BOUNDS (`levelAfter`).
   */
  increaseIfRoom(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<Quantity | null>;
  /**
   * Takes `quantity` away only if the level stays inside STOCK_LEVEL_BOUNDS (a conditional
   * update, safe under concurrency); returns the balance after, or null when there is not enough.
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
   * each listing up to `limit` products, lowest stock first, then name and id; classified by
   * LOW_STOCK_RULE (the rule of `lowStockStatusOf`).
   */
  findLowStockSummary(tenantId: string, limit: number): Promise<LowStockSummary[]>;
}

export interface StockLedgerRepository {
  /** Stores new entries (never changed afterwards). */
  add(entries: readonly StockLedgerEntry[]): Promise<void>;
  /** A product's movements in every warehouse of the tenant, newest first. */
  list(tenantId: string, query: PageRequest & { productId: string }): Promise<Page<StockLedgerEntry>>;
}
