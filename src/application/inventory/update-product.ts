import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { Product } from '../../domain/inventory/product.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { UpdateProductCommand } from './commands.js';

/** `PUT /products/:id`: name and/or price. Errors: ProductNotFound (also another tenant's). */
export class UpdateProduct {
  constructor(
    private readonly uow: UnitOfWork<'products'>,
    private readonly clock: Clock,
  ) {}

  execute(caller: Pick<Caller, 'tenantId'>, id: string, changes: UpdateProductCommand): Promise<Product> {
    return this.uow.run(async (r) => {
      const product = await r.products.findById(caller.tenantId, id, { forUpdate: true });
      if (!product) throw new ProductNotFound();
      product.update(changes, this.clock.now());
      await r.products.save(product);
      return product;
    });
  }
}
