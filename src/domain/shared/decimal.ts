import { Decimal } from 'decimal.js';

/**
 * One configured Decimal constructor for the whole domain: enough precision for any
 * amount we store (numeric(18,3) at most) and half-up rounding by default.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** Number of digits after the decimal point, or -1 when the value is not a finite decimal. */
export function scaleOf(value: number | string): number {
  try {
    const d = new Dec(value);
    return d.isFinite() ? d.decimalPlaces() : -1;
  } catch {
    return -1;
  }
}
