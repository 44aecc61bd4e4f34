import type { Integration } from '../../domain/access/integration.js';
import type { FiscalYear } from '../../domain/organization/fiscal-year.js';
import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Branch, Tenant, Warehouse } from '../../domain/organization/organization.js';
import type { OrganizationQueries } from '../ports/organization-queries.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface TenantDetail {
  tenant: Tenant;
  branches: Branch[];
  fiscalYears: FiscalYear[];
  warehouses: Warehouse[];
  integrations: Integration[];
}

/** Back-office view of one tenant with its branches, fiscal years, warehouses and integrations. Errors: TenantNotFound. */
export class GetTenant {
  constructor(
    private readonly queries: OrganizationQueries,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(tenantId: string): Promise<TenantDetail> {
    const tenant = await this.queries.findTenant(tenantId);
    if (!tenant) throw new TenantNotFound();
    const [records, integrations] = await Promise.all([
      this.queries.tenantRecords(tenantId),
      this.uow.read((r) => r.integrations.findByTenant(tenantId)),
    ]);
    return { tenant, ...records, integrations };
  }
}
