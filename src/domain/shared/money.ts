import { Dec, scaleOf } from './decimal.js';
import { type Quantity } from './quantity.js';

/**
 * An exact amount of money with at most 2 decimals. Arithmetic happens on
 * decimals; `toNumber()` is only for serialising a value that is already exact at 2 places.
 */
export class Money {
  private constructor(private readonly value: Dec) {}

  static readonly ZERO = new Money(new Dec(0));

  /** Returns null when the value is not a finite number with at most 2 decimals. */
  static tryParse(input: unknown): Money | null {
    if (typeof input !== 'number' && typeof input !== 'string') return null;
    if (typeof input === 'string' && !/^-?\d+(\.\d+)?$/.test(input.trim())) return null;
    const scale = scaleOf(input);
    if (scale < 0 || scale > 2) return null;
    return new Money(new Dec(input));
  }

  static of(input: number | string): Money {
    const m = Money.tryParse(input);
    if (!m) throw new RangeError(`Not a money amount: ${String(input)}`);
    return m;
  }

  /** quantity × unit price, rounded half-up to 2 decimals: a billing line's total. */
  static lineTotal(quantity: Quantity, unitPrice: Money): Money {
    return new Money(quantity.toDecimal().times(unitPrice.value).toDecimalPlaces(2, Dec.ROUND_HALF_UP));
  }

  /** An exact decimal rounded half-up to 2 decimals: every computed amount (a tax, a share) ends so. */
  static roundedFrom(value: Dec): Money {
    return new Money(new Dec(value).toDecimalPlaces(2, Dec.ROUND_HALF_UP));
  }

  static sum(values: Iterable<Money>): Money {
    let total = new Dec(0);
    for (const v of values) total = total.plus(v.value);
    return new Money(total);
  }

  /** The exact value, for arithmetic whose result goes back through `roundedFrom`. */
  toDecimal(): Dec {
    return this.value;
  }

  plus(other: Money): Money {
    return new Money(this.value.plus(other.value));
  }

  minus(other: Money): Money {
    return new Money(this.value.minus(other.value));
  }

  isPositive(): boolean {
    return this.value.greaterThan(0);
  }

  isNegative(): boolean {
    return this.value.lessThan(0);
  }

  isZero(): boolean {
    return this.value.isZero();
  }

  greaterThan(other: Money): boolean {
    return this.value.greaterThan(other.value);
  }

  equals(other: Money): boolean {
    return this.value.equals(other.value);
  }

  /** Fixed 2-decimal string, the form stored in numeric columns. */
  toString(): string {
    return this.value.toFixed(2);
  }

  toNumber(): number {
    return this.value.toNumber();
  }

  toJSON(): number {
    return this.toNumber();
  }
}
