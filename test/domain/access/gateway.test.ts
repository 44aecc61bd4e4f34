import { expect } from 'chai';
import { monthBounds, monthOf, Plan, TIERS } from '../../../src/domain/access/gateway.js';

describe('domain: monthly plans', () => {
  it('months are UTC: the last millisecond of a month and the first of the next fall apart wherever the caller is', () => {
    expect(monthOf(new Date('2026-01-31T23:59:59.999Z'))).to.equal('2026-01');
    expect(monthOf(new Date('2026-02-01T00:00:00.000Z'))).to.equal('2026-02');
    expect(monthOf(new Date('2026-12-31T23:30:00.000-02:00'))).to.equal('2027-01');
    expect(monthBounds('2026-12')).to.deep.equal({
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
  });

  it('BLOCK refuses from the tier edge on; BILL and UNLIMITED never refuse', () => {
    const block = Plan.of({ tier: 'T1K', overagePricePerCall: '0.01', overagePolicy: 'BLOCK' });
    expect(block.refusesAfter(TIERS.T1K - 1)).to.equal(false);
    expect(block.refusesAfter(TIERS.T1K)).to.equal(true);
    const bill = Plan.of({ tier: 'T1K', overagePricePerCall: '0.01', overagePolicy: 'BILL' });
    expect(bill.refusesAfter(5_000)).to.equal(false);
    expect(Plan.UNLIMITED.refusesAfter(Number.MAX_SAFE_INTEGER)).to.equal(false);
  });

  it('BILL charges every call above the tier exactly (half-up to cents); BLOCK counts refused calls but charges nothing', () => {
    const bill = Plan.of({ tier: 'T1K', overagePricePerCall: '0.0125', overagePolicy: 'BILL' });
    const billed = bill.figures(1_003);
    expect({ ...billed, overageCharge: billed.overageCharge.toString() }).to.deep.equal({
      included: 1000,
      used: 1003,
      overageCalls: 3,
      overageCharge: '0.04', // 3 × 0.0125 = 0.0375 → 0.04
    });
    const block = Plan.of({ tier: 'T1K', overagePricePerCall: '0.0125', overagePolicy: 'BLOCK' });
    const blocked = block.figures(1_003);
    expect(blocked.overageCalls).to.equal(3);
    expect(blocked.overageCharge.toString()).to.equal('0');
    expect(Plan.UNLIMITED.figures(7)).to.include({ included: null, used: 7, overageCalls: 0 });
  });

  it('refuses a negative price or one with more than 6 decimals', () => {
    expect(() => Plan.of({ tier: 'T1K', overagePricePerCall: '-1', overagePolicy: 'BILL' })).to.throw(
      'overagePricePerCall must be a number of at least 0 with at most 6 decimals',
    );
    expect(() => Plan.of({ tier: 'T1K', overagePricePerCall: '0.0000001', overagePolicy: 'BILL' })).to.throw();
  });
});
