import type { Integration } from '../../domain/access/integration.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { TenantScope } from '../../domain/staff/staff.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ListAllIntegrationsQuery, ListIntegrationsQuery } from './commands.js';

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

/**
 * `GET /integrations`: integrations across tenants, oldest first, within the caller's tenants
 * (another tenant named in `tenantId` lists nothing, as an unknown one does).
 */
export class ListIntegrationsAcrossTenants {
  constructor(private readonly uow: UnitOfWork<'integrations'>) {}

  execute(query: ListAllIntegrationsQuery, scope: TenantScope): Promise<Page<Integration>> {
    const { page, limit, ...filter } = query;
    return this.uow.read((r) => r.integrations.list({ ...filter, within: scope }, { page, limit }));
  }
}
