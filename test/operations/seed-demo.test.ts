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

  const seed = async () => {
    const p = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/seed-demo.ts'], {
      DATA_DIR: dir,
      DATABASE_URL: '',
      MONGODB_URL: '',
      ADMIN_TOKEN: '',
      SECRETS_KEY: '',
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
    const second = await seed();
    expect(second).to.match(/^Reused the demo tenant "Demo Shop"/);
    const secretOf = (text: string) => /export CLIENT_SECRET=(\S+)/.exec(text)![1];
    expect(secretOf(second)).to.not.equal(secretOf(first));

    const db = await openDatabase({ url: null, dataDir: dir });
    try {
      const count = async (table: string) => Number((await db.knex(table).count<{ n: string }[]>({ n: '*' }))[0]!.n);
      expect(await count('tenants')).to.equal(1);
      expect(await count('integrations')).to.equal(1);
      expect(await count('products')).to.equal(5);
      expect(await count('warehouses')).to.equal(1);
    } finally {
      await db.close();
    }
  });
});
