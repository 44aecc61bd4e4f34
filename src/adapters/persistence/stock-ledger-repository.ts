import type { StockLedgerRepository } from '../../application/ports/inventory-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import { toStockLedgerEntry, toStockLedgerRow } from './stock-ledger.mapper.js';
import { paginate } from './paginate.js';
import type { Db } from './db.js';

export class KnexStockLedgerRepository implements StockLedgerRepository {
  constructor(private readonly db: Db) {}

  async add(entries: readonly StockLedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db('stock_ledger').insert(entries.map(toStockLedgerRow));
  }

  async list(tenantId: string, query: PageRequest & { productId: string }): Promise<Page<StockLedgerEntry>> {
    const base = this.db('stock_ledger').where({ tenant_id: tenantId, product_id: query.productId });
    return paginate(base, query, (q) => q.select('*').orderBy('seq', 'desc'), toStockLedgerEntry);
  }
}
