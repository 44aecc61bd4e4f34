import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ListStockLedgerCommand } from './commands.js';

/** Back office: a product's stock movements (all warehouses), newest first. Errors: TenantNotFound, ProductNotFound. */
export class ListStockLedger {
  constructor(private readonly uow: UnitOfWork<'tenants' | 'products' | 'stockLedger'>) {}

  execute(input: ListStockLedgerCommand): Promise<Page<StockLedgerEntry>> {
    return this.uow.read(async (r) => {
      if (!(await r.tenants.findById(input.tenantId))) throw new TenantNotFound();
      if (!(await r.products.findById(input.tenantId, input.productId))) throw new ProductNotFound();
      return r.stockLedger.list(input.tenantId, { productId: input.productId, page: input.page, limit: input.limit });
    });
  }
}
