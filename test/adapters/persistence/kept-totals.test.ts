import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { indexedFragment, KnexProductRepository } from '../../../src/adapters/persistence/product-repository.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase } from '../../support/database.js';

/**
 * The totals the product list reads are kept by triggers (migration kept_totals): after any
 * mix of writes, `products.current_stock` must equal the sum of the product's stock levels and
 * `product_counts.total` the number of the tenant's products, and the list must answer exactly
 * what counting would. Parallel writers run on the PostgreSQL server only.
 */
describe('kept totals: the list reads triggers-kept counts that equal counting (real database)', () => {
  let db: Database;
  let repo: KnexProductRepository;
  const now = new Date('2026-03-01T10:00:00.000Z');
  let tenantId: string;
  let warehouses: string[];

  beforeEach(async () => {
    db = await testDatabase();
    await resetData(db.knex);
    repo = new KnexProductRepository(db.knex);
    tenantId = randomUUID();
    const branchId = randomUUID();
    warehouses = [randomUUID(), randomUUID()];
    const k = db.knex;
    await k('tenants').insert({ id: tenantId, name: 'T', created_at: now });
    await k('branches').insert({ tenant_id: tenantId, id: branchId, name: 'HQ', code: 'HQ', created_at: now });
    for (const id of warehouses) {
      await k('warehouses').insert({ tenant_id: tenantId, id, branch_id: branchId, name: `W ${id}`, created_at: now });
    }
  });

  function productRow(name: string, sku: string, tenant = tenantId) {
    return {
      tenant_id: tenant,
      id: randomUUID(),
      name,
      slug: randomUUID(),
      sku,
      price: '1.00',
      min_stock: '0',
      created_at: now,
      updated_at: now,
    };
  }

  async function expectTotalsMatchCounting(): Promise<void> {
    const drift = await db.knex.raw<{ rows: { id: string; kept: string; counted: string }[] }>(
      `SELECT p.id, p.current_stock AS kept, COALESCE(s.total, 0) AS counted
         FROM products p
         LEFT JOIN (SELECT tenant_id, product_id, sum(quantity) AS total FROM stock_levels GROUP BY 1, 2) s
           ON s.tenant_id = p.tenant_id AND s.product_id = p.id
        WHERE p.current_stock <> COALESCE(s.total, 0)`,
    );
    expect(drift.rows, 'products whose kept stock differs from the sum of their levels').to.deep.equal([]);
    const counts = await db.knex.raw<{ rows: { tenant_id: string; kept: string | null; counted: string }[] }>(
      `SELECT p.tenant_id, c.total AS kept, count(*) AS counted FROM products p
         LEFT JOIN product_counts c ON c.tenant_id = p.tenant_id GROUP BY 1, 2`,
    );
    for (const row of counts.rows) expect(Number(row.kept), `tenant ${row.tenant_id}`).to.equal(Number(row.counted));
  }

  it('keeps current stock through single and multi-row inserts, updates and deletes of stock levels', async () => {
    const rows = [productRow('Alpha', 'A-1'), productRow('Beta', 'B-1'), productRow('Gamma', 'G-1')];
    await db.knex('products').insert(rows);
    const [a, b, c] = rows.map((r) => r.id) as [string, string, string];
    const level = (w: string, p: string, quantity: string) => ({
      tenant_id: tenantId,
      warehouse_id: w,
      product_id: p,
      quantity,
      updated_at: now,
    });
    await db.knex('stock_levels').insert(level(warehouses[0]!, a, '10.5'));
    await db.knex('stock_levels').insert([level(warehouses[1]!, a, '0.25'), level(warehouses[0]!, b, '7')]);
    await db.knex('stock_levels').where({ product_id: a, warehouse_id: warehouses[0] }).update({ quantity: '3.125' });
    await db.knex('stock_levels').where({ tenant_id: tenantId }).increment('quantity', 1);
    await db.knex('stock_levels').where({ product_id: b }).delete();
    await db.knex('stock_levels').insert(level(warehouses[1]!, c, '2'));

    await expectTotalsMatchCounting();
    const page = await repo.list(tenantId, { page: 1, limit: 10 });
    expect(page.total).to.equal(3);
    expect(page.items.map((p) => [p.name, p.currentStock])).to.deep.equal([
      ['Alpha', 3.125 + 1 + 0.25 + 1],
      ['Beta', 0],
      ['Gamma', 2],
    ]);
  });

  it('a failed write leaves no trace in the totals (the trigger runs in the same transaction)', async () => {
    const row = productRow('Alpha', 'A-1');
    await db.knex('products').insert(row);
    const failing = db.knex.transaction(async (trx) => {
      await trx('products').insert(productRow('Beta', 'B-1'));
      await trx('stock_levels').insert({
        tenant_id: tenantId,
        warehouse_id: warehouses[0],
        product_id: row.id,
        quantity: '5',
        updated_at: now,
      });
      await trx('stock_levels').where({ product_id: row.id }).update({ quantity: '-1' }); // CHECK refuses
    });
    await expect(failing).to.be.rejected;
    const page = await repo.list(tenantId, { page: 1, limit: 10 });
    expect(page.total).to.equal(1);
    expect(page.items[0]!.currentStock).to.equal(0);
    await expectTotalsMatchCounting();
  });

  it('counts per tenant, bulk inserts once per statement, and a tenant without products lists 0', async () => {
    const other = randomUUID();
    await db.knex('tenants').insert({ id: other, name: 'O', created_at: now });
    await db.knex('products').insert(Array.from({ length: 250 }, (_, i) => productRow(`P${i}`, `S${i}`)));
    await db.knex.raw(
      `INSERT INTO products (tenant_id, id, name, slug, sku, price, created_at, updated_at)
       SELECT ?, gen_random_uuid(), 'Bulk ' || i, 'bulk-' || i, 'BULK-' || i, 1, now(), now() FROM generate_series(1, 1000) i`,
      [other],
    );
    await expectTotalsMatchCounting();
    expect((await repo.list(tenantId, { page: 3, limit: 100 })).total).to.equal(250);
    expect((await repo.list(other, { page: 1, limit: 10 })).total).to.equal(1000);
    expect((await repo.list(randomUUID(), { page: 1, limit: 10 })).total).to.equal(0);
  });

  it('search matches the name or the SKU, exactly counted, never across the two, with %, _ and \\ literal', async () => {
    await db
      .knex('products')
      .insert([
        productRow('Blue Widget', 'BW-100'),
        productRow('Red widget', 'RW_200'),
        productRow('Gadget', 'WIDGET-9'),
        productRow('Plain', 'X%1'),
        productRow('Other tenant widget', 'OT-1', await otherTenant()),
      ]);
    const names = async (search: string) =>
      (await repo.list(tenantId, { page: 1, limit: 10, search })).items.map((p) => p.name);
    expect(await names('widget')).to.deep.equal(['Blue Widget', 'Gadget', 'Red widget']);
    expect((await repo.list(tenantId, { page: 1, limit: 1, search: 'widget' })).total).to.equal(3);
    expect(await names('w_')).to.deep.equal(['Red widget']);
    expect(await names('x%')).to.deep.equal(['Plain']);
    expect(await names('widgetbw')).to.deep.equal([]); // the end of a name and the start of a SKU
    expect(await names('gadget')).to.deep.equal(['Gadget']);
  });

  it('a term with a code in it is looked up by its digits and still matched whole', async () => {
    expect(indexedFragment('sku-1234')).to.equal('1234');
    expect(indexedFragment('Mug 2 x 350ml')).to.equal('350ml');
    expect(indexedFragment('12345')).to.equal(null); // the whole term already
    expect(indexedFragment('blue mug')).to.equal(null); // no digits: the index intersects both words
    await db
      .knex('products')
      .insert([
        productRow('Mug', 'SKU-1234'),
        productRow('Mug large', 'SKU-12345'),
        productRow('Plate', 'ABC-1234'),
        productRow('Sku-1234 spare part', 'P-1'),
        productRow('Bowl', 'SKU-123'),
      ]);
    const page = await repo.list(tenantId, { page: 1, limit: 2, search: 'SKU-1234' });
    expect(page.total).to.equal(3);
    const all = await repo.list(tenantId, { page: 1, limit: 10, search: 'sku-1234' });
    expect(all.items.map((p) => p.name)).to.deep.equal(['Mug', 'Mug large', 'Sku-1234 spare part']);
  });

  async function otherTenant(): Promise<string> {
    const id = randomUUID();
    await db.knex('tenants').insert({ id, name: 'O', created_at: now });
    return id;
  }

  it('parallel product inserts and stock writes keep exact totals (PostgreSQL server)', async function () {
    if (db.kind !== 'server') {
      console.log('      skipped: needs concurrent connections, i.e. a PostgreSQL server in TEST_DATABASE_URL');
      this.skip();
    }
    const rows = Array.from({ length: 40 }, (_, i) => productRow(`C${i}`, `C-${i}`));
    await Promise.all(rows.map((r) => db.knex('products').insert(r)));
    const first = rows[0]!.id;
    await db.knex('stock_levels').insert({
      tenant_id: tenantId,
      warehouse_id: warehouses[0],
      product_id: first,
      quantity: '0',
      updated_at: now,
    });
    await Promise.all(
      Array.from({ length: 30 }, () =>
        db.knex('stock_levels').where({ product_id: first, warehouse_id: warehouses[0] }).increment('quantity', 1),
      ),
    );
    await expectTotalsMatchCounting();
    const page = await repo.list(tenantId, { page: 1, limit: 1 });
    expect(page.total).to.equal(40);
    expect(page.items[0]).to.include({ name: 'C0', currentStock: 30 });
  });
});
