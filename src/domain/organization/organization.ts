import { requiredText } from '../shared/text.js';

/** The tenant: the unit of data isolation. Every other record belongs to exactly one. */
export interface Tenant {
  readonly id: string;
  readonly name: string;
  /** Whether the tenant's prices include tax (gross pricing); false: tax is added on top (net, the default). */
  readonly pricesIncludeTax: boolean;
  readonly createdAt: Date;
}

export interface Branch {
  readonly id: string;
  readonly tenantId: string;
  readonly name: string;
  /** Short code, unique per tenant (e.g. `HQ`). */
  readonly code: string;
  readonly createdAt: Date;
}

export interface Warehouse {
  readonly id: string;
  readonly tenantId: string;
  readonly branchId: string;
  readonly name: string;
  readonly createdAt: Date;
}

export function newTenant(id: string, name: string, now: Date): Tenant {
  return { id, name: requiredText(name, 'name'), pricesIncludeTax: false, createdAt: now };
}

/** The tenant with its name and/or pricing mode changed (what is not given stays). */
export function changedTenant(tenant: Tenant, changes: { name?: string; pricesIncludeTax?: boolean }): Tenant {
  return {
    ...tenant,
    name: changes.name === undefined ? tenant.name : requiredText(changes.name, 'name'),
    pricesIncludeTax: changes.pricesIncludeTax ?? tenant.pricesIncludeTax,
  };
}

/** Branch codes are kept upper-case, so `hq` and `HQ` are the same code. */
export function newBranch(id: string, tenantId: string, input: { name: string; code: string }, now: Date): Branch {
  return { id, tenantId, name: requiredText(input.name, 'name'), code: input.code.toUpperCase(), createdAt: now };
}

export function newWarehouse(
  id: string,
  tenantId: string,
  input: { branchId: string; name: string },
  now: Date,
): Warehouse {
  return { id, tenantId, branchId: input.branchId, name: requiredText(input.name, 'name'), createdAt: now };
}
