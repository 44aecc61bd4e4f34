import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/infrastructure/database.js';
import { spawnProcess } from '../support/processes.js';

/** `npm run seed:demo` twice on one embedded database: one demo tenant, reused and said so. */
describe('operations: npm run seed:demo is idempotent', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ib-seed-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const seed = async (env: Record<string, string> = {}) => {
    const p = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/seed-demo.ts'], {
      DATA_DIR: dir,
      DATABASE_URL: '',
      MONGODB_URL: '',
      ADMIN_TOKEN: '',
      SECRETS_KEY: '',
      BASE_URL: '',
      ...env,
    });
    expect(await p.exited, p.output()).to.equal(0);
    return p.output();
  };

  it('creates the tenant once, then reuses it and issues a usable new secret', async () => {
    const first = await seed();
    expect(first).to.match(/^Created the demo tenant "Demo Shop"\./);
    expect(first).to.match(/role ADMIN/);
    expect(first).to.match(/export CLIENT_SECRET=cs_/);
    expect(first).to.match(
      /curl -sS -X GET 'http:\/\/localhost:3000\/api\/v1\/external\/products' -H 'x-client-id: ck_/,
    );
    expect(first).to.contain('WEBHOOK_ALLOW_HTTP=true');
    const second = await seed({ BASE_URL: 'https://demo.example:8443/' });
    expect(second).to.match(/^Reused the demo tenant "Demo Shop"/);
    // Every curl line it prints goes to BASE_URL.
    const curls = second.split('\n').filter((l) => l.startsWith('  curl '));
    expect(curls).to.have.length(3);
    for (const line of curls) expect(line).to.match(/ '?https:\/\/demo\.example:8443\/api\/v1\//);
    expect(second).to.contain('export BASE_URL=https://demo.example:8443');
    const secretOf = (text: string) => /export CLIENT_SECRET=(\S+)/.exec(text)![1];
    expect(secretOf(second)).to.not.equal(secretOf(first));

    const db = await openDatabase({ url: null, dataDir: dir });
    try {
      const count = async (table: string) => Number((await db.knex(table).count<{ n: string }[]>({ n: '*' }))[0]!.n);
      expect(await count('tenants')).to.equal(1);
      expect(await count('integrations')).to.equal(1);
      expect(await count('products')).to.equal(5);
      expect(await count('warehouses')).to.equal(1);
      // The ids it printed are the records it made; the products are in stock (one approved adjustment).
      const printed = (table: string) => db.knex(table).pluck('id') as Promise<string[]>;
      for (const table of ['warehouses', 'products', 'customers']) {
        for (const id of await printed(table)) expect(first, table).to.contain(id);
      }
      expect(await db.knex('stock_adjustment_requests').pluck('status')).to.deep.equal(['APPROVED']);
      const onHand = await db.knex('stock_levels').orderBy('quantity').pluck('quantity');
      expect(onHand.map(Number)).to.deep.equal([12, 30, 40, 60, 200]);
      expect(first).to.match(/Ceramic mug \[MUG-CER-01\], 60 on hand +[0-9a-f-]{36}/);
    } finally {
      await db.close();
    }
  });
});
