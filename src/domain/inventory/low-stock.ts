import type { Quantity } from '../shared/quantity.js';

/** The statuses of the low-stock summary (spec 2.3), in the order the summary lists them. */
export const LOW_STOCK_STATUSES = ['OUT_OF_STOCK', 'LOW_STOCK'] as const;
export type LowStockStatus = (typeof LOW_STOCK_STATUSES)[number];

/** How many products each summary lists at most (CONTRACT §3). */
export const LOW_STOCK_LIST_LIMIT = 100;

/**
 * OUT_OF_STOCK: current stock (sum over warehouses) <= 0. LOW_STOCK: 0 < current < minStock.
 * Otherwise null. The persistence adapter computes the same rule in one SQL query.
 */
export function lowStockStatusOf(currentStock: Quantity, minStock: Quantity): LowStockStatus | null {
  if (!currentStock.isPositive()) return 'OUT_OF_STOCK';
  if (currentStock.lessThan(minStock)) return 'LOW_STOCK';
  return null;
}
