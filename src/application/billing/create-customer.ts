import { newCustomer, type Customer } from '../../domain/billing/customer.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateCustomerCommand } from './commands.js';

/** Back office: a customer of a tenant. Errors: TenantNotFound, ValidationError. */
export class CreateCustomer {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'customers'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateCustomerCommand): Promise<Customer> {
    const customer = newCustomer(this.ids.next(), command.tenantId, command, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(command.tenantId))) throw new TenantNotFound();
      await r.customers.add(customer);
    });
    return customer;
  }
}
