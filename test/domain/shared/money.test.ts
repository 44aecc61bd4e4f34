import { expect } from 'chai';
import { Money } from '../../../src/domain/shared/money.js';
import { Quantity } from '../../../src/domain/shared/quantity.js';

describe('Money', () => {
  it('sums line totals exactly: 3 × 19.99 + 1 × 0.1 + 2 × 0.1 = 60.27', () => {
    const total = Money.sum([
      Money.lineTotal(Quantity.of(3), Money.of(19.99)),
      Money.lineTotal(Quantity.of(1), Money.of(0.1)),
      Money.lineTotal(Quantity.of(2), Money.of(0.1)),
    ]);
    expect(total.toString()).to.equal('60.27');
    expect(total.toNumber()).to.equal(60.27);
  });

  it('avoids binary float drift: 0.1 + 0.2 is 0.30', () => {
    expect(Money.of(0.1).plus(Money.of(0.2)).toString()).to.equal('0.30');
  });

  it('rounds a line total half-up to 2 decimals', () => {
    expect(Money.lineTotal(Quantity.of(0.5), Money.of(0.05)).toString()).to.equal('0.03');
    expect(Money.lineTotal(Quantity.of(1.005), Money.of(1)).toString()).to.equal('1.01');
    expect(Money.lineTotal(Quantity.of(0.333), Money.of(3)).toString()).to.equal('1.00');
  });

  it('refuses more than 2 decimals, non-finite values and non-numbers', () => {
    expect(Money.tryParse(1.234)).to.equal(null);
    expect(Money.tryParse(Number.NaN)).to.equal(null);
    expect(Money.tryParse(Number.POSITIVE_INFINITY)).to.equal(null);
    expect(Money.tryParse('12abc')).to.equal(null);
    expect(Money.tryParse({})).to.equal(null);
    expect(Money.tryParse('12.50')?.toString()).to.equal('12.50');
  });

  it('compares and subtracts', () => {
    const a = Money.of(100);
    const b = Money.of(99.99);
    expect(a.greaterThan(b)).to.equal(true);
    expect(a.minus(b).toString()).to.equal('0.01');
    expect(b.minus(a).isNegative()).to.equal(true);
    expect(Money.ZERO.isZero()).to.equal(true);
  });

  it('serialises to a JSON number', () => {
    expect(JSON.stringify({ amount: Money.of('10.10') })).to.equal('{"amount":10.1}');
  });
});

describe('Quantity', () => {
  it('keeps 3 decimals exactly and refuses a fourth', () => {
    expect(Quantity.of(0.001).plus(Quantity.of(0.002)).toString()).to.equal('0.003');
    expect(Quantity.tryParse(0.0001)).to.equal(null);
  });

  it('orders and negates', () => {
    expect(Quantity.of(1).lessThan(Quantity.of(1.001))).to.equal(true);
    expect(Quantity.of(2).negate().isNegative()).to.equal(true);
    expect(Quantity.of(5).minus(Quantity.of(5)).equals(Quantity.ZERO)).to.equal(true);
  });
});
