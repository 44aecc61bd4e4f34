import type {
  LowStockSummary,
  StockLevel,
  StockRepository,
  WarehouseStock,
} from '../../application/ports/inventory-repositories.js';
import type { Product } from '../../domain/inventory/product.js';
import { LOW_STOCK_RULE, LOW_STOCK_STATUSES, type LowStockStatus } from '../../domain/inventory/low-stock.js';
import { STOCK_LEVEL_BOUNDS } from '../../domain/inventory/stock-level.js';
import { Quantity } from '../../domain/shared/quantity.js';
import { jsonValue, prepared, type Db } from './db.js';
import { toProduct, type ProductRow } from './product.mapper.js';
import { expiredUnswept } from './reservation-sql.js';

/** The domain's bounds of a stock level, as the parameters of `BETWEEN ? AND ?`. */
const BOUNDS = [STOCK_LEVEL_BOUNDS.min.toString(), STOCK_LEVEL_BOUNDS.max.toString()];

/**
 * LOW_STOCK_RULE as a SQL CASE over `current_stock` and `min_stock`: the first bound that
 * matches gives the status, none gives NULL. Built from constants of the domain only.
 */
export const LOW_STOCK_CASE = `CASE ${LOW_STOCK_RULE.map(
  (b) =>
    `WHEN current_stock ${b.inclusive ? '<=' : '<'} ${b.threshold === 'zero' ? '0' : 'min_stock'} THEN '${b.status}'`,
).join(' ')} END`;

/**
 * What the level `s` really holds for reservations at the time bound to the one `?`: its
 * `reserved` minus the holds of reservations past their expiry that no sweep has freed yet.
 */
export const HELD_AT = `(s.reserved - COALESCE((
  SELECT sum(ri.quantity)
  FROM reservations r
  JOIN reservation_items ri ON ri.tenant_id = r.tenant_id AND ri.reservation_id = r.id
  WHERE r.tenant_id = s.tenant_id AND r.warehouse_id = s.warehouse_id AND ri.product_id = s.product_id
    AND ${expiredUnswept('r')}), 0))`;

/** A level's row (`quantity` and `HELD_AT`) as on hand, reserved and available (on hand − reserved, never below 0). */
function levelOf(r: { on_hand: string; reserved: string }): StockLevel {
  const onHand = Quantity.of(r.on_hand);
  const reserved = Quantity.of(r.reserved);
  const available = onHand.minus(reserved);
  return { onHand, reserved, available: available.isNegative() ? Quantity.ZERO : available };
}

interface LowStockRow {
  status: LowStockStatus;
  product_count: string;
  id: string;
  name: string;
  sku: string;
  current_stock: string;
  min_stock: string;
}

/**
 * Stock levels in `stock_levels` (CHECK quantity >= 0). Changes are single statements whose
 * condition is evaluated on the locked, current row, so parallel approvals can never take the
 * same unit twice nor drive a level below zero.
 */
export class KnexStockRepository implements StockRepository {
  constructor(private readonly db: Db) {}

  async findOnHand(
    tenantId: string,
    warehouseId: string,
    productIds: readonly string[],
  ): Promise<Map<string, Quantity>> {
    if (productIds.length === 0) return new Map();
    const rows: { product_id: string; quantity: string }[] = await this.db('stock_levels')
      .where({ tenant_id: tenantId, warehouse_id: warehouseId })
      .whereIn('product_id', [...productIds])
      .select('product_id', 'quantity');
    return new Map(rows.map((r) => [r.product_id, Quantity.of(r.quantity)]));
  }

  async findTargets(
    tenantId: string,
    warehouseIds: readonly string[],
    productIds: readonly string[],
  ): Promise<{ warehouses: Set<string>; products: Set<string> }> {
    const { rows } = await prepared<{ rows: { warehouse: boolean; id: string }[] }>(
      this.db,
      `SELECT true AS warehouse, id FROM warehouses WHERE tenant_id = ? AND id = ANY(?::uuid[])
       UNION ALL
       SELECT false, id FROM products WHERE tenant_id = ? AND id = ANY(?::uuid[])`,
      [tenantId, [...warehouseIds], tenantId, [...productIds]],
    );
    return {
      warehouses: new Set(rows.filter((r) => r.warehouse).map((r) => r.id)),
      products: new Set(rows.filter((r) => !r.warehouse).map((r) => r.id)),
    };
  }

  async findAvailable(
    tenantId: string,
    warehouseId: string,
    productIds: readonly string[],
    now: Date,
  ): Promise<Map<string, Quantity>> {
    if (productIds.length === 0) return new Map();
    const { rows } = await this.db.raw<{ rows: { product_id: string; available: string }[] }>(
      `SELECT s.product_id, s.quantity - ${HELD_AT} AS available
       FROM stock_levels s
       WHERE s.tenant_id = ? AND s.warehouse_id = ? AND s.product_id = ANY(?::uuid[])`,
      [now, tenantId, warehouseId, [...productIds]],
    );
    return new Map(rows.map((r) => [r.product_id, Quantity.of(r.available)]));
  }

  async findLevels(
    tenantId: string,
    warehouseId: string,
    productIds: readonly string[],
    now: Date,
  ): Promise<Map<string, StockLevel>> {
    if (productIds.length === 0) return new Map();
    const { rows } = await this.db.raw<{ rows: { product_id: string; on_hand: string; reserved: string }[] }>(
      `SELECT s.product_id, s.quantity AS on_hand, ${HELD_AT} AS reserved
       FROM stock_levels s
       WHERE s.tenant_id = ? AND s.warehouse_id = ? AND s.product_id = ANY(?::uuid[])`,
      [now, tenantId, warehouseId, [...productIds]],
    );
    return new Map(rows.map((r) => [r.product_id, levelOf(r)]));
  }

  /**
   * The product's row and its stock in every warehouse that ever held it (by warehouse name then
   * id), in one statement: the levels come as one JSON array, their quantities as text so no
   * amount passes through a binary float.
   */
  async findProductWithStock(
    tenantId: string,
    productId: string,
    now: Date,
  ): Promise<{ product: Product; stock: WarehouseStock[] } | null> {
    type Level = { warehouse_id: string; warehouse_name: string; on_hand: string; reserved: string };
    const { rows } = await prepared<{ rows: (ProductRow & { stock: Level[] | string })[] }>(
      this.db,
      `SELECT p.*, COALESCE((
         SELECT json_agg(json_build_object('warehouse_id', s.warehouse_id, 'warehouse_name', w.name,
                  'on_hand', s.quantity::text, 'reserved', ${HELD_AT}::text) ORDER BY w.name, w.id)
         FROM stock_levels s
         JOIN warehouses w ON w.tenant_id = s.tenant_id AND w.id = s.warehouse_id
         WHERE s.tenant_id = p.tenant_id AND s.product_id = p.id), '[]'::json) AS stock
       FROM products p
       WHERE p.tenant_id = ? AND p.id = ?`,
      [now, tenantId, productId],
    );
    const row = rows[0];
    if (!row) return null;
    const { stock, ...product } = row;
    const levels = jsonValue<Level[]>(stock);
    return {
      product: toProduct(product),
      stock: levels.map((l) => ({ warehouseId: l.warehouse_id, warehouseName: l.warehouse_name, ...levelOf(l) })),
    };
  }

  async reserveIfAvailable(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<boolean> {
    const q = quantity.toString();
    const { rows } = await this.db.raw<{ rows: unknown[] }>(
      `UPDATE stock_levels SET reserved = reserved + ?, updated_at = ?
       WHERE tenant_id = ? AND warehouse_id = ? AND product_id = ? AND quantity - reserved >= ?
       RETURNING 1`,
      [q, now, tenantId, warehouseId, productId, q],
    );
    return rows.length === 1;
  }

  async unreserve(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<void> {
    await this.db.raw(
      `UPDATE stock_levels SET reserved = reserved - ?, updated_at = ?
       WHERE tenant_id = ? AND warehouse_id = ? AND product_id = ?`,
      [quantity.toString(), now, tenantId, warehouseId, productId],
    );
  }

  async takeReserved(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<Quantity> {
    const q = quantity.toString();
    const { rows } = await this.db.raw<{ rows: { quantity: string }[] }>(
      `UPDATE stock_levels SET quantity = quantity - ?, reserved = reserved - ?, updated_at = ?
       WHERE tenant_id = ? AND warehouse_id = ? AND product_id = ?
       RETURNING quantity`,
      [q, q, now, tenantId, warehouseId, productId],
    );
    if (!rows[0]) throw new Error(`No stock level holds the reservation of ${productId}`);
    return Quantity.of(rows[0].quantity);
  }

  async lock(tenantId: string, warehouseId: string, productIds: readonly string[]): Promise<void> {
    // One product needs no ordering: its own update takes the row lock.
    if (productIds.length < 2) return;
    await this.db('stock_levels')
      .where({ tenant_id: tenantId, warehouse_id: warehouseId })
      .whereIn('product_id', [...productIds])
      .orderBy('product_id')
      .forUpdate()
      .select('product_id');
  }

  /**
   * The upsert's WHERE skips the update (no row returned, no overflow error) when the level
   * would leave STOCK_LEVEL_BOUNDS — the bounds of the domain's `levelAfter`.
   */
  async increaseIfRoom(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<Quantity | null> {
    const { rows } = await this.db.raw<{ rows: { quantity: string }[] }>(
      `INSERT INTO stock_levels (tenant_id, warehouse_id, product_id, quantity, updated_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, warehouse_id, product_id)
       DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = EXCLUDED.updated_at
       WHERE stock_levels.quantity + EXCLUDED.quantity BETWEEN ? AND ?
       RETURNING quantity`,
      [tenantId, warehouseId, productId, quantity.toString(), now, ...BOUNDS],
    );
    return rows[0] ? Quantity.of(rows[0].quantity) : null;
  }

  async decreaseIfAvailable(
    tenantId: string,
    warehouseId: string,
    productId: string,
    quantity: Quantity,
    now: Date,
  ): Promise<Quantity | null> {
    const { rows } = await this.db.raw<{ rows: { quantity: string }[] }>(
      `UPDATE stock_levels SET quantity = quantity - ?, updated_at = ?
       WHERE tenant_id = ? AND warehouse_id = ? AND product_id = ? AND quantity - ? BETWEEN ? AND ?
         AND quantity - ? >= reserved
       RETURNING quantity`,
      [quantity.toString(), now, tenantId, warehouseId, productId, quantity.toString(), ...BOUNDS, quantity.toString()],
    );
    return rows[0] ? Quantity.of(rows[0].quantity) : null;
  }

  /**
   * One query: current stock per product (the on-hand sum the stock triggers keep), classified by
   * LOW_STOCK_RULE (the CASE below is built from it), counted per status with a window and
   * cut to `limit` products per status, lowest stock first, then name and id.
   */
  async findLowStockSummary(tenantId: string, limit: number): Promise<LowStockSummary[]> {
    const { rows } = await this.db.raw<{ rows: LowStockRow[] }>(
      `WITH totals AS (
         SELECT id, name, sku, min_stock, current_stock FROM products WHERE tenant_id = ?
       ),
       classified AS (
         SELECT *,
                ${LOW_STOCK_CASE} AS status
         FROM totals
       ),
       ranked AS (
         SELECT *,
                count(*) OVER (PARTITION BY status) AS product_count,
                row_number() OVER (PARTITION BY status ORDER BY current_stock, name, id) AS pos
         FROM classified
         WHERE status IS NOT NULL
       )
       SELECT status, product_count, id, name, sku, current_stock, min_stock
       FROM ranked
       WHERE pos <= ?
       ORDER BY status, pos`,
      [tenantId, limit],
    );
    return LOW_STOCK_STATUSES.map((status) => {
      const mine = rows.filter((r) => r.status === status);
      return {
        status,
        productCount: Number(mine[0]?.product_count ?? 0),
        products: mine.map((r) => ({
          id: r.id,
          name: r.name,
          sku: r.sku,
          currentStock: Number(r.current_stock),
          minStock: Number(r.min_stock),
        })),
      };
    });
  }
}
