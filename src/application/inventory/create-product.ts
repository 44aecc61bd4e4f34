import { Product } from '../../domain/inventory/product.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface CreateProductInput {
  tenantId: string;
  name: unknown;
  sku: unknown;
  price: unknown;
  minStock?: unknown;
  slug?: unknown;
}

/** Back-office product creation. Errors: TenantNotFound, ValidationError, DuplicateSku. */
export class CreateProduct {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateProductInput): Promise<Product> {
    const product = Product.create(this.ids.next(), input.tenantId, input, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(input.tenantId))) throw new TenantNotFound();
      await r.products.insert(product);
    });
    return product;
  }
}
