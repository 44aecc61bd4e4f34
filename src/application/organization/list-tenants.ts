import type { Tenant } from '../../domain/organization/organization.js';
import type { OrganizationQueries } from '../ports/organization-queries.js';
import type { Page, PageRequest } from '../ports/pagination.js';
import type { TenantScope } from '../../domain/staff/staff.js';

/** Back-office list of tenants, paginated, optionally searched by name; a scoped member sees its own. */
export class ListTenants {
  constructor(private readonly queries: OrganizationQueries) {}

  execute(query: PageRequest & { search?: string }, scope: TenantScope = null): Promise<Page<Tenant>> {
    return this.queries.listTenants(scope === null ? query : { ...query, within: scope });
  }
}
