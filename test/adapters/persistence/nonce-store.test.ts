import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { NonceClaim } from '../../../src/application/ports/access-ports.js';
import { KnexNonceStore } from '../../../src/adapters/persistence/nonce-store.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase } from '../../support/database.js';

describe('nonce store (real database)', () => {
  let db: Database;
  let store: KnexNonceStore;
  let addIntegration: (id: string) => Promise<unknown>;
  const integrationId = randomUUID();
  /** Whether the claim took the nonce. */
  const claim = (id: string, nonce: string, expiresAt: Date) =>
    store.claim(id, nonce, expiresAt).then((c) => c.claimed);

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
    addIntegration = (id: string) =>
      db.knex('integrations').insert({
        tenant_id: tenantId,
        id,
        branch_id: branchId,
        fiscal_year_id: fiscalYearId,
        role: 'ADMIN',
        client_name: 'x',
        client_id: `ck_nonce_${id}`,
        client_secret_enc: 'v1:x:y:z',
        created_at: now,
        updated_at: now,
      });
    await addIntegration(integrationId);
  });

  it('lets exactly one of many parallel claims of one nonce through', async () => {
    const expires = new Date(Date.now() + 600_000);
    const results = await Promise.all(Array.from({ length: 40 }, () => claim(integrationId, 'same-nonce-1', expires)));
    expect(results.filter(Boolean)).to.have.length(1);
  });

  it('purges only expired nonces', async () => {
    await claim(integrationId, 'old-nonce-01', new Date(Date.now() - 1000));
    await claim(integrationId, 'new-nonce-01', new Date(Date.now() + 600_000));
    expect(await store.purgeExpired(new Date())).to.equal(1);
    expect(await claim(integrationId, 'new-nonce-01', new Date(Date.now() + 600_000))).to.equal(false);
    expect(await claim(integrationId, 'old-nonce-01', new Date(Date.now() + 600_000))).to.equal(true);
  });

  it('refuses a nonce of an unknown integration and leaves the connection usable', async () => {
    const unknown = '00000000-0000-4000-8000-000000000999';
    await expect(claim(unknown, 'orphan-nonce-1', new Date(Date.now() + 60_000))).to.be.rejected;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claim(integrationId, `after-error-${i}`, new Date(Date.now() + 60_000))),
    );
    expect(results.every(Boolean)).to.equal(true);
  });

  it('answers each claim of a concurrent batch on its own: new, reused, duplicated in the batch, or failing', async () => {
    const expires = new Date(Date.now() + 60_000);
    await claim(integrationId, 'batch-used-01', expires);
    const unknown = '00000000-0000-4000-8000-000000000998';
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) => claim(integrationId, `batch-new-${String(i).padStart(2, '0')}`, expires)),
      claim(integrationId, 'batch-used-01', expires),
      claim(integrationId, 'batch-twice-1', expires),
      claim(integrationId, 'batch-twice-1', expires),
      claim(unknown, 'batch-orphan1', expires),
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
    expect(await claim(integrationId, 'peek-nonce-01', expires)).to.equal(true);
    expect(await store.isUsed(integrationId, 'peek-nonce-01')).to.equal(true);
    expect(await store.isUsed(randomUUID(), 'peek-nonce-01')).to.equal(false);
  });

  it('counts the claimed calls of each integration in its minute window, each in its own place, across a batch', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await addIntegration(a);
    await addIntegration(b);
    const expires = new Date(Date.now() + 60_000);
    const claims = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => store.claim(a, `window-a-${i}-x`, expires)),
      ...Array.from({ length: 5 }, (_, i) => store.claim(b, `window-b-${i}-x`, expires)),
      store.claim(a, 'window-a-0-x', expires),
    ]);
    expect(claims[20]).to.deep.equal({ claimed: false });
    const places = (list: NonceClaim[]) => {
      // Per window (a batch may straddle a minute boundary): places 1..n, each once.
      const byWindow = new Map<number, number[]>();
      for (const c of list) {
        if (!c.claimed) continue;
        expect(c.windowEndsAt.getTime() % 60_000).to.equal(0);
        byWindow.set(c.windowEndsAt.getTime(), [...(byWindow.get(c.windowEndsAt.getTime()) ?? []), c.windowCount]);
      }
      for (const counts of byWindow.values()) {
        expect([...counts].sort((x, y) => x - y)).to.deep.equal(counts.map((_, i) => i + 1));
      }
      return [...byWindow.values()].flat().length;
    };
    expect(places(claims.slice(0, 15))).to.equal(15);
    expect(places(claims.slice(15, 20))).to.equal(5);
    const next = await store.claim(a, 'window-a-next', expires);
    expect(next.claimed && next.windowCount).to.be.oneOf([16, 1]);
  });

  it('forgets minute windows older than two minutes when purging', async () => {
    const old = new Date(Date.now() - 10 * 60_000);
    await db.knex('request_rate_windows').insert({ integration_id: integrationId, window_start: old, count: 3 });
    await store.purgeExpired(new Date());
    expect(await db.knex('request_rate_windows').where({ window_start: old })).to.have.length(0);
  });
});
