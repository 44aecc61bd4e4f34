import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { KnexNonceStore } from '../../../src/adapters/persistence/nonce-store.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase } from '../../support/database.js';

describe('nonce store (real database)', () => {
  let db: Database;
  let store: KnexNonceStore;
  const integrationId = randomUUID();

  before(async () => {
    db = await testDatabase();
    await resetData(db.knex);
    store = new KnexNonceStore(db.knex);
    const now = new Date();
    const tenantId = randomUUID();
    const branchId = randomUUID();
    const fiscalYearId = randomUUID();
    await db.knex('tenants').insert({ id: tenantId, name: 'T', created_at: now });
    await db.knex('branches').insert({ tenant_id: tenantId, id: branchId, name: 'HQ', code: 'HQ', created_at: now });
    await db.knex('fiscal_years').insert({
      tenant_id: tenantId,
      id: fiscalYearId,
      code: 'Y',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      created_at: now,
    });
    await db.knex('integrations').insert({
      tenant_id: tenantId,
      id: integrationId,
      branch_id: branchId,
      fiscal_year_id: fiscalYearId,
      role: 'ADMIN',
      client_name: 'x',
      client_id: 'ck_nonce_test',
      client_secret_enc: 'v1:x:y:z',
      created_at: now,
      updated_at: now,
    });
  });

  it('lets exactly one of many parallel claims of one nonce through', async () => {
    const expires = new Date(Date.now() + 600_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => store.claim(integrationId, 'same-nonce-1', expires)),
    );
    expect(results.filter(Boolean)).to.have.length(1);
  });

  it('purges only expired nonces', async () => {
    await store.claim(integrationId, 'old-nonce-01', new Date(Date.now() - 1000));
    await store.claim(integrationId, 'new-nonce-01', new Date(Date.now() + 600_000));
    expect(await store.purgeExpired(new Date())).to.equal(1);
    expect(await store.claim(integrationId, 'new-nonce-01', new Date(Date.now() + 600_000))).to.equal(false);
    expect(await store.claim(integrationId, 'old-nonce-01', new Date(Date.now() + 600_000))).to.equal(true);
  });

  it('refuses a nonce of an unknown integration and leaves the connection usable', async () => {
    const unknown = '00000000-0000-4000-8000-000000000999';
    await expect(store.claim(unknown, 'orphan-nonce-1', new Date(Date.now() + 60_000))).to.be.rejected;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.claim(integrationId, `after-error-${i}`, new Date(Date.now() + 60_000)),
      ),
    );
    expect(results.every(Boolean)).to.equal(true);
  });

  it('answers each claim of a concurrent batch on its own: new, reused, duplicated in the batch, or failing', async () => {
    const expires = new Date(Date.now() + 60_000);
    await store.claim(integrationId, 'batch-used-01', expires);
    const unknown = '00000000-0000-4000-8000-000000000998';
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) =>
        store.claim(integrationId, `batch-new-${String(i).padStart(2, '0')}`, expires),
      ),
      store.claim(integrationId, 'batch-used-01', expires),
      store.claim(integrationId, 'batch-twice-1', expires),
      store.claim(integrationId, 'batch-twice-1', expires),
      store.claim(unknown, 'batch-orphan1', expires),
    ]);
    const values = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'rejected'));
    expect(values.slice(0, 20)).to.deep.equal(Array(20).fill(true));
    expect(values.slice(20)).to.deep.equal([false, true, false, 'rejected']);
  });

  it('says whether a nonce was used without claiming it', async () => {
    const expires = new Date(Date.now() + 60_000);
    expect(await store.isUsed(integrationId, 'peek-nonce-01')).to.equal(false);
    expect(await store.isUsed(integrationId, 'peek-nonce-01')).to.equal(false);
    const count = async () =>
      Number((await db.knex('request_nonces').where({ nonce: 'peek-nonce-01' }).count({ n: '*' }))[0]!.n);
    expect(await count()).to.equal(0);
    expect(await store.claim(integrationId, 'peek-nonce-01', expires)).to.equal(true);
    expect(await store.isUsed(integrationId, 'peek-nonce-01')).to.equal(true);
    expect(await store.isUsed(randomUUID(), 'peek-nonce-01')).to.equal(false);
  });
});
