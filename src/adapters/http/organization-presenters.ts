import type { TenantDetail } from '../../application/organization/get-tenant.js';
import type { FiscalYear } from '../../domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../../domain/organization/organization.js';

/** Tenants and their set-up records as the back office reads them (never a secret). */
export function presentTenant(t: Tenant) {
  return { id: t.id, name: t.name, createdAt: t.createdAt.toISOString() };
}

export function presentBranch(b: Branch) {
  return { id: b.id, tenantId: b.tenantId, name: b.name, code: b.code, createdAt: b.createdAt.toISOString() };
}

export function presentFiscalYear(y: FiscalYear) {
  return {
    id: y.id,
    tenantId: y.tenantId,
    code: y.code,
    startsOn: y.startsOn,
    endsOn: y.endsOn,
    createdAt: y.createdAt.toISOString(),
  };
}

export function presentWarehouse(w: Warehouse) {
  return { id: w.id, tenantId: w.tenantId, branchId: w.branchId, name: w.name, createdAt: w.createdAt.toISOString() };
}

export function presentTenantDetail(d: TenantDetail) {
  return {
    ...presentTenant(d.tenant),
    branches: d.branches.map(presentBranch),
    fiscalYears: d.fiscalYears.map(presentFiscalYear),
    warehouses: d.warehouses.map(presentWarehouse),
    integrations: d.integrations.map((i) => i.view()),
  };
}
