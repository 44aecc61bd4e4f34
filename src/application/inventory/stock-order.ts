import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { StockLine } from '../../domain/inventory/stock-lines.js';
import { WarehouseNotFound } from '../../domain/organization/errors.js';
import type { StockRepository } from '../ports/inventory-repositories.js';

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

/**
 * Refuses a stock write that names a warehouse or a product the tenant lacks, with one read
 * (`StockRepository.findTargets`): WarehouseNotFound for the first missing warehouse in the
 * order given, then ProductNotFound naming the first row whose product is missing.
 */
export async function requireStockTargets(
  stock: Pick<StockRepository, 'findTargets'>,
  tenantId: string,
  warehouseIds: readonly string[],
  lines: readonly Pick<StockLine, 'row' | 'productId'>[],
): Promise<void> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const found = await stock.findTargets(tenantId, warehouseIds, productIds);
  if (warehouseIds.some((id) => !found.warehouses.has(id))) throw new WarehouseNotFound();
  const missing = lines.find((l) => !found.products.has(l.productId));
  if (missing) throw new ProductNotFound(missing.row);
}

/**
 * Holds past their expiry are freed only where they stand in the way. The returned function
 * runs a conditional take (`take`: null or false when too little is available); one that finds
 * too little has `sweep` free the warehouse's expired reservations (once per operation) and,
 * when that freed any, is tried once more. So a take that succeeds costs no sweep.
 */
export function freeingExpiredHolds(
  sweep: () => Promise<number>,
): <T>(take: () => Promise<T | null | false>) => Promise<T | null | false> {
  let swept = false;
  return async (take) => {
    const first = await take();
    if ((first !== null && first !== false) || swept) return first;
    swept = true;
    return (await sweep()) > 0 ? take() : first;
  };
}
