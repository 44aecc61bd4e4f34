import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase } from '../../support/database.js';

describe('document numbers (real database)', () => {
  let db: Database;
  let uow: KnexUnitOfWork;
  const tenantId = randomUUID();
  const year = { id: randomUUID(), code: '2026' };

  before(async () => {
    db = await testDatabase();
    await resetData(db.knex);
    uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
    const now = new Date();
    await db.knex('tenants').insert({ id: tenantId, name: 'T', created_at: now });
    await db.knex('fiscal_years').insert({
      tenant_id: tenantId,
      id: year.id,
      code: year.code,
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      created_at: now,
    });
  });

  it('hands out unique, gapless numbers to parallel transactions; a rollback gives its number back', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        uow.run(async (r) => {
          const n = await r.documentNumbers.next(tenantId, year.id, 'INV');
          if (i % 4 === 0) throw new Error('rolled back');
          return n;
        }),
      ),
    );
    const numbers = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<string>).value);
    expect(numbers).to.have.length(45);
    const expected = Array.from({ length: 45 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`);
    expect([...numbers].sort()).to.deep.equal(expected);
  });

  it('counts each kind separately', async () => {
    const cn = await uow.run((r) => r.documentNumbers.next(tenantId, year.id, 'CN'));
    expect(cn).to.equal('CN-2026-000001');
  });
});
