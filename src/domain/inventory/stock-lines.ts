import { Quantity } from '../shared/quantity.js';
import { DuplicateProductRow } from './errors.js';

/** The most rows a transfer, reservation, order or receipt may have. */
export const MAX_DOCUMENT_ITEMS = 500;

/** One row of a stock document: `row` counts from 1 in the order the caller sent the items. */
export interface StockLine {
  readonly row: number;
  readonly productId: string;
  /** Always positive. */
  readonly quantity: Quantity;
}

/** Numbers the rows from 1; `Quantity.of` refuses what is not a quantity. */
export function stockLinesOf(items: readonly { productId: string; quantity: number }[]): StockLine[] {
  return items.map((item, index) => ({
    row: index + 1,
    productId: item.productId,
    quantity: Quantity.of(item.quantity),
  }));
}

/**
 * The same lines, refusing a product named on an earlier row (transfers and reservations):
 * DuplicateProductRow names the later row.
 */
export function distinctStockLinesOf(items: readonly { productId: string; quantity: number }[]): StockLine[] {
  const lines = stockLinesOf(items);
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.productId)) throw new DuplicateProductRow(line.row);
    seen.add(line.productId);
  }
  return lines;
}
