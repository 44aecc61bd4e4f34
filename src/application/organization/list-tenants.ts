import type { Tenant } from '../../domain/organization/organization.js';
import type { OrganizationQueries } from '../ports/organization-queries.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** Back-office list of tenants, paginated, optionally searched by name. */
export class ListTenants {
  constructor(private readonly queries: OrganizationQueries) {}

  execute(query: PageRequest & { search?: string }): Promise<Page<Tenant>> {
    return this.queries.listTenants(query);
  }
}
