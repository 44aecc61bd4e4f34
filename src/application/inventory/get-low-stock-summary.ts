import { LOW_STOCK_LIST_LIMIT } from '../../domain/inventory/low-stock.js';
import type { Caller } from '../access/caller.js';
import type { LowStockSummary } from '../ports/inventory-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/**
 * `GET /products/stock`: two summaries, OUT_OF_STOCK then LOW_STOCK, both always present,
 * each counting all its products and listing up to 100 of them, lowest stock first.
 */
export class GetLowStockSummary {
  constructor(private readonly uow: UnitOfWork<'stock'>) {}

  execute(caller: Caller): Promise<LowStockSummary[]> {
    return this.uow.read((r) => r.stock.findLowStockSummary(caller.tenantId, LOW_STOCK_LIST_LIMIT));
  }
}
