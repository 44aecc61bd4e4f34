import { expect } from 'chai';
import {
  CreateIntegrationBody,
  RotateClientSecretBody,
  UpdateIntegrationBody,
} from '../../../src/application/access/commands.js';
import { bodyValidator } from '../../../src/adapters/shared/validation.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

/** The one check of each integration input, as the admin API and the CLI compile it. */
describe('access command schemas', () => {
  const create = bodyValidator(CreateIntegrationBody);
  const update = bodyValidator(UpdateIntegrationBody);
  const rotate = bodyValidator(RotateClientSecretBody);
  const ids = {
    tenantId: '00000000-0000-4000-8000-000000000001',
    branchId: '00000000-0000-4000-8000-000000000002',
    fiscalYearId: '00000000-0000-4000-8000-000000000003',
  };

  function issueOf(run: () => unknown): string {
    try {
      run();
    } catch (err) {
      expect(err).to.be.instanceOf(ValidationError);
      return (err as ValidationError).message;
    }
    throw new Error('expected a ValidationError');
  }

  it('refuses an unknown role with the list of roles', () => {
    expect(issueOf(() => create({ ...ids, role: 'ROOT', clientName: 'x' }))).to.equal(
      'role must be one of the following values: ADMIN, INVENTORY, BILLING, LOGISTICS, READ_ONLY',
    );
    expect(create({ ...ids, role: 'READ_ONLY', clientName: 'x', webhookEvents: null }).webhookEvents).to.equal(null);
  });

  it('refuses a caller-chosen webhook secret and wrongly typed flags', () => {
    expect(issueOf(() => create({ ...ids, role: 'ADMIN', clientName: 'x', webhookSecret: 'mine' }))).to.equal(
      'property webhookSecret should not exist',
    );
    expect(issueOf(() => create({ ...ids, role: 'ADMIN', clientName: 'x', requireSignedReads: 'yes' }))).to.equal(
      'requireSignedReads must be a boolean',
    );
  });

  it('needs at least one change in a PATCH, and lets null clear a setting', () => {
    expect(issueOf(() => update({}))).to.equal('body must not be empty');
    expect(update({ webhookUrl: null, allowedIps: null })).to.deep.equal({ webhookUrl: null, allowedIps: null });
    expect(issueOf(() => update({ active: 'false' }))).to.equal('active must be a boolean');
  });

  it('bounds a rotation overlap to whole seconds within 30 days', () => {
    expect(rotate({})).to.deep.equal({});
    expect(rotate({ overlapSeconds: 2_592_000 })).to.deep.equal({ overlapSeconds: 2_592_000 });
    expect(issueOf(() => rotate({ overlapSeconds: 2_592_001 }))).to.equal(
      'overlapSeconds must not be greater than 2592000',
    );
    expect(issueOf(() => rotate({ overlapSeconds: 1.5 }))).to.equal('overlapSeconds must be an integer number');
    expect(issueOf(() => rotate({ overlapSeconds: -1 }))).to.equal('overlapSeconds must not be less than 0');
  });
});
