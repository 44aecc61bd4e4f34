import { expect } from 'chai';
import { paginate } from '../../../src/adapters/persistence/paginate.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, TEST_DATABASE_URL, testDatabase } from '../../support/database.js';

interface TenantRow {
  id: string;
  name: string;
}

/** paginate() on the real database: pages, totals and the page beyond the end, exactly. */
describe('paginate (real database)', () => {
  let db: Database;
  const now = new Date('2026-03-01T10:00:00.000Z');
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  before(async () => {
    db = await testDatabase();
    await resetData(db.knex);
    // 23 "pg-" tenants (the listed set) and 5 others the filter leaves out.
    await db.knex('tenants').insert([
      ...Array.from({ length: 23 }, (_, i) => ({
        id: uuid(i + 1),
        name: `pg-${String(i).padStart(2, '0')}`,
        created_at: now,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({ id: uuid(100 + i), name: `other-${i}`, created_at: now })),
    ]);
  });

  function list(page: number, limit: number, prefix = 'pg-', countInWindow = false) {
    const seen: object[] = [];
    return paginate(
      db.knex('tenants as t').where('t.name', 'like', `${prefix}%`),
      { page, limit },
      (q) => q.select('t.id', 't.name').orderBy([{ column: 't.name' }, { column: 't.id' }]),
      (row: TenantRow) => {
        seen.push(row);
        return row.name;
      },
      { countInWindow },
    ).then((result) => ({ ...result, seen }));
  }

  it('splits the filtered rows into pages, each with the filtered total', async () => {
    const pages = await Promise.all([list(1, 10), list(2, 10), list(3, 10)]);
    expect(pages.map((p) => [p.page, p.limit, p.total, p.items.length])).to.deep.equal([
      [1, 10, 23, 10],
      [2, 10, 23, 10],
      [3, 10, 23, 3],
    ]);
    const all = pages.flatMap((p) => p.items);
    expect(all).to.deep.equal(Array.from({ length: 23 }, (_, i) => `pg-${String(i).padStart(2, '0')}`));
  });

  it('hands the mapper the shaped row only, without the total column', async () => {
    const { seen } = await list(1, 2);
    expect(seen).to.deep.equal([
      { id: uuid(1), name: 'pg-00' },
      { id: uuid(2), name: 'pg-01' },
    ]);
  });

  it('answers a page beyond the end with no items and the real total', async () => {
    expect(await list(4, 10)).to.deep.include({ items: [], total: 23, page: 4, limit: 10 });
    expect(await list(24, 1)).to.deep.include({ items: [], total: 23, page: 24, limit: 1 });
    expect((await list(23, 1)).items).to.deep.equal(['pg-22']);
  });

  it('answers 0 for a filter that matches nothing, on any page', async () => {
    expect(await list(1, 10, 'none-')).to.deep.include({ items: [], total: 0 });
    expect(await list(3, 10, 'none-')).to.deep.include({ items: [], total: 0 });
  });

  it("counts in the page's own scan (countInWindow) with the same pages and totals", async () => {
    for (const [page, limit, prefix] of [
      [1, 10, 'pg-'],
      [3, 10, 'pg-'],
      [4, 10, 'pg-'],
      [24, 1, 'pg-'],
      [1, 10, 'none-'],
      [2, 10, 'none-'],
    ] as const) {
      const { seen: _a, ...windowed } = await list(page, limit, prefix, true);
      const { seen: _b, ...counted } = await list(page, limit, prefix);
      expect(windowed, `page ${page} of ${limit}, ${prefix}`).to.deep.equal(counted);
    }
    expect((await list(3, 10, 'pg-', true)).seen).to.deep.equal([
      { id: uuid(21), name: 'pg-20' },
      { id: uuid(22), name: 'pg-21' },
      { id: uuid(23), name: 'pg-22' },
    ]);
  });

  it('takes a page and its total from one snapshot while rows are being added (PostgreSQL server)', async function () {
    if (!TEST_DATABASE_URL) {
      console.log('      skipped: needs concurrent connections, i.e. a PostgreSQL server in TEST_DATABASE_URL');
      this.skip();
    }
    // Every "race-" row fits on one page, so a consistent answer has exactly `total` items.
    let stop = false;
    let added = 0;
    const writer = (async () => {
      while (!stop && added < 90) {
        added += 1;
        await db.knex('tenants').insert({ id: uuid(1000 + added), name: `race-${added}`, created_at: now });
      }
    })();
    const mismatches: string[] = [];
    try {
      for (let i = 0; i < 150 && added < 90; i++) {
        const page = await list(1, 100, 'race-');
        if (page.items.length !== page.total) mismatches.push(`${page.items.length} rows, total ${page.total}`);
      }
    } finally {
      stop = true;
      await writer;
    }
    expect(mismatches).to.deep.equal([]);
    expect((await list(1, 100, 'race-')).total).to.equal(added);
  });
});
