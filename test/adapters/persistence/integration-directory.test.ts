import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import sinon from 'sinon';
import { CachedIntegrationDirectory } from '../../../src/adapters/persistence/integration-directory.js';
import { KnexIntegrationRepository } from '../../../src/adapters/persistence/integration-repository.js';
import { IntegrationMapper } from '../../../src/adapters/persistence/integration.mapper.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { Integration } from '../../../src/domain/access/integration.js';
import { testDatabase } from '../../support/database.js';

/**
 * The directory's cache rules, with the repository's read held open so the interleavings are
 * exact: a read that raced an invalidation is not kept (a key replaced in this process stops
 * working at once), and an entry is kept for the TTL.
 */
describe('CachedIntegrationDirectory', () => {
  let read: sinon.SinonStub;
  let directory: CachedIntegrationDirectory;
  const integration = (hash: string | null) => {
    const i = Integration.create(
      { id: 'i1', tenantId: 't1', branchId: 'b1', fiscalYearId: 'f1', role: 'ADMIN', clientName: 'Shop' },
      { clientId: 'ck_1', clientSecret: 'cs_1', webhookSecret: () => 'whsec' },
      new Date(),
    );
    if (hash) i.setApiKey(hash, new Date());
    return i;
  };

  beforeEach(async () => {
    read = sinon.stub(KnexIntegrationRepository.prototype, 'findByClientId');
    const { knex } = await testDatabase();
    directory = new CachedIntegrationDirectory(knex, new IntegrationMapper(new AesGcmSecretCipher(randomBytes(32))));
  });
  afterEach(() => read.restore());

  it('does not keep a read that was under way when the client id was invalidated', async () => {
    let release!: (i: Integration) => void;
    read.onFirstCall().returns(new Promise<Integration>((resolve) => (release = resolve)));
    read.onSecondCall().resolves(integration('b'.repeat(64)));
    const stale = directory.findByClientId('ck_1');
    // The back office changes the key here and drops the entry while the read is in flight.
    directory.invalidate('ck_1');
    release(integration('a'.repeat(64)));
    expect((await stale)?.state().apiKeyHash).to.equal('a'.repeat(64));
    const fresh = await directory.findByClientId('ck_1');
    expect(fresh?.state().apiKeyHash).to.equal('b'.repeat(64));
    expect(read.callCount).to.equal(2);
  });

  it('answers from the cache until invalidated, then reads again', async () => {
    read.resolves(integration(null));
    await directory.findByClientId('ck_1');
    await directory.findByClientId('ck_1');
    expect(read.callCount).to.equal(1);
    directory.invalidate('ck_1');
    await directory.findByClientId('ck_1');
    expect(read.callCount).to.equal(2);
  });
});
