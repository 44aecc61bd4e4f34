import { expect } from 'chai';
import { creditableBalance, invoiceAmounts } from '../../../src/domain/billing/invoice-amounts.js';
import { invoiceLines, type InvoiceItem } from '../../../src/domain/billing/invoice-line.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { Money } from '../../../src/domain/shared/money.js';
import { pricingOf } from '../../support/pricing.js';

const P = '11111111-1111-4111-8111-111111111111';
const m = (v: string | number) => Money.of(v);

const request = (items: InvoiceItem[]) => invoiceLines(items, pricingOf({ [P]: 0 }));

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationError);
    return (err as ValidationError).details!.map((d) => d.issue);
  }
  throw new Error('expected a ValidationError');
}

describe('invoice amounts (exact decimals)', () => {
  it('sums line totals exactly: 3 × 19.99 + 1 × 0.1 + 2 × 0.1 = 60.27', () => {
    const r = request([
      { productId: P, quantity: 3, unitPrice: 19.99 },
      { productId: P, quantity: 1, unitPrice: 0.1 },
      { productId: P, quantity: 2, unitPrice: 0.1 },
    ]);
    expect(r.lines.map((l) => l.lineTotal.toString())).to.deep.equal(['59.97', '0.10', '0.20']);
    expect(r.totals.totalAmount.toString()).to.equal('60.27');
    expect(r.totals.totalAmount.toNumber()).to.equal(60.27);
    const tenths = request([
      { productId: P, quantity: 1, unitPrice: 0.1 },
      { productId: P, quantity: 1, unitPrice: 0.2 },
    ]);
    expect(tenths.totals.totalAmount.toNumber()).to.equal(0.3); // binary floats give 0.30000000000000004
    // Quantities with 3 decimals times prices with 2, summed over many lines, stay exact.
    const many = request(Array.from({ length: 10 }, () => ({ productId: P, quantity: 0.1, unitPrice: 0.7 })));
    expect(many.totals.totalAmount.toNumber()).to.equal(0.7); // summed as floats: 0.6999999999999998
  });

  it('rounds each line half-up to 2 decimals (not half-even)', () => {
    const r = request([
      { productId: P, quantity: 2.5, unitPrice: 0.01 }, // 0.025 → 0.03
      { productId: P, quantity: 0.333, unitPrice: 0.15 }, // 0.04995 → 0.05
      { productId: P, quantity: 1.004, unitPrice: 1 }, // 1.004 → 1.00
      { productId: P, quantity: 7, unitPrice: 0 },
    ]);
    expect(r.lines.map((l) => l.lineTotal.toString())).to.deep.equal(['0.03', '0.05', '1.00', '0.00']);
    expect(r.totals.totalAmount.toString()).to.equal('1.08');
  });

  it('netAmount = total + approved debits − approved credits; amountPaid = payments − refunds; amountDue = net − paid', () => {
    const a = invoiceAmounts({
      totalAmount: m('100.00'),
      approvedDebits: m('15.50'),
      approvedCredits: m('20.25'),
      payments: m('50.10'),
      refunds: m('0.10'),
    });
    expect(a.netAmount.toString()).to.equal('95.25');
    expect(a.amountPaid.toString()).to.equal('50.00');
    expect(a.amountDue.toString()).to.equal('45.25');
    const none = invoiceAmounts({
      totalAmount: m(10),
      approvedDebits: Money.ZERO,
      approvedCredits: Money.ZERO,
      payments: Money.ZERO,
      refunds: Money.ZERO,
    });
    expect(none.amountDue.toString()).to.equal('10.00');
  });

  it('the creditable balance is netAmount minus the DRAFT credit notes', () => {
    expect(creditableBalance(m('95.25'), m('30.05')).toString()).to.equal('65.20');
    expect(creditableBalance(m('10'), m('10')).isZero()).to.equal(true);
  });

  it('refuses line totals and totals beyond numeric(14,2), naming the rows ("Row N: Items ...", from 1)', () => {
    expect(
      problems(() =>
        request([
          { productId: P, quantity: 1, unitPrice: 1 },
          { productId: P, quantity: 2, unitPrice: 999999999999.99 },
          { productId: P, quantity: 3, unitPrice: 500000000000 },
        ]),
      ),
    ).to.deep.equal([
      'Row 2: Items line total must not be greater than 999999999999.99',
      'Row 3: Items line total must not be greater than 999999999999.99',
    ]);
    expect(
      problems(() =>
        request([
          { productId: P, quantity: 1, unitPrice: 600000000000 },
          { productId: P, quantity: 1, unitPrice: 600000000000 },
        ]),
      ),
    ).to.deep.equal(['totalAmount must not be greater than 999999999999.99']);
    expect(request([{ productId: P, quantity: 1, unitPrice: 999999999999.99 }]).totals.totalAmount.toString()).to.equal(
      '999999999999.99',
    );
  });

  it('refuses impossible values in the value objects (the request schema keeps them out)', () => {
    for (const item of [
      { productId: P, quantity: 0, unitPrice: 1 },
      { productId: P, quantity: -1, unitPrice: 1 },
      { productId: P, quantity: 1.0001, unitPrice: 1 },
      { productId: P, quantity: 100000000000, unitPrice: 1 },
      { productId: P, quantity: 1, unitPrice: -0.01 },
      { productId: P, quantity: 1, unitPrice: 1.001 },
    ]) {
      expect(() => request([item]), JSON.stringify(item)).to.throw(RangeError);
    }
  });
});
