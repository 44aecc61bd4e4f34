import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ConnectionTransaction, inTransaction } from '../../../src/adapters/persistence/connection-transaction.js';
import type { Db } from '../../../src/adapters/persistence/db.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { TEST_DATABASE_URL, testDatabase } from '../../support/database.js';

/** The unit of work's transactions: BEGIN, COMMIT and ROLLBACK on one pooled connection. */
describe('adapters: ConnectionTransaction', () => {
  let db: Database;
  before(async () => {
    db = await testDatabase();
  });

  const addTenant = async (on: Db): Promise<string> => {
    const id = randomUUID();
    await on('tenants').insert({ id, name: 'Trx', created_at: new Date() });
    return id;
  };
  const tenantExists = async (id: string): Promise<boolean> =>
    (await db.knex('tenants').where({ id }).first('id')) !== undefined;

  it('runs every statement of its db on one backend, in one transaction, seen by others only once committed', async () => {
    const trx = await ConnectionTransaction.begin(db.knex);
    const id = await addTenant(trx.db);
    const session = () =>
      trx.db.raw<{ rows: { pid: number; xid: string }[] }>(
        'SELECT pg_backend_pid() AS pid, txid_current()::text AS xid',
      );
    const [first, second] = [(await session()).rows[0]!, (await session()).rows[0]!];
    expect(second).to.deep.equal(first);
    if (TEST_DATABASE_URL) expect(await tenantExists(id), 'not seen before the commit').to.equal(false);
    await trx.commit();
    expect(trx.isCompleted()).to.equal(true);
    expect(await tenantExists(id)).to.equal(true);
  });

  it('keeps nothing of a transaction rolled back, and inTransaction rolls back when its work throws', async () => {
    const trx = await ConnectionTransaction.begin(db.knex);
    const kept = await addTenant(trx.db);
    await trx.rollback();
    expect(await tenantExists(kept)).to.equal(false);

    let added = '';
    const failure = new Error('the work failed');
    const thrown = await inTransaction(db.knex, async (on) => {
      added = await addTenant(on);
      throw failure;
    }).catch((err: unknown) => err);
    expect(thrown).to.equal(failure);
    expect(await tenantExists(added)).to.equal(false);
    expect(await inTransaction(db.knex, (on) => addTenant(on)).then(tenantExists)).to.equal(true);
  });

  it('rolls back to its savepoint what nested work did before it threw, and keeps the rest', async () => {
    const trx = await ConnectionTransaction.begin(db.knex);
    const before = await addTenant(trx.db);
    let nested = '';
    const thrown = await trx
      .savepoint(async (on) => {
        nested = await addTenant(on);
        await on.raw('SELECT 1 / 0');
      })
      .catch((err: unknown) => err);
    expect(String(thrown)).to.match(/division by zero/);
    const kept = await trx.savepoint((on) => addTenant(on));
    await trx.commit();
    expect(await Promise.all([before, nested, kept].map(tenantExists))).to.deep.equal([true, false, true]);
  });

  it('refuses a query, a second ending or a nested knex transaction once its connection is back in the pool', async () => {
    const trx = await ConnectionTransaction.begin(db.knex);
    expect(() => trx.db.transaction).to.throw(/cannot begin a transaction: use its savepoint/);
    const builtBefore = trx.db('tenants').first('id');
    await trx.commit();
    // Built while it was open, sent after: refused as it is sent, not run on a pooled connection.
    expect(
      String(
        await builtBefore.then(
          () => null,
          (err: unknown) => err,
        ),
      ),
    ).to.match(/this transaction is over/);
    expect(() => trx.db('tenants')).to.throw(/this transaction is over/);
    expect(() => trx.db.raw('SELECT 1')).to.throw(/this transaction is over/);
    const again = await trx.rollback().catch((err: unknown) => err);
    expect(String(again)).to.match(/already been committed or rolled back/);
  });

  if (TEST_DATABASE_URL) {
    it('on a server, a transaction whose backend was terminated rolls back quietly, and the pool carries on', async () => {
      const trx = await ConnectionTransaction.begin(db.knex);
      const { rows } = await trx.db.raw<{ rows: { pid: number }[] }>('SELECT pg_backend_pid() AS pid');
      await db.knex.raw('SELECT pg_terminate_backend(?)', [rows[0]!.pid]);
      const failed = await trx.db.raw('SELECT 1').catch((err: unknown) => err);
      expect(failed).to.be.instanceOf(Error);
      await trx.rollback();
      // Every pooled connection still answers: the terminated one was discarded.
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => inTransaction(db.knex, (on) => on.raw('SELECT 1 AS one'))),
      );
      expect(answers).to.have.length(25);
    });
  } else {
    it('terminates a backend only on a server (TEST_DATABASE_URL): the embedded database has one session');
  }
});
