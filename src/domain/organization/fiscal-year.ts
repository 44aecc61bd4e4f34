import { ValidationError } from '../shared/errors.js';
import { cleanText } from '../shared/text.js';

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

const CODE = /^[A-Za-z0-9_-]{1,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  // Year 0000 (1 BC) parses in JavaScript but not as a PostgreSQL date.
  if (!DATE.test(value) || value.startsWith('0000')) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function newFiscalYear(
  id: string,
  tenantId: string,
  input: { code: unknown; startsOn: unknown; endsOn: unknown },
  now: Date,
): FiscalYear {
  const code = cleanText(input.code, 20);
  if (code === null || !CODE.test(code)) {
    throw new ValidationError('code must be 1 to 20 letters, digits, "-" or "_"', 'code');
  }
  for (const field of ['startsOn', 'endsOn'] as const) {
    const v = input[field];
    if (typeof v !== 'string' || !isCalendarDate(v)) {
      throw new ValidationError(`${field} must be a date in the form YYYY-MM-DD`, field);
    }
  }
  const startsOn = input.startsOn as string;
  const endsOn = input.endsOn as string;
  if (startsOn >= endsOn) throw new ValidationError('startsOn must be prior to endsOn', 'startsOn');
  return { id, tenantId, code, startsOn, endsOn, createdAt: now };
}

/** True when the two closed ranges share at least one day. */
export function overlaps(
  a: Pick<FiscalYear, 'startsOn' | 'endsOn'>,
  b: Pick<FiscalYear, 'startsOn' | 'endsOn'>,
): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}
