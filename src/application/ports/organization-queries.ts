import type { FiscalYear } from '../../domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../../domain/organization/organization.js';
import type { Page, PageRequest } from './pagination.js';

/** The back office's reads of what it set up: tenants and their records. */
export interface OrganizationQueries {
  /** Tenants by name (case-insensitive) then id; `search` is a case-insensitive substring of the name. */
  /** `within`: only these tenants (a scoped member's). */
  listTenants(query: PageRequest & { search?: string; within?: readonly string[] }): Promise<Page<Tenant>>;
  findTenant(id: string): Promise<Tenant | null>;
  /** A tenant's branches (by code), fiscal years (by start) and warehouses (by name), each then by id. */
  tenantRecords(tenantId: string): Promise<{ branches: Branch[]; fiscalYears: FiscalYear[]; warehouses: Warehouse[] }>;
}
