import { ValidationError } from '../shared/errors.js';

/**
 * A fiscal year of a tenant: a closed date range [startsOn, endsOn] with a short code that
 * document numbers carry (`INV-<code>-000001`). Fiscal years of one tenant never overlap
 * (checked by the use case and enforced by an exclusion constraint).
 */
export interface FiscalYear {
  readonly id: string;
  readonly tenantId: string;
  readonly code: string;
  /** ISO date `YYYY-MM-DD`, inclusive. */
  readonly startsOn: string;
  /** ISO date `YYYY-MM-DD`, inclusive. */
  readonly endsOn: string;
  readonly createdAt: Date;
}

/**
 * A new fiscal year. The code's and the dates' shapes (`YYYY-MM-DD`, a real calendar day) are
 * checked by the command's schema; that the range runs forward is this rule's own.
 */
export const FISCAL_YEAR_ORDER_RULE = 'startsOn must be prior to endsOn';

export function newFiscalYear(
  id: string,
  tenantId: string,
  input: { code: string; startsOn: string; endsOn: string },
  now: Date,
): FiscalYear {
  const { code, startsOn, endsOn } = input;
  if (startsOn >= endsOn) throw new ValidationError(FISCAL_YEAR_ORDER_RULE, 'startsOn');
  return { id, tenantId, code, startsOn, endsOn, createdAt: now };
}

/** True when the two closed ranges share at least one day. */
export function overlaps(
  a: Pick<FiscalYear, 'startsOn' | 'endsOn'>,
  b: Pick<FiscalYear, 'startsOn' | 'endsOn'>,
): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}
