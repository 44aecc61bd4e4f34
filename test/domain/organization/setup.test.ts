import { expect } from 'chai';
import { newCustomer } from '../../../src/domain/billing/customer.js';
import { newFiscalYear, overlaps } from '../../../src/domain/organization/fiscal-year.js';
import { newBranch, newTenant } from '../../../src/domain/organization/organization.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

const now = new Date('2026-01-01T00:00:00Z');
const T = '00000000-0000-4000-8000-000000000001';

describe('organization setup records', () => {
  it('trims names and refuses empty ones', () => {
    expect(newTenant('id', '  Acme  ', now).name).to.equal('Acme');
    expect(() => newTenant('id', '   ', now)).to.throw(ValidationError, 'name must be a non-empty string');
  });

  it('upper-cases branch codes and refuses odd characters', () => {
    expect(newBranch('id', T, { name: 'HQ', code: 'hq-1' }, now).code).to.equal('HQ-1');
    expect(() => newBranch('id', T, { name: 'HQ', code: 'h q' }, now)).to.throw(ValidationError);
  });

  describe('fiscal year', () => {
    it('accepts a real date range', () => {
      const y = newFiscalYear('id', T, { code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' }, now);
      expect(y).to.include({ code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' });
    });

    it('refuses impossible dates and reversed ranges', () => {
      expect(() => newFiscalYear('id', T, { code: 'X', startsOn: '2026-02-30', endsOn: '2026-12-31' }, now)).to.throw(
        'startsOn must be a date in the form YYYY-MM-DD',
      );
      expect(() => newFiscalYear('id', T, { code: 'X', startsOn: '2026-12-31', endsOn: '2026-01-01' }, now)).to.throw(
        'startsOn must be prior to endsOn',
      );
    });

    it('detects overlap of closed ranges, including a shared last day', () => {
      const a = { startsOn: '2026-01-01', endsOn: '2026-12-31' };
      expect(overlaps(a, { startsOn: '2026-12-31', endsOn: '2027-12-31' })).to.equal(true);
      expect(overlaps(a, { startsOn: '2027-01-01', endsOn: '2027-12-31' })).to.equal(false);
      expect(overlaps(a, { startsOn: '2025-06-01', endsOn: '2026-01-01' })).to.equal(true);
    });
  });

  it('validates optional customer contact fields', () => {
    expect(newCustomer('id', T, { name: 'Ann' }, now)).to.include({ email: null, phone: null });
    expect(() => newCustomer('id', T, { name: 'Ann', email: 'nope' }, now)).to.throw(
      'email must be a valid email address',
    );
  });
});
