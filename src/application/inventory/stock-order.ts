import type { StockLine } from '../../domain/inventory/stock-lines.js';

/**
 * Runs `step` for each line in product-id order (whatever order the caller sent them in), so
 * two operations on the same stock rows lock them in one order and queue instead of
 * deadlocking. A thrown error stops at once (the transaction rolls back).
 */
export async function takeInProductOrder<L extends StockLine>(
  lines: readonly L[],
  step: (line: L) => Promise<void>,
): Promise<void> {
  const ordered = [...lines].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : a.row - b.row,
  );
  for (const line of ordered) await step(line);
}
