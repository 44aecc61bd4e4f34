import { expect } from 'chai';
import {
  CreateBranchBody,
  CreateFiscalYearBody,
  CreateTenantBody,
  CreateWarehouseBody,
} from '../../../src/application/organization/commands.js';
import { bodyValidator } from '../../../src/adapters/shared/validation.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

/** The one check of each organization input, as the admin API and the CLI compile it. */
describe('organization command schemas', () => {
  const tenant = bodyValidator(CreateTenantBody);
  const branch = bodyValidator(CreateBranchBody);
  const fiscalYear = bodyValidator(CreateFiscalYearBody);
  const warehouse = bodyValidator(CreateWarehouseBody);

  function issueOf(run: () => unknown): string {
    try {
      run();
    } catch (err) {
      expect(err).to.be.instanceOf(ValidationError);
      return (err as ValidationError).message;
    }
    throw new Error('expected a ValidationError');
  }

  it('passes a valid body through unchanged', () => {
    expect(branch({ name: 'HQ', code: 'hq-1' })).to.deep.equal({ name: 'HQ', code: 'hq-1' });
    expect(fiscalYear({ code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' })).to.include({ code: '2026' });
  });

  it('words each refusal as the spec does', () => {
    expect(issueOf(() => tenant({}))).to.equal('name is required');
    expect(issueOf(() => tenant({ name: '' }))).to.equal('name should not be empty');
    expect(issueOf(() => tenant({ name: 'x'.repeat(201) }))).to.equal(
      'name must be shorter than or equal to 200 characters',
    );
    expect(issueOf(() => tenant({ name: 'A', extra: 1 }))).to.equal('property extra should not exist');
    expect(issueOf(() => branch({ name: 'HQ', code: 'h q' }))).to.equal(
      'code must be 1 to 20 letters, digits, "-" or "_"',
    );
    expect(issueOf(() => fiscalYear({ code: 'X'.repeat(21), startsOn: '2026-01-01', endsOn: '2026-12-31' }))).to.equal(
      'code must be 1 to 20 letters, digits, "-" or "_"',
    );
    expect(issueOf(() => warehouse({ branchId: 'nope', name: 'W' }))).to.equal('branchId must be a UUID');
  });

  it('refuses impossible calendar dates, not only malformed ones', () => {
    for (const startsOn of ['2026-02-30', '2026-13-01', '26-01-01', '2026-01-01T00:00:00Z']) {
      expect(
        issueOf(() => fiscalYear({ code: 'X', startsOn, endsOn: '2026-12-31' })),
        startsOn,
      ).to.equal('startsOn must be a date in the form YYYY-MM-DD');
    }
    expect(issueOf(() => fiscalYear({ code: 'X', startsOn: '2026-01-01', endsOn: '2025-02-29' }))).to.equal(
      'endsOn must be a date in the form YYYY-MM-DD',
    );
    expect(fiscalYear({ code: 'X', startsOn: '2028-02-29', endsOn: '2028-12-31' }).startsOn).to.equal('2028-02-29');
  });
});
