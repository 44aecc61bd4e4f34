import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { Product } from '../../domain/inventory/product.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { WarehouseStock } from '../ports/inventory-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn } from '../shared/known-tenant.js';

export interface ProductDetail {
  product: Product;
  /** One entry per warehouse that ever held it; `reserved` counts only unexpired holds. */
  stock: WarehouseStock[];
}

/** `GET /products/:id`. Errors: ProductNotFound (also another tenant's), TenantNotFound (back office). */
export class GetProduct {
  constructor(
    private readonly uow: UnitOfWork<'stock' | 'tenants'>,
    private readonly clock: Clock,
  ) {}

  execute(caller: Pick<Caller, 'tenantId'>, id: string): Promise<ProductDetail> {
    return this.uow.read(async (r) => {
      const detail = await r.stock.findProductWithStock(caller.tenantId, id, this.clock.now());
      return detail ?? missingIn(r, caller.tenantId, new ProductNotFound());
    });
  }
}
