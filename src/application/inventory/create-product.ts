import { Product } from '../../domain/inventory/product.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateProductCommand } from './commands.js';

/** Back-office product creation. Errors: TenantNotFound, DuplicateSku. */
export class CreateProduct {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'products'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateProductCommand): Promise<Product> {
    const { tenantId, ...fields } = input;
    const product = Product.create(this.ids.next(), tenantId, fields, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(input.tenantId))) throw new TenantNotFound();
      await r.products.add(product);
    });
    return product;
  }
}
