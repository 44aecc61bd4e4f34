import type { Knex } from 'knex';
import type { StockLedgerRepository } from '../../application/ports/inventory-repositories.js';
import { offsetOf, type Page, type PageRequest } from '../../application/ports/pagination.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import { toStockLedgerEntry, toStockLedgerRow, type StockLedgerRow } from './stock-ledger.mapper.js';

type Db = Knex | Knex.Transaction;

export class KnexStockLedgerRepository implements StockLedgerRepository {
  constructor(private readonly db: Db) {}

  async append(entries: readonly StockLedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db('stock_ledger').insert(entries.map(toStockLedgerRow));
  }

  async listForProduct(tenantId: string, productId: string, query: PageRequest): Promise<Page<StockLedgerEntry>> {
    const base = this.db('stock_ledger').where({ tenant_id: tenantId, product_id: productId });
    const [rows, counted] = await Promise.all([
      base.clone().select('*').orderBy('seq', 'desc').limit(query.limit).offset(offsetOf(query)),
      base.clone().count<{ total: string }[]>({ total: '*' }),
    ]);
    return {
      items: (rows as StockLedgerRow[]).map(toStockLedgerEntry),
      total: Number(counted[0]?.total ?? 0),
      page: query.page,
      limit: query.limit,
    };
  }
}
