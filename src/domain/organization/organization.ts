import { ValidationError } from '../shared/errors.js';
import { cleanText } from '../shared/text.js';

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

function required(value: unknown, field: string, max = 200): string {
  const text = cleanText(value, max);
  if (text === null)
    throw new ValidationError(`${field} must be a non-empty string of at most ${max} characters`, field);
  return text;
}

export function newTenant(id: string, name: unknown, now: Date): Tenant {
  return { id, name: required(name, 'name'), createdAt: now };
}

const BRANCH_CODE = /^[A-Za-z0-9_-]{1,20}$/;

export function newBranch(id: string, tenantId: string, input: { name: unknown; code: unknown }, now: Date): Branch {
  const name = required(input.name, 'name');
  const code = required(input.code, 'code', 20);
  if (!BRANCH_CODE.test(code)) throw new ValidationError('code must be 1 to 20 letters, digits, "-" or "_"', 'code');
  return { id, tenantId, name, code: code.toUpperCase(), createdAt: now };
}

export function newWarehouse(
  id: string,
  tenantId: string,
  input: { branchId: string; name: unknown },
  now: Date,
): Warehouse {
  return { id, tenantId, branchId: input.branchId, name: required(input.name, 'name'), createdAt: now };
}
