import { expect } from 'chai';
import fc from 'fast-check';
import { invoiceLines, type InvoiceItem, type InvoiceLine } from '../../../src/domain/billing/invoice-line.js';
import { Invoice } from '../../../src/domain/billing/invoice.js';
import { noteTax, taxLine } from '../../../src/domain/billing/tax.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { Money } from '../../../src/domain/shared/money.js';
import { TaxRate } from '../../../src/domain/shared/tax-rate.js';
import { pricingOf } from '../../support/pricing.js';

// Products and their rates as the catalogue holds them.
const ZERO = '11111111-1111-4111-8111-000000000000';
const REDUCED = '11111111-1111-4111-8111-000000000055';
const STANDARD = '11111111-1111-4111-8111-000000000013';
const RATES = { [ZERO]: 0, [REDUCED]: 5.5, [STANDARD]: 13 };
const NET = pricingOf(RATES);
const GROSS = pricingOf(RATES, true);

const m = (v: string | number) => Money.of(v);
const NET_MODE = { pricesIncludeTax: false };
const GROSS_MODE = { pricesIncludeTax: true };

/** A line's amounts as fixed 2-decimal strings: [rate, lineTotal, untaxed, tax, gross]. */
const amountsOf = (l: InvoiceLine) => [
  l.taxRate.toString(),
  l.lineTotal.toString(),
  l.untaxedAmount.toString(),
  l.taxAmount.toString(),
  l.grossAmount.toString(),
];

function totalsOf(items: InvoiceItem[], pricing = NET) {
  const { lines, totals } = invoiceLines(items, pricing);
  return {
    lines: lines.map(amountsOf),
    totals: [totals.subtotal.toString(), totals.taxAmount.toString(), totals.totalAmount.toString()],
  };
}

describe('invoice taxes: each line and the invoice, exact and rounded half-up to cents', () => {
  describe('net pricing (tax added on top of quantity × unit price)', () => {
    it('mixed rates: 3 × 19.99 at 13 %, 1 × 100 at 0 %, 2 × 10.50 at 5.5 %', () => {
      const r = totalsOf([
        { productId: STANDARD, quantity: 3, unitPrice: 19.99 }, // 59.97 × 13 % = 7.7961 → 7.80
        { productId: ZERO, quantity: 1, unitPrice: 100 },
        { productId: REDUCED, quantity: 2, unitPrice: 10.5 }, // 21.00 × 5.5 % = 1.155 → 1.16
      ]);
      expect(r.lines).to.deep.equal([
        ['13.00', '59.97', '59.97', '7.80', '67.77'],
        ['0.00', '100.00', '100.00', '0.00', '100.00'],
        ['5.50', '21.00', '21.00', '1.16', '22.16'],
      ]);
      expect(r.totals).to.deep.equal(['180.97', '8.96', '189.93']);
    });

    it('rounds a tax of exactly half a cent up, never to even', () => {
      expect(taxLine(m('0.10'), TaxRate.of(5), NET_MODE).taxAmount.toString()).to.equal('0.01'); // 0.005
      expect(taxLine(m('1.00'), TaxRate.of(12.5), NET_MODE).taxAmount.toString()).to.equal('0.13'); // 0.125
      expect(taxLine(m('0.30'), TaxRate.of(15), NET_MODE).taxAmount.toString()).to.equal('0.05'); // 0.045
      expect(taxLine(m('0.01'), TaxRate.of(49.99), NET_MODE).taxAmount.toString()).to.equal('0.00'); // 0.004999
    });

    it('an item may carry its own rate, which wins over its product’s', () => {
      const r = totalsOf([
        { productId: STANDARD, quantity: 1, unitPrice: 10, taxRate: 0 },
        { productId: ZERO, quantity: 1, unitPrice: 10, taxRate: 19.25 }, // 1.925 → 1.93
      ]);
      expect(r.lines).to.deep.equal([
        ['0.00', '10.00', '10.00', '0.00', '10.00'],
        ['19.25', '10.00', '10.00', '1.93', '11.93'],
      ]);
      expect(r.totals).to.deep.equal(['20.00', '1.93', '21.93']);
    });
  });

  describe('gross pricing (quantity × unit price includes the tax)', () => {
    it('mixed rates: the tax is found inside each line', () => {
      const r = totalsOf(
        [
          { productId: STANDARD, quantity: 1, unitPrice: 113 }, // 113 / 1.13 = 100
          { productId: ZERO, quantity: 1, unitPrice: 10, taxRate: 19 }, // 10 / 1.19 = 8.4033… → 8.40
          { productId: REDUCED, quantity: 2, unitPrice: 10.55 }, // 21.10 / 1.055 = 20
          { productId: ZERO, quantity: 1, unitPrice: 7.5 },
        ],
        GROSS,
      );
      expect(r.lines).to.deep.equal([
        ['13.00', '113.00', '100.00', '13.00', '113.00'],
        ['19.00', '10.00', '8.40', '1.60', '10.00'],
        ['5.50', '21.10', '20.00', '1.10', '21.10'],
        ['0.00', '7.50', '7.50', '0.00', '7.50'],
      ]);
      expect(r.totals).to.deep.equal(['135.90', '15.70', '151.60']);
    });

    it('rounds an untaxed amount of exactly half a cent up; the tax is what is left', () => {
      const at100 = taxLine(m('1.05'), TaxRate.of(100), GROSS_MODE); // 1.05 / 2 = 0.525 → 0.53
      expect([at100.untaxedAmount.toString(), at100.taxAmount.toString()]).to.deep.equal(['0.53', '0.52']);
      const at25 = taxLine(m('0.05'), TaxRate.of(25), GROSS_MODE); // 0.05 / 1.25 = 0.04
      expect([at25.untaxedAmount.toString(), at25.taxAmount.toString()]).to.deep.equal(['0.04', '0.01']);
    });
  });

  it('rate 0 leaves every amount as it was before taxes, in both modes', () => {
    const items = [
      { productId: ZERO, quantity: 3, unitPrice: 19.99 },
      { productId: ZERO, quantity: 0.333, unitPrice: 0.15 },
    ];
    for (const pricing of [NET, GROSS]) {
      const r = totalsOf(items, pricing);
      expect(r.lines).to.deep.equal([
        ['0.00', '59.97', '59.97', '0.00', '59.97'],
        ['0.00', '0.05', '0.05', '0.00', '0.05'],
      ]);
      expect(r.totals).to.deep.equal(['60.02', '0.00', '60.02']);
    }
  });

  it('a 100-line invoice rounds each line, then sums the rounded lines', () => {
    const items = Array.from({ length: 100 }, () => ({ productId: ZERO, quantity: 1, unitPrice: 0.99, taxRate: 7 }));
    // 0.99 × 7 % = 0.0693 → 0.07 a line: 7.00 in all (not 99 × 7 % = 6.93).
    expect(totalsOf(items, NET).totals).to.deep.equal(['99.00', '7.00', '106.00']);
    // 0.99 / 1.07 = 0.9252… → 0.93 untaxed, 0.06 tax a line.
    expect(totalsOf(items, GROSS).totals).to.deep.equal(['93.00', '6.00', '99.00']);
    const invoice = invoiceOf(items, NET);
    expect(breakdownOf(invoice)).to.deep.equal([['7.00', '99.00', '7.00']]);
  });

  it('the breakdown has one entry per rate, ascending, summing to the totals', () => {
    const invoice = invoiceOf([
      { productId: STANDARD, quantity: 1, unitPrice: 10 },
      { productId: ZERO, quantity: 1, unitPrice: 5 },
      { productId: STANDARD, quantity: 2, unitPrice: 2.5 },
      { productId: REDUCED, quantity: 1, unitPrice: 1 },
      { productId: ZERO, quantity: 1, unitPrice: 10, taxRate: 100 },
    ]);
    expect(breakdownOf(invoice)).to.deep.equal([
      ['0.00', '5.00', '0.00'],
      ['5.50', '1.00', '0.06'],
      ['13.00', '15.00', '1.95'],
      ['100.00', '10.00', '10.00'],
    ]);
    const s = invoice.state();
    expect([s.subtotal.toString(), s.taxAmount.toString(), s.totalAmount.toString()]).to.deep.equal([
      '31.00',
      '12.01',
      '43.01',
    ]);
  });

  it('refuses a line whose amount with tax does not fit an amount column, naming its row', () => {
    const big = { productId: ZERO, quantity: 1, unitPrice: 999999999999.99 };
    expect(problemsOf(() => invoiceLines([big, { ...big, taxRate: 1 }], NET))).to.deep.equal([
      'Row 2: Items grossAmount must not be greater than 999999999999.99',
    ]);
    // Gross pricing: the tax is inside the amount, which fits.
    expect(invoiceLines([{ ...big, taxRate: 1 }], GROSS).totals.totalAmount.toString()).to.equal('999999999999.99');
  });

  it('refuses impossible rates in the value object (the request schema keeps them out)', () => {
    for (const rate of [-1, 100.01, 150, 5.555, Number.NaN]) {
      expect(() => invoiceLines([{ productId: ZERO, quantity: 1, unitPrice: 1, taxRate: rate }], NET)).to.throw(
        RangeError,
      );
    }
  });

  describe('notes carry the invoice’s share of tax', () => {
    it('taxAmount = amount × invoice tax / invoice total, rounded half-up; untaxedAmount is the rest', () => {
      const invoice = { taxAmount: m('8.96'), totalAmount: m('189.93') };
      const tax = noteTax(m('50.00'), invoice); // 448 / 189.93 = 2.3587… → 2.36
      expect([tax.taxAmount.toString(), tax.untaxedAmount.toString()]).to.deep.equal(['2.36', '47.64']);
      const half = noteTax(m('0.01'), { taxAmount: m('1.00'), totalAmount: m('2.00') }); // 0.005 → 0.01
      expect([half.taxAmount.toString(), half.untaxedAmount.toString()]).to.deep.equal(['0.01', '0.00']);
      const whole = noteTax(m('189.93'), invoice);
      expect(whole.taxAmount.toString()).to.equal('8.96');
    });

    it('no tax on a note against an invoice whose total is 0 or whose lines are untaxed', () => {
      expect(noteTax(m('5'), { taxAmount: m(0), totalAmount: m(0) }).taxAmount.isZero()).to.equal(true);
      expect(noteTax(m('5'), { taxAmount: m(0), totalAmount: m(100) }).untaxedAmount.toString()).to.equal('5.00');
    });

    it('an issued note is stamped with its tax by the invoice', () => {
      const invoice = invoiceOf([{ productId: STANDARD, quantity: 1, unitPrice: 100 }]); // 100 + 13 = 113
      invoice.approve(new Date('2026-03-02T00:00:00Z'), 'approver@example.com');
      const note = invoice.issueNote(
        'CREDIT',
        { id: ZERO, number: 'CN-2026-000001', amount: 11.3, reason: 'Returned', branchId: ZERO, fiscalYearId: ZERO },
        new Date('2026-03-02T00:00:00Z'),
      );
      const s = note.state();
      expect([s.amount.toString(), s.taxAmount.toString(), s.untaxedAmount.toString()]).to.deep.equal([
        '11.30',
        '1.30',
        '10.00',
      ]);
    });
  });

  describe('property: for random lines in either mode', () => {
    const rate = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
    const item = fc.record({
      productId: fc.constant(ZERO),
      quantity: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 1000),
      unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100),
      taxRate: rate,
    });
    const lines = fc.array(item, { minLength: 1, maxLength: 40 });

    it('each line adds up, Σ lines = totals, subtotal + tax = total, and the breakdown sums to the totals', () => {
      fc.assert(
        fc.property(lines, fc.boolean(), (items, pricesIncludeTax) => {
          const invoice = invoiceOf(items, pricingOf(RATES, pricesIncludeTax));
          const s = invoice.state();
          for (const l of s.lines) expectLineAddsUp(l, pricesIncludeTax);
          expect(Money.sum(s.lines.map((l) => l.untaxedAmount)).equals(s.subtotal)).to.equal(true);
          expect(Money.sum(s.lines.map((l) => l.taxAmount)).equals(s.taxAmount)).to.equal(true);
          expect(Money.sum(s.lines.map((l) => l.grossAmount)).equals(s.totalAmount)).to.equal(true);
          expect(s.subtotal.plus(s.taxAmount).equals(s.totalAmount)).to.equal(true);
          const breakdown = invoice.taxBreakdown();
          expect(Money.sum(breakdown.map((b) => b.untaxedAmount)).equals(s.subtotal)).to.equal(true);
          expect(Money.sum(breakdown.map((b) => b.taxAmount)).equals(s.taxAmount)).to.equal(true);
          for (let i = 1; i < breakdown.length; i++) {
            expect(breakdown[i - 1]!.taxRate.compare(breakdown[i]!.taxRate)).to.be.lessThan(0);
          }
        }),
        { numRuns: 300 },
      );
    });
  });
});

/** One line's invariants: its parts add up, it prices from the line total, its tax is within half a cent of exact. */
function expectLineAddsUp(l: InvoiceLine, pricesIncludeTax: boolean): void {
  expect(l.untaxedAmount.plus(l.taxAmount).equals(l.grossAmount)).to.equal(true);
  expect((pricesIncludeTax ? l.grossAmount : l.untaxedAmount).equals(l.lineTotal)).to.equal(true);
  expect(l.taxAmount.isNegative()).to.equal(false);
  const exact = l.untaxedAmount.toDecimal().times(l.taxRate.fraction());
  // Net: the tax is the exact tax rounded. Gross: the untaxed part is, so the tax is off by at most that much × rate.
  const slack = pricesIncludeTax ? 0.005 * (1 + l.taxRate.toNumber() / 100) : 0.005;
  expect(exact.minus(l.taxAmount.toDecimal()).abs().toNumber()).to.be.at.most(slack + 1e-12);
}

function invoiceOf(items: InvoiceItem[], pricing = NET): Invoice {
  const ids = { id: ZERO, tenantId: ZERO, branchId: ZERO, fiscalYearId: ZERO };
  return Invoice.create(
    ids,
    { customerId: ZERO, paymentMethod: 'CASH', items },
    pricing,
    new Date('2026-03-01T00:00:00Z'),
  );
}

/** [rate, untaxed, tax] of each breakdown entry, as fixed 2-decimal strings. */
function breakdownOf(invoice: Invoice): string[][] {
  return invoice.taxBreakdown().map((b) => [b.taxRate.toString(), b.untaxedAmount.toString(), b.taxAmount.toString()]);
}

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationError);
    return (err as ValidationError).details!.map((d) => d.issue);
  }
  throw new Error('expected a ValidationError');
}
