import { requiredText } from '../shared/text.js';

/** The tenant: the unit of data isolation. Every other record belongs to exactly one. */
export interface Tenant {
  readonly id: string;
  readonly name: string;
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
  return { id, name: requiredText(name, 'name'), createdAt: now };
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
