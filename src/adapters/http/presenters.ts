import type { Static } from '@sinclair/typebox';
import type { TenantDetail } from '../../application/organization/get-tenant.js';
import { presentIntegration } from '../shared/access-presenters.js';
import type { FiscalYear } from '../../domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../../domain/organization/organization.js';
import type {
  BranchData,
  FiscalYearData,
  TenantData,
  TenantDetailData,
  WarehouseData,
  WarehouseSummaryData,
} from '../shared/responses/organization.js';

/** Aggregates → response objects. Money and quantities serialise as exact JSON numbers. */
export { presentCustomer } from './billing-presenters.js';

export function presentTenant(t: Tenant): Static<typeof TenantData> {
  return { id: t.id, name: t.name, pricesIncludeTax: t.pricesIncludeTax, createdAt: t.createdAt.toISOString() };
}

export function presentBranch(b: Branch): Static<typeof BranchData> {
  return { id: b.id, tenantId: b.tenantId, name: b.name, code: b.code, createdAt: b.createdAt.toISOString() };
}

export function presentFiscalYear(y: FiscalYear): Static<typeof FiscalYearData> {
  return {
    id: y.id,
    tenantId: y.tenantId,
    code: y.code,
    startsOn: y.startsOn,
    endsOn: y.endsOn,
    createdAt: y.createdAt.toISOString(),
  };
}

export function presentWarehouse(w: Warehouse): Static<typeof WarehouseData> {
  return { id: w.id, tenantId: w.tenantId, branchId: w.branchId, name: w.name, createdAt: w.createdAt.toISOString() };
}

/** A warehouse as the external API lists it: the id its other calls take, its name and branch. */
export function presentWarehouseSummary(w: Warehouse): Static<typeof WarehouseSummaryData> {
  return { id: w.id, name: w.name, branchId: w.branchId };
}

/** A tenant with its set-up records, as the back office reads it (never a secret). */
export function presentTenantDetail(d: TenantDetail): Static<typeof TenantDetailData> {
  return {
    ...presentTenant(d.tenant),
    branches: d.branches.map(presentBranch),
    fiscalYears: d.fiscalYears.map(presentFiscalYear),
    warehouses: d.warehouses.map(presentWarehouse),
    integrations: d.integrations.map(presentIntegration),
  };
}

// The integration views are shared with the command-line tool, which shows the same objects.
export {
  presentCreatedIntegration,
  presentIntegration,
  presentIssuedApiKey,
  presentRotatedSecret,
  presentUpdatedIntegration,
} from '../shared/access-presenters.js';
