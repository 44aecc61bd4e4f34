import { baseSlugOf, firstFreeSlug, Product } from '../../domain/inventory/product.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CreateProductCommand } from './commands.js';

/**
 * `POST /products` and the back office's product create: one use case, the
 * tenant from the caller or the path. A slug left out is derived from the name and made
 * unique in the tenant (`-2`, `-3`, ...). Errors: TenantNotFound, DuplicateSku (409),
 * DuplicateSlug (409, a slug given that is taken).
 */
export class CreateProduct {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'products'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateProductCommand, scope?: WriteScope): Promise<Product> {
    const { tenantId, ...fields } = input;
    const id = this.ids.next();
    return this.uow.run(async (r) => {
      if (!(await r.tenants.findById(tenantId))) throw new TenantNotFound();
      let derived: string | undefined;
      if (fields.slug === undefined) {
        const base = baseSlugOf(fields, id);
        derived = firstFreeSlug(base, await r.products.findSlugsLike(tenantId, base));
      }
      const product = Product.create(id, tenantId, fields, this.clock.now(), derived);
      await r.products.add(product);
      return product;
    }, scope);
  }
}
