import type { Tenant } from '../../domain/organization/organization.js';

/** A row of `tenants`. */
export interface TenantRow {
  id: string;
  name: string;
  prices_include_tax: boolean;
  created_at: Date;
}

export function toTenant(row: TenantRow): Tenant {
  return { id: row.id, name: row.name, pricesIncludeTax: row.prices_include_tax, createdAt: row.created_at };
}

export function toTenantRow(t: Tenant): TenantRow {
  return { id: t.id, name: t.name, prices_include_tax: t.pricesIncludeTax, created_at: t.createdAt };
}
