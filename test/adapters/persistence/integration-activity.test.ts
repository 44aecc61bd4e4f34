import { expect } from 'chai';
import type { Knex } from 'knex';
import pino from 'pino';
import { BufferedIntegrationActivity } from '../../../src/adapters/persistence/integration-activity.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

const silent = pino({ level: 'silent' });

describe('integration activity: latest uses kept in memory, written on an interval, only forward (real database)', () => {
  let svc: TestService;
  let ids: string[];

  before(async () => {
    svc = await startTestService();
    const setup = await createTenantSetup(svc.baseUrl, 'Activity');
    ids = [(await createIntegration(svc.baseUrl, setup)).id, (await createIntegration(svc.baseUrl, setup)).id];
  });
  after(() => svc.stop());

  const stored = async (id: string) =>
    ((await svc.database.knex('integrations').where({ id }).first('last_used_at')) as { last_used_at: Date | null })
      .last_used_at;

  it('writes the latest time noted per integration on its own interval, never moving a time back', async () => {
    const activity = new BufferedIntegrationActivity(svc.database.knex, silent, 50);
    try {
      const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, s));
      activity.record(ids[0]!, at(5));
      activity.record(ids[0]!, at(30));
      activity.record(ids[0]!, at(10));
      activity.record(ids[1]!, at(1));
      for (let i = 0; i < 100 && (await stored(ids[1]!)) === null; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await stored(ids[0]!)).to.deep.equal(at(30));
      expect(await stored(ids[1]!)).to.deep.equal(at(1));

      // Another process's earlier time, written later, leaves the later one.
      activity.record(ids[0]!, at(20));
      await activity.flush();
      expect(await stored(ids[0]!)).to.deep.equal(at(30));
    } finally {
      await activity.close();
    }
  });

  it('keeps what a failed write held for the next one, and no failure escapes', async () => {
    let away = true;
    const live = svc.database.knex;
    const switching = {
      raw: (...args: Parameters<Knex['raw']>) =>
        away ? Promise.reject(new Error('database away')) : live.raw(...args),
    } as unknown as Knex;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const activity = new BufferedIntegrationActivity(switching, silent, 60_000);
    try {
      const when = new Date(Date.UTC(2026, 10, 28));
      activity.record(ids[1]!, when);
      const results = await Promise.allSettled([activity.flush(), activity.flush()]);
      expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      expect(unhandled).to.deep.equal([]);
      away = false;
      await activity.flush();
      expect(await stored(ids[1]!)).to.deep.equal(when);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await activity.close();
    }
  });
});
