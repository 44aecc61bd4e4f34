import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import pino from 'pino';
import { BufferedUsageMeter } from '../../../src/adapters/persistence/usage-meter.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { freePort } from '../../support/processes.js';
import { startTestService, type TestService } from '../../support/service.js';

/**
 * The usage meter while the database is away (a restart, a failover): its writes fail, the
 * counts wait in memory for the next write, and no failure escapes as an unhandled rejection
 * (which would end the process).
 */
describe('usage meter: counts survive a database that is away, and its failures stay with the caller (real database)', () => {
  let svc: TestService;
  let dead: Knex;

  before(async () => {
    svc = await startTestService();
    // A PostgreSQL address where nothing listens: every query fails to connect.
    dead = knexFactory({
      client: 'pg',
      connection: { host: '127.0.0.1', port: await freePort(), user: 'postgres' },
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 2_000,
      log: { warn: () => undefined, error: () => undefined },
    });
  });
  after(async () => {
    await dead.destroy();
    await svc.stop();
  });

  it('fails the flushes asked for while the database is away, leaks no rejection, and writes every count once it is back', async () => {
    const setup = await createTenantSetup(svc.baseUrl, 'Metered');
    const integration = await createIntegration(svc.baseUrl, setup, { role: 'INVENTORY' });
    const live = svc.database.knex;
    let away = true;
    // The meter's one database handle, pointed at the dead address while `away`.
    const switching = Object.assign((table: string) => (away ? dead(table) : live(table)), {
      raw: live.raw.bind(live),
      transaction: (work: (trx: Knex.Transaction) => Promise<unknown>) => (away ? dead : live).transaction(work),
    }) as unknown as Knex;
    const at = new Date('2026-11-15T10:00:00Z');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const meter = new BufferedUsageMeter(switching, pino({ level: 'silent' }), 60_000);
    try {
      for (let i = 0; i < 3; i++) meter.record(setup.tenantId, integration.id, at);
      meter.recordRefused(setup.tenantId, integration.id, at);
      const results = await Promise.allSettled([meter.flush(), meter.flush()]);
      expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
      meter.record(setup.tenantId, integration.id, at);
      // Rejections are reported after the microtask queue drains: give them a few turns.
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      expect(unhandled).to.deep.equal([]);

      away = false;
      await meter.flush();
      const rows = await live('usage_counters').where({ integration_id: integration.id }).select('count');
      expect(rows.map((r) => Number(r.count))).to.deep.equal([4]);
      const days = await live('usage_daily').where({ integration_id: integration.id });
      expect(days.map((d) => [Number(d.requests), Number(d.rate_limited)])).to.deep.equal([[4, 1]]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await meter.close();
    }
  });
});
