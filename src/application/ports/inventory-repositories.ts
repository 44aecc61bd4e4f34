import type { AdjustmentRequest, AdjustmentStatus, AdjustmentType } from '../../domain/inventory/adjustment-request.js';
import type { LowStockStatus } from '../../domain/inventory/low-stock.js';
import type { Product } from '../../domain/inventory/product.js';
import type { PurchaseOrder, PurchaseOrderStatus } from '../../domain/inventory/purchase-order.js';
import type { Reservation, ReservationStatus } from '../../domain/inventory/reservation.js';
import type { GoodsReceipt, StockTransfer } from '../../domain/inventory/stock-documents.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import type { Quantity } from '../../domain/shared/quantity.js';
import type { Page, PageRequest } from './pagination.js';

/** What product lists show (spec 2.2, plus currentStock and minStock). */
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
  /** The tenant's slugs equal to `base` or of the form `base-<n>` (to derive a free one). */
  findSlugsLike(tenantId: string, base: string): Promise<Set<string>>;
}

/** A product's stock in a warehouse; `reserved` counts only unexpired holds; `available` is never below 0. */
export interface StockLevel {
  onHand: Quantity;
  reserved: Quantity;
  available: Quantity;
}

/** One warehouse's stock of a product. */
export interface WarehouseStock extends StockLevel {
  warehouseId: string;
  warehouseName: string;
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

/** One row of a request with its product's name and SKU as they are now. */
export interface AdjustmentDetailItem {
  productId: string;
  productName: string;
  sku: string;
  quantity: Quantity;
  type: AdjustmentType;
}

/** A request and its rows, each naming its product (what a reviewer needs to decide). */
export interface AdjustmentDetail {
  request: AdjustmentRequest;
  items: AdjustmentDetailItem[];
}

/** The back office's detail: also the name of the integration that asked. */
export interface AdjustmentDetailAcrossTenants extends AdjustmentDetail {
  clientName: string;
}

export interface AdjustmentRequestRepository {
  /**
   * Stores the new request and its items, numbered (`ADJ-`) by the same statement; call it as
   * the transaction's last write, since the counter stays locked until the commit. Throws
   * FiscalYearNotFound when the fiscal year is not the tenant's.
   */
  add(request: AdjustmentRequest): Promise<void>;
  findById(tenantId: string, id: string): Promise<AdjustmentRequest | null>;
  /** A request of the tenant with each row's product name and SKU, in row order; null when none. */
  findDetail(tenantId: string, id: string): Promise<AdjustmentDetail | null>;
  /** The back office's detail, whatever the tenant; null when none. */
  findDetailAcrossTenants(id: string): Promise<AdjustmentDetailAcrossTenants | null>;
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

/**
 * Stock levels per (tenant, warehouse, product): `onHand` (the `quantity` column) and
 * `reserved`, the part ACTIVE reservations hold; available = onHand − reserved. A missing level
 * is 0. Reads that take `now` leave out the holds of reservations past their expiry that no
 * sweep has freed yet (a reservation stops holding stock at `expiresAt`).
 */
export interface StockRepository {
  /**
   * Which of `warehouseIds` and of `productIds` are the tenant's, in one statement: what a stock
   * write checks before it takes any lock (`requireStockTargets`).
   */
  findTargets(
    tenantId: string,
    warehouseIds: readonly string[],
    productIds: readonly string[],
  ): Promise<{ warehouses: Set<string>; products: Set<string> }>;
  /** What the warehouse holds of each of `productIds` (absent from the map: 0). */
  findOnHand(tenantId: string, warehouseId: string, productIds: readonly string[]): Promise<Map<string, Quantity>>;
  /** What may be taken of each of `productIds` at `now` (absent from the map: 0). */
  findAvailable(
    tenantId: string,
    warehouseId: string,
    productIds: readonly string[],
    now: Date,
  ): Promise<Map<string, Quantity>>;
  /** Each of `productIds`' stock in the warehouse at `now`, in one statement (absent from the map: none). */
  findLevels(
    tenantId: string,
    warehouseId: string,
    productIds: readonly string[],
    now: Date,
  ): Promise<Map<string, StockLevel>>;
  /**
   * A product of the tenant and its stock in every warehouse that ever held it (by warehouse
   * name then id), read together; null when the tenant has no such product.
   */
  findProductWithStock(
    tenantId: string,
    productId: string,
    now: Date,
  ): Promise<{ product: Product; stock: WarehouseStock[] } | null>;
  /**
   * Holds `quantity` for a reservation only if that much is available (a conditional update on
   * the current row: parallel reservations never hold the same unit twice). False when short.
   */
  reserveIfAvailable(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<boolean>;
  /** Gives a released hold back (reserved drops). */
  unreserve(tenantId: string, warehouseId: string, productId: string, quantity: Quantity, now: Date): Promise<void>;
  /** A committed hold leaves stock: onHand and reserved both drop; returns the onHand after. */
  takeReserved(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<Quantity>;
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
   * Takes `quantity` away only if it is available (what stays on hand covers what is reserved,
   * and the level stays inside STOCK_LEVEL_BOUNDS): a conditional update, safe under
   * concurrency; returns the on-hand balance after, or null when there is not enough.
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
   * LOW_STOCK_RULE.
   */
  findLowStockSummary(tenantId: string, limit: number): Promise<LowStockSummary[]>;
}

export interface ReservationRepository {
  /**
   * Stores the new reservation and its items, numbered (`RSV-`) by the same statement; call it as
   * the transaction's last write, since the counter stays locked until the commit. Throws
   * FiscalYearNotFound when the fiscal year is not the tenant's.
   */
  add(reservation: Reservation): Promise<void>;
  /** `forUpdate` locks the reservation row: a commit, a release and a sweep of it queue. */
  findById(tenantId: string, id: string, options?: { forUpdate?: boolean }): Promise<Reservation | null>;
  /**
   * Stores the transition taken (`reservation.transition`) only while the stored status still
   * accepts it (the machine's from-states) and, for COMMIT and RELEASE, the reservation has not
   * expired at `now`. False, writing nothing, otherwise.
   */
  save(reservation: Reservation, now: Date): Promise<boolean>;
  /**
   * Marks EXPIRED the ACTIVE reservations past their expiry at `now` and frees their holds in
   * the stock levels, in the same statement; `scope` narrows it to one warehouse (what an
   * operation taking stock there does first), else up to `limit` of them across tenants,
   * skipping rows another transaction holds (the periodic sweep). Returns how many expired.
   */
  expireDue(now: Date, scope: { tenantId: string; warehouseId: string } | { limit: number }): Promise<number>;
  /**
   * Newest first, then id; each with its items. `status` is the status at `now` (`statusAt`): an
   * ACTIVE reservation past its expiry is EXPIRED, swept or not.
   */
  list(tenantId: string, query: ReservationListQuery, now: Date): Promise<Page<Reservation>>;
}

/** The back office's filters of a tenant's reservations. */
export interface ReservationListQuery extends PageRequest {
  status?: ReservationStatus;
  warehouseId?: string;
  /** Reservations holding this product on one of their rows. */
  productId?: string;
}

/** The back office's filters of a tenant's transfers. */
export interface TransferListQuery extends PageRequest {
  /** Transfers out of or into this warehouse. */
  warehouseId?: string;
  /** Transfers moving this product on one of their rows. */
  productId?: string;
}

export interface TransferRepository {
  /**
   * Stores an UNNUMBERED transfer, its items and its stock `movements` (whose source number is
   * UNNUMBERED too) in one statement that draws its number (`TRF-`), and returns it numbered.
   * Call it as the transaction's last write: the counter stays locked until the commit. Throws
   * FiscalYearNotFound when the fiscal year is not the tenant's.
   */
  add(transfer: StockTransfer, movements: readonly StockLedgerEntry[]): Promise<StockTransfer>;
  findById(tenantId: string, id: string): Promise<StockTransfer | null>;
  /** Newest first, then id; each with its items. */
  list(tenantId: string, query: TransferListQuery): Promise<Page<StockTransfer>>;
}

/** The back office's filters of a tenant's goods receipts. */
export interface GoodsReceiptListQuery extends PageRequest {
  warehouseId?: string;
  purchaseOrderId?: string;
}

export interface GoodsReceiptRepository {
  /**
   * Stores an UNNUMBERED receipt, its items and its stock `movements` in one statement that
   * draws its number (`GRN-`), and returns it numbered; as `TransferRepository.add`.
   */
  add(receipt: GoodsReceipt, movements: readonly StockLedgerEntry[]): Promise<GoodsReceipt>;
  findById(tenantId: string, id: string): Promise<GoodsReceipt | null>;
  /** Newest first, then id; each with its items. */
  list(tenantId: string, query: GoodsReceiptListQuery): Promise<Page<GoodsReceipt>>;
}

export interface PurchaseOrderRepository {
  add(order: PurchaseOrder): Promise<void>;
  /** `forUpdate` locks the order row: receipts on one order queue. */
  findById(tenantId: string, id: string, options?: { forUpdate?: boolean }): Promise<PurchaseOrder | null>;
  /** The back office's lookup, across tenants. */
  findByIdAcrossTenants(id: string, options?: { forUpdate?: boolean }): Promise<PurchaseOrder | null>;
  /** Stores the transition taken (status, received quantities) while the stored status accepts it. */
  save(order: PurchaseOrder): Promise<boolean>;
  /** Newest first, then id; each with its items. */
  list(tenantId: string, query: PageRequest & { status?: PurchaseOrderStatus }): Promise<Page<PurchaseOrder>>;
}

export interface StockLedgerRepository {
  /** Stores new entries (never changed afterwards). */
  add(entries: readonly StockLedgerEntry[]): Promise<void>;
  /** A product's movements in every warehouse of the tenant, newest first. */
  list(tenantId: string, query: PageRequest & { productId: string }): Promise<Page<StockLedgerEntry>>;
}
