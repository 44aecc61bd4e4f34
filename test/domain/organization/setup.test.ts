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

  it('upper-cases branch codes and trims branch names', () => {
    expect(newBranch('id', T, { name: ' HQ ', code: 'hq-1' }, now)).to.include({ name: 'HQ', code: 'HQ-1' });
    expect(() => newBranch('id', T, { name: ' ', code: 'HQ' }, now)).to.throw(ValidationError, 'name must be');
  });

  describe('fiscal year', () => {
    it('accepts a real date range', () => {
      const y = newFiscalYear('id', T, { code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' }, now);
      expect(y).to.include({ code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' });
    });

    it('refuses reversed and empty ranges', () => {
      expect(() => newFiscalYear('id', T, { code: 'X', startsOn: '2026-05-01', endsOn: '2026-05-01' }, now)).to.throw(
        'startsOn must be prior to endsOn',
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
