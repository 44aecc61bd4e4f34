import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { pino } from 'pino';
import { KnexNonceStore } from '../../../src/adapters/persistence/nonce-store.js';
import { replicaFor, ReplicaReads, type Replica } from '../../../src/adapters/persistence/replicas/replica-reads.js';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import {
  currentCallerWrites,
  parseLsn,
  withCallerWrites,
  type CallerWrites,
} from '../../../src/adapters/shared/caller-writes.js';
import { resetData, seedOrganization, testDatabase } from '../../support/database.js';

const caller = (over: Partial<CallerWrites> = {}): CallerWrites => ({
  readOnly: true,
  integrationId: 'i-1',
  lastWrite: null,
  claiming: null,
  ...over,
});

const replica = (name: string, over: Partial<Replica> = {}): Replica => ({
  name,
  knex: null as unknown as Knex,
  up: true,
  replayed: 100n,
  lagMs: 0,
  ...over,
});

describe('Read routing: which reads go to a replica (replicaFor)', () => {
  const first = () => 0;

  it('sends an integration GET that has written nothing to a replica that is up', () => {
    expect(replicaFor(caller(), [replica('a')], 5_000, first)?.name).to.equal('a');
  });

  it('keeps writes, the back office and background work on the primary', () => {
    const replicas = [replica('a')];
    expect(replicaFor(undefined, replicas, 5_000), 'no request context').to.equal(null);
    expect(replicaFor(caller({ readOnly: false }), replicas, 5_000), 'a POST').to.equal(null);
    expect(replicaFor(caller({ integrationId: null }), replicas, 5_000), 'not an integration').to.equal(null);
  });

  it("never sends a read to a replica that has not replayed the integration's last write", () => {
    const replicas = [replica('behind', { replayed: 99n }), replica('caught-up', { replayed: 100n })];
    const after = caller({ lastWrite: 100n });
    for (let pick = 0; pick < 5; pick++) {
      expect(replicaFor(after, replicas, 5_000, () => 0)?.name).to.equal('caught-up');
    }
    expect(replicaFor(after, [replica('behind', { replayed: 99n })], 5_000)).to.equal(null);
  });

  it('skips a replica that is down, not yet polled, or further behind than the bound', () => {
    const read = caller();
    expect(replicaFor(read, [replica('a', { up: false })], 5_000)).to.equal(null);
    expect(replicaFor(read, [replica('a', { replayed: null })], 5_000)).to.equal(null);
    expect(replicaFor(read, [replica('a', { lagMs: 5_001 })], 5_000)).to.equal(null);
    expect(replicaFor(read, [replica('a', { lagMs: 5_000 })], 5_000)?.name).to.equal('a');
  });

  it('orders WAL positions as PostgreSQL does', () => {
    expect(parseLsn('0/16B3748') < parseLsn('0/16B3750')).to.equal(true);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).to.equal(true);
    expect(() => parseLsn('nonsense')).to.throw(/not a WAL position/);
  });
});

describe('Read routing on the real adapter: the unit of work and the nonce claim', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let replicaKnex: Knex;
  let replicaQueries: number;
  let fake: Replica;
  let reads: ReplicaReads;
  let uow: KnexUnitOfWork;
  const ids = { tenantId: randomUUID(), branchId: randomUUID(), fiscalYearId: randomUUID() };
  const integrationId = randomUUID();

  before(async () => {
    db = await testDatabase();
    // A second pool on the same database stands for the replica: what matters is which pool
    // served a read. Its state (up, replayed) is set by hand; the poller is not started.
    replicaKnex = knexFactory({ client: 'pg', connection: db.connection, pool: { min: 0, max: 2 } });
    replicaKnex.on('query', () => replicaQueries++);
    fake = replica('fake', { knex: replicaKnex, replayed: 0n });
    reads = new ReplicaReads(db.knex, [fake], pino({ enabled: false }), { maxLagMs: 5_000 });
    uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(Buffer.alloc(32, 7)), reads);
  });

  after(async () => {
    await replicaKnex.destroy();
  });

  beforeEach(async () => {
    await resetData(db.knex);
    await seedOrganization(db.knex, ids, new Date());
    await db.knex('integrations').insert(integrationRow());
    replicaQueries = 0;
    fake.replayed = 0n;
  });

  function integrationRow() {
    return {
      id: integrationId,
      tenant_id: ids.tenantId,
      branch_id: ids.branchId,
      fiscal_year_id: ids.fiscalYearId,
      client_name: 'shop',
      client_id: `cli_${integrationId.slice(0, 8)}`,
      client_secret_enc: 'x',
      role: 'INVENTORY',
      created_at: new Date(),
      updated_at: new Date(),
    };
  }

  const listTenants = () => uow.read((repos) => repos.tenants.findById(ids.tenantId));

  it("reads an integration's GET from the replica, and a POST's or the back office's from the primary", async () => {
    await withCallerWrites(true, async () => {
      currentContext().integrationId = integrationId;
      expect(await listTenants()).to.not.equal(null);
    });
    expect(replicaQueries, 'the GET read the replica').to.be.greaterThan(0);
    replicaQueries = 0;
    await withCallerWrites(false, async () => {
      currentContext().integrationId = integrationId;
      await listTenants();
    });
    await listTenants();
    expect(replicaQueries, 'a POST and a read outside any request').to.equal(0);
    expect(reads.stats().reads).to.deep.include({ replica: 1, primary: 2 });
  });

  it("after the integration's write, its reads wait for a replica past that write, on any process", async () => {
    const nonces = new KnexNonceStore(db.knex, true);
    // The write: committed, then its position recorded for the integration.
    const written = await withCallerWrites(false, async () => {
      await nonces.claim(integrationId, randomUUID(), new Date(Date.now() + 60_000));
      await uow.run((repos) => repos.tenants.findById(ids.tenantId));
      return currentContext().lastWrite;
    });
    expect(written, 'the write recorded its position').to.be.a('bigint');
    // The next request (as if on another process: a fresh context) learns it from its nonce claim.
    const next = () =>
      withCallerWrites(true, async () => {
        await nonces.claim(integrationId, randomUUID(), new Date(Date.now() + 60_000));
        expect(currentContext().lastWrite).to.equal(written);
        await listTenants();
      });
    fake.replayed = written! - 1n;
    await next();
    expect(replicaQueries, 'a replica one byte short is never read').to.equal(0);
    // The replica says (at its last poll) it has caught up, but it is no standby: the check in the
    // read's own transaction finds no replay position, and the primary answers.
    fake.replayed = written!;
    await next();
    expect(reads.stats().reads.fallback).to.be.greaterThan(0);
  });
  it('answers from the primary a read the standby cancels for a conflict with its replay (40001)', async () => {
    const served: string[] = [];
    const result = await withCallerWrites(true, async () => {
      currentContext().integrationId = integrationId;
      return reads.read(async (db) => {
        if (db === replicaKnex) {
          served.push('replica');
          throw Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' });
        }
        served.push('primary');
        return 'answered';
      });
    });
    expect(result).to.equal('answered');
    expect(served).to.deep.equal(['replica', 'primary']);
    expect(fake.up, 'a conflict is no outage: the replica stays in use').to.equal(true);
  });
});

function currentContext(): CallerWrites {
  const context = currentCallerWrites();
  if (!context) throw new Error('no caller context');
  return context;
}
