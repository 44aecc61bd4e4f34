import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { Product } from '../../domain/inventory/product.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** `PUT /products/:id`: name and/or price. Errors: ProductNotFound (also another tenant's), ValidationError. */
export class UpdateProduct {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(caller: Caller, id: string, changes: { name?: unknown; price?: unknown }): Promise<Product> {
    return this.uow.run(async (r) => {
      const product = await r.products.findById(caller.tenantId, id, { forUpdate: true });
      if (!product) throw new ProductNotFound();
      product.update(changes, this.clock.now());
      await r.products.update(product);
      return product;
    });
  }
}
