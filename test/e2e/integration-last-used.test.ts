import { expect } from 'chai';
import type { Knex } from 'knex';
import { TOKENS } from '../../src/application/tokens.js';
import { resolve } from '../../src/infrastructure/modules/bind.js';
import { clientFor, createIntegration, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';

/**
 * Counts the writes of `integrations.last_used_at` in the database itself: a trigger bumps a
 * sequence on every row update that changes the column (a sequence, not a table, so no other
 * test's table list sees it). Returns the count and the way to remove it.
 */
async function countLastUsedWrites(knex: Knex): Promise<{ writes(): Promise<number>; drop(): Promise<void> }> {
  await knex.raw(`
    CREATE SEQUENCE test_last_used_writes;
    CREATE FUNCTION test_count_last_used() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM nextval('test_last_used_writes');
      RETURN NULL;
    END $$;
    CREATE TRIGGER test_count_last_used AFTER UPDATE ON integrations FOR EACH ROW
      WHEN (OLD.last_used_at IS DISTINCT FROM NEW.last_used_at) EXECUTE FUNCTION test_count_last_used();
  `);
  return {
    async writes() {
      const { rows } = await knex.raw<{ rows: { n: string }[] }>(
        `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM test_last_used_writes`,
      );
      return Number(rows[0]!.n);
    },
    async drop() {
      await knex.raw(`
        DROP TRIGGER IF EXISTS test_count_last_used ON integrations;
        DROP FUNCTION IF EXISTS test_count_last_used();
        DROP SEQUENCE IF EXISTS test_last_used_writes;
      `);
    },
  };
}

describe("e2e: an integration's lastUsedAt, kept in memory and written at most once a minute", () => {
  let svc: TestService;
  let setup: TenantSetup;

  before(async () => {
    svc = await startTestService();
    setup = await createTenantSetup(svc.baseUrl, 'Used');
  });
  after(() => svc.stop());

  const lastUsedAt = async (id: string): Promise<string | null> => {
    const listed = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations?tenantId=${setup.tenantId}&limit=100`);
    const tenants = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/integrations`);
    const a = listed.body.data.find((i: { id: string }) => i.id === id).lastUsedAt;
    const b = tenants.body.data.find((i: { id: string }) => i.id === id).lastUsedAt;
    expect(a, 'both back-office views agree').to.equal(b);
    return a;
  };
  const stored = async (id: string): Promise<Date | null> =>
    ((await svc.database.knex('integrations').where({ id }).first('last_used_at')) as { last_used_at: Date | null })
      .last_used_at;

  it('is null until the first signed call; calls write nothing until a flush writes each integration once', async () => {
    const creds = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY' });
    const idle = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY' });
    const client = clientFor(svc.baseUrl, creds);
    const activity = resolve(svc.container, TOKENS.IntegrationActivity);
    expect(await lastUsedAt(creds.id)).to.equal(null);
    const counter = await countLastUsedWrites(svc.database.knex);
    try {
      const before = new Date();
      for (let i = 0; i < 5; i++) expect((await client.request('GET', '/warehouses')).status).to.equal(200);
      expect(await counter.writes(), 'no write on the requests’ path').to.equal(0);
      expect(await stored(creds.id)).to.equal(null);

      await activity.flush();
      expect(await counter.writes(), 'one write for five calls').to.equal(1);
      const first = (await lastUsedAt(creds.id))!;
      expect(new Date(first).getTime()).to.be.within(before.getTime(), Date.now());
      expect(await lastUsedAt(idle.id), 'an integration that made no call').to.equal(null);

      for (let i = 0; i < 5; i++) expect((await client.request('GET', '/warehouses')).status).to.equal(200);
      await activity.flush();
      await activity.flush();
      expect(await counter.writes(), 'one more for the next five, none for an empty flush').to.equal(2);
      expect(new Date((await lastUsedAt(creds.id))!).getTime()).to.be.greaterThan(new Date(first).getTime());
    } finally {
      await counter.drop();
    }
  });

  it('a failed authentication is no use; a graceful stop writes what is pending', async () => {
    const creds = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY' });
    const wrong = clientFor(svc.baseUrl, { ...creds, clientSecret: 'x'.repeat(43) }, true);
    expect((await wrong.request('GET', '/warehouses')).status).to.equal(401);
    await resolve(svc.container, TOKENS.IntegrationActivity).flush();
    expect(await stored(creds.id)).to.equal(null);

    // A second process on the same database, stopped right after a call.
    const other = await startTestService({ secretsKey: svc.config.secretsKey }, { reset: false });
    try {
      expect((await clientFor(other.baseUrl, creds).request('GET', '/warehouses')).status).to.equal(200);
    } finally {
      await other.stop();
    }
    expect(await stored(creds.id)).to.be.an.instanceOf(Date);
  });
});
