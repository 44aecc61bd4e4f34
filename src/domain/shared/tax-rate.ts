import { Dec, scaleOf } from './decimal.js';

export const MAX_TAX_RATE = 100;

/** The rule of every tax rate, worded once: the product and the invoice item schemas answer with it. */
export const TAX_RATE_RULE = 'taxRate must be a percentage from 0 to 100 with at most 2 decimals';

/** An exact tax rate: a percentage from 0 to MAX_TAX_RATE with at most 2 decimals. */
export class TaxRate {
  private constructor(private readonly percent: Dec) {}

  static readonly ZERO = new TaxRate(new Dec(0));

  /** Returns null when the value is not such a percentage. */
  static tryParse(input: unknown): TaxRate | null {
    if (typeof input !== 'number' && typeof input !== 'string') return null;
    if (typeof input === 'string' && !/^\d+(\.\d+)?$/.test(input.trim())) return null;
    const scale = scaleOf(input);
    if (scale < 0 || scale > 2) return null;
    const percent = new Dec(input);
    return percent.isNegative() || percent.greaterThan(MAX_TAX_RATE) ? null : new TaxRate(percent);
  }

  static of(input: number | string): TaxRate {
    const rate = TaxRate.tryParse(input);
    if (!rate) throw new RangeError(`Not a tax rate: ${String(input)}`);
    return rate;
  }

  /** The rate as a fraction: 19.5 % → 0.195. */
  fraction(): Dec {
    return this.percent.dividedBy(100);
  }

  isZero(): boolean {
    return this.percent.isZero();
  }

  /** Negative, zero or positive as this rate is below, equal to or above `other`. */
  compare(other: TaxRate): number {
    return this.percent.comparedTo(other.percent);
  }

  equals(other: TaxRate): boolean {
    return this.percent.equals(other.percent);
  }

  /** Fixed 2-decimal string, the form stored in numeric(5,2) columns. */
  toString(): string {
    return this.percent.toFixed(2);
  }

  toNumber(): number {
    return this.percent.toNumber();
  }

  toJSON(): number {
    return this.toNumber();
  }
}
