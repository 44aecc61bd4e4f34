import type { Caller } from '../access/caller.js';
import { pageOfKnownTenant } from '../shared/known-tenant.js';
import type { ProductView } from '../ports/inventory-repositories.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ListProductsQuery } from './commands.js';

/**
 * `GET /products`: the caller's catalogue, by name then id, optionally searched on name or SKU.
 * The back office lists a tenant's catalogue through it. Errors: TenantNotFound (back office).
 */
export class ListProducts {
  constructor(private readonly uow: UnitOfWork<'products' | 'tenants'>) {}

  execute(caller: Pick<Caller, 'tenantId'>, query: ListProductsQuery): Promise<Page<ProductView>> {
    const search = query.search?.trim();
    return this.uow.read(async (r) =>
      pageOfKnownTenant(
        r,
        caller.tenantId,
        await r.products.list(caller.tenantId, { ...query, search: search || undefined }),
      ),
    );
  }
}
