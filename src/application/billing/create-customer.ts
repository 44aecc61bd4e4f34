import { newCustomer, type Customer } from '../../domain/billing/customer.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CreateCustomerCommand } from './commands.js';

/**
 * A customer of a tenant: POST /billing/customers for an integration's own
 * tenant, and the back office's POST /tenants/:tenantId/customers, with one schema and one
 * rule. Errors: TenantNotFound (back office), ValidationError.
 */
export class CreateCustomer {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'customers'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateCustomerCommand, scope?: WriteScope): Promise<Customer> {
    const { tenantId, ...fields } = command;
    const customer = newCustomer(this.ids.next(), tenantId, fields, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(tenantId))) throw new TenantNotFound();
      await r.customers.add(customer);
      return customer;
    }, scope);
    return customer;
  }
}
