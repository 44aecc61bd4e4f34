import { Dec, scaleOf } from './decimal.js';

/** An exact stock quantity with at most 3 decimals. May be zero or negative as a delta. */
export class Quantity {
  private constructor(private readonly value: Dec) {}

  static readonly ZERO = new Quantity(new Dec(0));

  static tryParse(input: unknown): Quantity | null {
    if (typeof input !== 'number' && typeof input !== 'string') return null;
    if (typeof input === 'string' && !/^-?\d+(\.\d+)?$/.test(input.trim())) return null;
    const scale = scaleOf(input);
    if (scale < 0 || scale > 3) return null;
    return new Quantity(new Dec(input));
  }

  static of(input: number | string): Quantity {
    const q = Quantity.tryParse(input);
    if (!q) throw new RangeError(`Not a quantity: ${String(input)}`);
    return q;
  }

  toDecimal(): Dec {
    return this.value;
  }

  plus(other: Quantity): Quantity {
    return new Quantity(this.value.plus(other.value));
  }

  minus(other: Quantity): Quantity {
    return new Quantity(this.value.minus(other.value));
  }

  negate(): Quantity {
    return new Quantity(this.value.negated());
  }

  isPositive(): boolean {
    return this.value.greaterThan(0);
  }

  isNegative(): boolean {
    return this.value.lessThan(0);
  }

  lessThan(other: Quantity): boolean {
    return this.value.lessThan(other.value);
  }

  greaterThan(other: Quantity): boolean {
    return this.value.greaterThan(other.value);
  }

  equals(other: Quantity): boolean {
    return this.value.equals(other.value);
  }

  toString(): string {
    return this.value.toFixed(3);
  }

  toNumber(): number {
    return this.value.toNumber();
  }

  toJSON(): number {
    return this.toNumber();
  }
}
