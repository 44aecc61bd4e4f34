import type { Integration } from '../../domain/access/integration.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** Back-office list of a tenant's integrations (no secrets in their views). */
export class ListIntegrations {
  constructor(private readonly uow: UnitOfWork) {}

  execute(tenantId: string): Promise<Integration[]> {
    return this.uow.read(async (r) => {
      if (!(await r.tenants.findById(tenantId))) throw new TenantNotFound();
      return r.integrations.listByTenant(tenantId);
    });
  }
}
