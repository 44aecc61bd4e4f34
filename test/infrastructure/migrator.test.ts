import { expect } from 'chai';
import { migrateLatest, pendingMigrations, RENAMED_MIGRATIONS } from '../../src/infrastructure/migrator.js';
import { testDatabase } from '../support/database.js';

describe('migrator: a database migrated under a migration’s old file name migrates on without running it again (real database)', () => {
  it('renames the old names in the history, applies nothing and leaves nothing pending', async () => {
    const { knex } = await testDatabase();
    const renamed = Object.entries(RENAMED_MIGRATIONS);
    // The history as a database migrated before the renames has it.
    for (const [from, to] of renamed) {
      expect(await knex('knex_migrations').where({ name: to }).update({ name: from })).to.equal(1);
    }
    const count = async () => Number((await knex('knex_migrations').count<{ n: string }[]>({ n: '*' }))[0]!.n);
    const before = await count();

    expect(await migrateLatest(knex)).to.deep.equal([]);
    expect(await count()).to.equal(before);
    const names = (await knex('knex_migrations').pluck('name')) as string[];
    for (const [from, to] of renamed) {
      expect(names).to.include(to);
      expect(names).to.not.include(from);
    }
    expect(await pendingMigrations(knex)).to.deep.equal([]);
  });
});

describe('migrator on a current schema', () => {
  it('recognises it in two queries, without taking the migration lock', async () => {
    const { knex } = await testDatabase();
    const queries: string[] = [];
    const record = (q: { sql: string }) => queries.push(q.sql);
    knex.on('query', record);
    try {
      expect(await migrateLatest(knex)).to.deep.equal([]);
    } finally {
      knex.off('query', record);
    }
    expect(queries).to.have.length(2);
    expect(queries.join('\n')).to.not.contain('knex_migrations_lock');
  });
});
