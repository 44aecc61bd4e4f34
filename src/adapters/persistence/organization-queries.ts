import type { Knex } from 'knex';
import type { OrganizationQueries } from '../../application/ports/organization-queries.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { FiscalYear } from '../../domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../../domain/organization/organization.js';
import { likePattern } from './like-pattern.js';
import { paginate } from './paginate.js';
import { toTenant, type TenantRow } from './tenant.mapper.js';

/** The back office's reads of tenants and their set-up records. */
export class KnexOrganizationQueries implements OrganizationQueries {
  constructor(private readonly db: Knex) {}

  listTenants(query: PageRequest & { search?: string; within?: readonly string[] }): Promise<Page<Tenant>> {
    const base = this.db('tenants');
    if (query.within) base.whereIn('id', [...query.within]);
    if (query.search) base.whereRaw('lower(name) LIKE ?', [likePattern(query.search)]);
    // Case-insensitive by name whatever the database's collation, then exact name and id: a stable order.
    return paginate(
      base,
      query,
      (q) => q.select('id', 'name', 'prices_include_tax', 'created_at').orderByRaw('lower(name), name, id'),
      toTenant,
    );
  }

  async findTenant(id: string): Promise<Tenant | null> {
    const row = await this.db<TenantRow>('tenants').where({ id }).first();
    return row ? toTenant(row) : null;
  }

  async tenantRecords(tenantId: string) {
    const [branches, years, warehouses] = await Promise.all([
      this.db('branches').where({ tenant_id: tenantId }).orderBy(['code', 'id']),
      this.db('fiscal_years').where({ tenant_id: tenantId }).orderBy(['starts_on', 'id']),
      this.db('warehouses').where({ tenant_id: tenantId }).orderBy(['name', 'id']),
    ]);
    return {
      branches: branches.map((r): Branch => ({
        id: r.id,
        tenantId: r.tenant_id,
        name: r.name,
        code: r.code,
        createdAt: r.created_at,
      })),
      fiscalYears: years.map((r): FiscalYear => ({
        id: r.id,
        tenantId: r.tenant_id,
        code: r.code,
        startsOn: r.starts_on,
        endsOn: r.ends_on,
        createdAt: r.created_at,
      })),
      warehouses: warehouses.map((r): Warehouse => ({
        id: r.id,
        tenantId: r.tenant_id,
        branchId: r.branch_id,
        name: r.name,
        createdAt: r.created_at,
      })),
    };
  }
}
