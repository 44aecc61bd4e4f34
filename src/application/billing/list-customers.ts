import type { Customer } from '../../domain/billing/customer.js';
import type { Caller } from '../access/caller.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ListCustomersCommand } from './commands.js';

/** GET /billing/customers: the tenant's customers by name, `search` on name, email or phone. */
export class ListCustomers {
  constructor(private readonly uow: UnitOfWork<'customers'>) {}

  execute(caller: Caller, query: ListCustomersCommand): Promise<Page<Customer>> {
    return this.uow.read((r) => r.customers.list(caller.tenantId, query));
  }
}
