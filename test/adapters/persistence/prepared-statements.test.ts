import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { prepared } from '../../../src/adapters/persistence/db.js';
import { KnexProductRepository } from '../../../src/adapters/persistence/product-repository.js';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { Invoice } from '../../../src/domain/billing/invoice.js';
import { openDatabase, type Database } from '../../../src/infrastructure/database.js';
import { resetData, TEST_DATABASE_URL, testDatabase } from '../../support/database.js';
import { pricingOf } from '../../support/pricing.js';

/** The statements prepared on the connection running `trx`. */
async function preparedOn(trx: Knex.Transaction): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { statement: string }[] }>('SELECT statement FROM pg_prepared_statements');
  return rows.map((r) => r.statement);
}

describe('hot statements as named prepared statements', () => {
  let db: Database;
  const tenantId = randomUUID();
  const now = new Date('2026-03-01T10:00:00Z');

  before(async () => {
    db = await testDatabase();
    await resetData(db.knex);
    await db.knex('tenants').insert({ id: tenantId, name: 'T', created_at: now });
  });

  it('answers right from any pooled connection, many at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        prepared<{ rows: { n: number }[] }>(db.knex, 'SELECT ?::int * 2 AS n', [i]).then((r) => r.rows[0]!.n),
      ),
    );
    expect(answers).to.deep.equal(Array.from({ length: 30 }, (_, i) => i * 2));
  });

  if (TEST_DATABASE_URL) {
    it("on a server, the product list, invoice create and a payment's statements are prepared once per connection", async () => {
      await db.knex.transaction(async (trx) => {
        const products = new KnexProductRepository(trx);
        const before = new Set(await preparedOn(trx));
        const first = await products.list(tenantId, { page: 1, limit: 10 });
        const afterFirst = await preparedOn(trx);
        const second = await products.list(tenantId, { page: 1, limit: 10 });
        expect(second).to.deep.equal(first);
        // Another test may have prepared it (or another page's text) on this pooled connection
        // before: the first list prepares at most its one statement, and the second none.
        const isList = (s: string) => s.includes('from "products" as "p"');
        expect(
          afterFirst.filter((s) => isList(s) && !before.has(s)),
          'the list, prepared once',
        ).to.have.length.at.most(1);
        expect(afterFirst.some(isList), 'the list is a prepared statement').to.equal(true);
        expect(await preparedOn(trx), 'nothing prepared again').to.have.members(afterFirst);
      });

      // One connection, so the statements it prepared can be listed afterwards.
      const single = await openDatabase({ url: TEST_DATABASE_URL, dataDir: null, poolMax: 1 });
      try {
        const branchId = randomUUID();
        const fiscalYearId = randomUUID();
        const customerId = randomUUID();
        await single
          .knex('branches')
          .insert({ tenant_id: tenantId, id: branchId, name: 'HQ', code: 'HQ', created_at: now });
        await single.knex('fiscal_years').insert({
          tenant_id: tenantId,
          id: fiscalYearId,
          code: '2026',
          starts_on: '2026-01-01',
          ends_on: '2026-12-31',
          created_at: now,
        });
        await single.knex('customers').insert({ tenant_id: tenantId, id: customerId, name: 'Ann', created_at: now });
        const uow = new KnexUnitOfWork(single.knex, new AesGcmSecretCipher(randomBytes(32)));
        const invoices = Array.from({ length: 3 }, () =>
          Invoice.create(
            { id: randomUUID(), tenantId, branchId, fiscalYearId },
            { customerId, paymentMethod: 'CASH', items: [] },
            pricingOf({}),
            now,
          ),
        );
        for (const invoice of invoices) await uow.runStatement((r) => r.invoices.add(invoice));
        expect(invoices.map((i) => i.number)).to.deep.equal(['INV-2026-000001', 'INV-2026-000002', 'INV-2026-000003']);
        const { rows } = await single.knex.raw<{ rows: { statement: string }[] }>(
          'SELECT statement FROM pg_prepared_statements',
        );
        const invoiceStatements = rows.filter((r) => r.statement.includes('INSERT INTO invoices'));
        expect(invoiceStatements, 'three invoices, one statement prepared').to.have.length(1);

        // A payment's statements: the invoice locked, its lines and note totals, the PAY counter, its save.
        for (const invoice of invoices) {
          await uow.run(async (r) => {
            const locked = await r.invoices.findById(tenantId, invoice.id, { forUpdate: true });
            expect(locked?.number).to.equal(invoice.number);
            await r.documentNumbers.next(tenantId, fiscalYearId, 'PAY');
            await r.invoices.save(locked!);
          });
        }
        const after = (
          await single.knex.raw<{ rows: { statement: string }[] }>('SELECT statement FROM pg_prepared_statements')
        ).rows.map((r) => r.statement);
        for (const [what, text] of [
          ['the locked invoice', 'from "invoices" where "tenant_id" = $1 and "id" = $2 limit $3 for update'],
          ['its lines and totals', 'FROM invoice_lines l'],
          ['the counter', 'SELECT number FROM drawn'],
          ['the save', 'update "invoices" set'],
        ]) {
          expect(
            after.filter((s) => s.includes(text!)),
            `${what}, prepared once`,
          ).to.have.length(1);
        }
      } finally {
        await single.close();
      }
    });

    it('with DATABASE_PREPARED_STATEMENTS=false, nothing is prepared', async () => {
      const plain = await openDatabase({
        url: TEST_DATABASE_URL,
        dataDir: null,
        poolMax: 1,
        preparedStatements: false,
      });
      try {
        await plain.knex.transaction(async (trx) => {
          await new KnexProductRepository(trx).list(tenantId, { page: 1, limit: 10 });
          await prepared(trx, 'SELECT 1 AS one', []);
          expect(await preparedOn(trx)).to.deep.equal([]);
        });
      } finally {
        await plain.close();
      }
    });
  } else {
    it('on the embedded database, nothing is prepared (its connections share one session)', async () => {
      await db.knex.transaction(async (trx) => {
        await new KnexProductRepository(trx).list(tenantId, { page: 1, limit: 10 });
        await prepared(trx, 'SELECT 1 AS one', []);
        expect(await preparedOn(trx)).to.deep.equal([]);
      });
    });
  }
});
