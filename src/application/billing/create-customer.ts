import { newCustomer, type Customer } from '../../domain/billing/customer.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface CreateCustomerInput {
  tenantId: string;
  name: unknown;
  email?: unknown;
  phone?: unknown;
}

/** Errors: TenantNotFound, ValidationError. */
export class CreateCustomer {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateCustomerInput): Promise<Customer> {
    const customer = newCustomer(this.ids.next(), input.tenantId, input, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(input.tenantId))) throw new TenantNotFound();
      await r.customers.insert(customer);
    });
    return customer;
  }
}
