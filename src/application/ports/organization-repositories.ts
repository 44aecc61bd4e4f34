import type { FiscalYear } from '../../domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../../domain/organization/organization.js';
import type { Page, PageRequest } from './pagination.js';

export interface TenantRepository {
  add(tenant: Tenant): Promise<void>;
  /** Writes the tenant's settings (name, pricing mode). */
  save(tenant: Tenant): Promise<void>;
  /** With `forUpdate` the row stays locked until the transaction ends. */
  findById(id: string, options?: { forUpdate?: boolean }): Promise<Tenant | null>;
  /** Locks the tenant row for the rest of the transaction (serialises per-tenant setup checks). */
  lock(id: string): Promise<boolean>;
}

export interface BranchRepository {
  /** Throws DuplicateBranchCode when the code is taken in the tenant. */
  add(branch: Branch): Promise<void>;
  findById(tenantId: string, id: string): Promise<Branch | null>;
}

export interface FiscalYearRepository {
  /** Throws FiscalYearOverlap or DuplicateFiscalYearCode on a collision. */
  add(year: FiscalYear): Promise<void>;
  findById(tenantId: string, id: string): Promise<FiscalYear | null>;
  findOverlapping(tenantId: string, startsOn: string, endsOn: string): Promise<FiscalYear | null>;
}

export interface WarehouseRepository {
  add(warehouse: Warehouse): Promise<void>;
  findById(tenantId: string, id: string): Promise<Warehouse | null>;
  /** A page of the tenant's warehouses, by name then id. */
  list(tenantId: string, query: PageRequest): Promise<Page<Warehouse>>;
}
