import { TenantNotFound } from '../../domain/organization/errors.js';
import { changedTenant, type Tenant } from '../../domain/organization/organization.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { UpdateTenantCommand } from './commands.js';

/**
 * Back office: changes a tenant's name and/or pricing mode. The pricing mode applies to invoices
 * created afterwards; an existing invoice keeps the amounts it was created with.
 * Errors: TenantNotFound, ValidationError.
 */
export class UpdateTenant {
  constructor(private readonly uow: UnitOfWork<'tenants'>) {}

  execute(tenantId: string, changes: UpdateTenantCommand, scope?: WriteScope): Promise<Tenant> {
    return this.uow.run(async (r) => {
      const tenant = await r.tenants.findById(tenantId, { forUpdate: true });
      if (!tenant) throw new TenantNotFound();
      const changed = changedTenant(tenant, changes);
      await r.tenants.save(changed);
      return changed;
    }, scope);
  }
}
