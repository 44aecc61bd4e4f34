import type { Customer } from '../../domain/billing/customer.js';
import type { Caller } from '../access/caller.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { pageOfKnownTenant } from '../shared/known-tenant.js';
import type { ListCustomersCommand } from './commands.js';

/**
 * GET /billing/customers: the tenant's customers by name, `search` on name, email or phone.
 * Errors: TenantNotFound (back office).
 */
export class ListCustomers {
  constructor(private readonly uow: UnitOfWork<'customers' | 'tenants'>) {}

  execute(caller: Pick<Caller, 'tenantId'>, query: ListCustomersCommand): Promise<Page<Customer>> {
    return this.uow.read(async (r) =>
      pageOfKnownTenant(r, caller.tenantId, await r.customers.list(caller.tenantId, query)),
    );
  }
}
