import type { Integration } from '../../domain/access/integration.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ListIntegrationsQuery } from './commands.js';

/** Back-office list of a tenant's integrations, oldest first. Errors: TenantNotFound. */
export class ListIntegrations {
  constructor(private readonly uow: UnitOfWork<'tenants' | 'integrations'>) {}

  execute({ tenantId }: ListIntegrationsQuery): Promise<Integration[]> {
    return this.uow.read(async (r) => {
      if (!(await r.tenants.findById(tenantId))) throw new TenantNotFound();
      return r.integrations.findByTenant(tenantId);
    });
  }
}
