import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/infrastructure/database.js';
import { applyMigrations } from '../../src/infrastructure/migrator.js';
import { TEST_DATABASE_URL } from '../support/database.js';

const MIGRATIONS = readdirSync(new URL('../../migrations', import.meta.url))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -'.ts'.length))
  .sort();

async function onServer(sql: string): Promise<void> {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts that migrate an empty server database at the very same moment, each with a pool of
 * its own as separate processes have: knex's own lock assumes its tables exist, so without the
 * migration lock they would all create them and all but one fail.
 */
describe('migrator: several starts migrating one empty PostgreSQL database at the same moment', function () {
  this.timeout(120_000);
  const name = `i33_migrate_${process.pid}_${Date.now()}`;
  const opened: Database[] = [];

  before(async function () {
    if (!TEST_DATABASE_URL) {
      console.log('      skipped: set TEST_DATABASE_URL to a PostgreSQL server');
      this.skip();
    }
    await onServer(`CREATE DATABASE ${name}`);
  });
  after(async () => {
    await Promise.all(opened.map((db) => db.close()));
    if (TEST_DATABASE_URL) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('applies each migration once; every start succeeds', async () => {
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 4; i++) opened.push(await openDatabase({ url: url.href, dataDir: null, poolMax: 4 }));
    const applied = await Promise.all(opened.map((db) => applyMigrations(db)));
    expect(applied.flat().sort()).to.deep.equal(MIGRATIONS);
    expect(await opened[0]!.knex('knex_migrations').orderBy('name').pluck('name')).to.deep.equal(MIGRATIONS);
    expect(await opened[0]!.knex('knex_migrations_lock').count<{ n: string }[]>({ n: '*' })).to.deep.equal([
      { n: '1' },
    ]);
  });
});
