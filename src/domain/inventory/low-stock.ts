/**
 * The low-stock rule of spec 2.3, as data: the first bound the current stock
 * (sum over warehouses) falls under gives the status; none → not listed. It is evaluated where
 * the stock is, in the database: the persistence adapter builds its SQL `CASE` from these
 * bounds (test/adapters/persistence/inventory-rules.test.ts checks it against the spec's cases).
 *
 * - OUT_OF_STOCK: current stock <= 0
 * - LOW_STOCK:    current stock <  minStock
 */
export const LOW_STOCK_RULE = [
  { status: 'OUT_OF_STOCK', threshold: 'zero', inclusive: true },
  { status: 'LOW_STOCK', threshold: 'minStock', inclusive: false },
] as const satisfies readonly LowStockBound[];

export interface LowStockBound {
  readonly status: string;
  /** What the current stock is compared with: 0 or the product's minStock. */
  readonly threshold: 'zero' | 'minStock';
  /** true: at or below the threshold; false: strictly below. */
  readonly inclusive: boolean;
}

/** The statuses of the low-stock summary, in the order the summary lists them. */
export const LOW_STOCK_STATUSES = LOW_STOCK_RULE.map((b) => b.status);
export type LowStockStatus = (typeof LOW_STOCK_RULE)[number]['status'];

/** How many products each summary lists at most. */
export const LOW_STOCK_LIST_LIMIT = 100;
