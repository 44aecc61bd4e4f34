import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { pagination } from '../support/envelope.js';
import { createIntegration, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { asStaff, createStaff, signIn } from '../support/staff.js';

type Status = 'DELIVERED' | 'DEAD' | 'HELD';
interface Seeded {
  id: string;
  tenantId: string;
  integrationId: string;
  status: Status;
  event: string;
  at: Date;
}

describe('e2e: the back office lists integrations and webhook deliveries across tenants', () => {
  let svc: TestService;
  let a: TenantSetup;
  let b: TenantSetup;
  let c: TenantSetup;
  /** In the order created: A's two, B's one, C's one (deactivated); A's second is paused. */
  let ints: { id: string; tenantId: string }[];
  /** Every delivery, newest first. */
  let deliveries: Seeded[];
  const t0 = Date.now() - 24 * 3600_000;
  const minute = (n: number) => new Date(t0 + n * 60_000);

  const get = (path: string) => call(svc.baseUrl, 'GET', `/api/v1/admin${path}`);
  const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id);

  /** A delivery written as the dispatcher leaves it, `at` its creation. */
  async function seedDelivery(integration: { id: string; tenantId: string }, at: Date, status: Status, event: string) {
    const id = randomUUID();
    await svc.database.knex('webhook_deliveries').insert({
      tenant_id: integration.tenantId,
      id,
      integration_id: integration.id,
      event_id: event === 'webhook.ping' ? null : randomUUID(),
      event_name: event,
      payload: JSON.stringify({ event, id }),
      status,
      attempts: status === 'DEAD' ? 1 : 0,
      occurred_at: at,
      created_at: at,
      updated_at: at,
      delivered_at: status === 'DELIVERED' ? at : null,
    });
    return { id, tenantId: integration.tenantId, integrationId: integration.id, status, event, at };
  }

  before(async () => {
    svc = await startTestService();
    a = await createTenantSetup(svc.baseUrl, 'A');
    b = await createTenantSetup(svc.baseUrl, 'B');
    c = await createTenantSetup(svc.baseUrl, 'C');
    ints = [];
    for (const [s, webhookUrl] of [
      [a, 'http://127.0.0.1:9/hook'],
      [a, undefined],
      [b, undefined],
      [c, undefined],
    ] as const) {
      ints.push({
        id: (await createIntegration(svc.baseUrl, s, webhookUrl ? { webhookUrl } : {})).id,
        tenantId: s.tenantId,
      });
    }
    await svc.database
      .knex('integrations')
      .where({ id: ints[1]!.id })
      .update({ webhook_paused_at: minute(0) });
    const off = await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${ints[3]!.id}`, {
      body: { active: false },
    });
    expect(off.status).to.equal(200);

    const [i1, i2, j1] = ints as [(typeof ints)[0], (typeof ints)[0], (typeof ints)[0]];
    const seeded = [
      await seedDelivery(i1, minute(1), 'DELIVERED', 'billing.invoice.created'),
      await seedDelivery(i1, minute(2), 'DEAD', 'billing.invoice.created'),
      await seedDelivery(i2, minute(3), 'HELD', 'inventory.adjustment.approved'),
      await seedDelivery(j1, minute(4), 'DELIVERED', 'billing.invoice.created'),
      await seedDelivery(j1, minute(5), 'DEAD', 'billing.payment.received'),
    ];
    // A real one, through the API: nothing listens on port 9, so the ping is a DEAD delivery with its attempt.
    const ping = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${i1.id}/webhook/ping`);
    expect(ping.status).to.equal(200);
    const pinged = {
      ...seeded[0]!,
      id: ping.body.data.deliveryId,
      status: 'DEAD' as const,
      event: 'webhook.ping',
      at: new Date(),
    };
    deliveries = [pinged, ...seeded.reverse()];
  });
  after(() => svc.stop());

  describe('GET /integrations', () => {
    it("lists every tenant's integrations, oldest first, a page at a time, without secrets", async () => {
      const all = await get('/integrations');
      expect(all.status).to.equal(200);
      expect(ids(all)).to.deep.equal(ints.map((i) => i.id));
      expect(all.body.pagination).to.deep.equal(pagination(4, 1, 10));
      expect(all.body.data.map((i: { tenantId: string }) => i.tenantId)).to.deep.equal(ints.map((i) => i.tenantId));
      for (const i of all.body.data) {
        expect(i).to.not.have.any.keys('clientSecret', 'webhookSecret', 'apiKey');
        expect(i.lastUsedAt, 'no call made yet').to.equal(null);
      }
      const page = await get('/integrations?limit=3&page=2');
      expect(ids(page)).to.deep.equal([ints[3]!.id]);
      expect(page.body.pagination).to.deep.equal(pagination(4, 2, 3));
    });

    it('filters by webhook pause, by active and by tenant', async () => {
      const [i1, i2, j1, k1] = ints.map((i) => i.id);
      const cases: [string, (string | undefined)[]][] = [
        ['paused=true', [i2]],
        ['paused=false', [i1, j1, k1]],
        ['active=false', [k1]],
        ['active=true&paused=false', [i1, j1]],
        [`tenantId=${a.tenantId}`, [i1, i2]],
        [`tenantId=${c.tenantId}&active=true`, []],
      ];
      for (const [query, expected] of cases) {
        const r = await get(`/integrations?${query}`);
        expect([r.status, ids(r)], query).to.deep.equal([200, expected]);
        expect(r.body.pagination.total, query).to.equal(expected.length);
      }
    });

    it('refuses malformed filters with 400', async () => {
      for (const query of ['paused=maybe', 'active=2', 'tenantId=nope', 'limit=101', 'page=0']) {
        const r = await get(`/integrations?${query}`);
        expect([r.status, r.body.code], query).to.deep.equal([400, 'VALIDATION_ERROR']);
      }
    });
  });

  describe('GET /deliveries', () => {
    it("lists every integration's deliveries, newest first, each as the per-integration list shows it", async () => {
      const all = await get('/deliveries?limit=100');
      expect(all.status).to.equal(200);
      expect(ids(all)).to.deep.equal(deliveries.map((d) => d.id));
      expect(all.body.pagination).to.deep.equal(pagination(6, 1, 100));
      const page = await get('/deliveries?limit=4&page=2');
      expect(ids(page)).to.deep.equal(deliveries.slice(4).map((d) => d.id));
      expect(page.body.pagination).to.deep.equal(pagination(6, 2, 4));
      for (const integration of ints.slice(0, 3)) {
        const own = await get(`/integrations/${integration.id}/deliveries`);
        const across = await get(`/deliveries?integrationId=${integration.id}`);
        expect(across.body.data, integration.id).to.deep.equal(own.body.data);
      }
      const ping = all.body.data[0];
      expect(ping).to.include({ event: 'webhook.ping', status: 'DEAD', attemptCount: 1 });
      expect(ping.attempts).to.have.length(1);
    });

    it('filters by status, event, tenant, integration and creation time', async () => {
      const expect_ = (keep: (d: Seeded) => boolean) => deliveries.filter(keep).map((d) => d.id);
      const iso = (n: number) => minute(n).toISOString();
      const cases: [string, string[]][] = [
        ['status=DEAD', expect_((d) => d.status === 'DEAD')],
        ['event=billing.invoice.created', expect_((d) => d.event === 'billing.invoice.created')],
        ['event=webhook.ping', expect_((d) => d.event === 'webhook.ping')],
        [`tenantId=${b.tenantId}`, expect_((d) => d.tenantId === b.tenantId)],
        [
          `integrationId=${ints[0]!.id}&status=DEAD`,
          expect_((d) => d.integrationId === ints[0]!.id && d.status === 'DEAD'),
        ],
        [`tenantId=${a.tenantId}&integrationId=${ints[2]!.id}`, []],
        [`from=${iso(2)}&to=${iso(5)}`, expect_((d) => d.at >= minute(2) && d.at < minute(5))],
        [`from=${iso(4)}`, expect_((d) => d.at >= minute(4))],
        [`to=${iso(2)}`, expect_((d) => d.at < minute(2))],
        [`from=${iso(5)}&to=${iso(2)}`, []],
      ];
      for (const [query, expected] of cases) {
        const r = await get(`/deliveries?${encodeURI(query).replace(/\+/g, '%2B')}`);
        expect([r.status, ids(r)], query).to.deep.equal([200, expected]);
        expect(r.body.pagination.total, query).to.equal(expected.length);
      }
    });

    it('refuses malformed filters with 400', async () => {
      const bad = [
        'status=LOST',
        'event=billing.nothing',
        'tenantId=1',
        'integrationId=x',
        'from=yesterday',
        'to=2026-02-30T00:00:00Z',
        'to=2026-12-31T23:59:60Z',
        'limit=0',
      ];
      for (const query of bad) {
        const r = await get(`/deliveries?${query}`);
        expect([r.status, r.body.code], query).to.deep.equal([400, 'VALIDATION_ERROR']);
      }
      // A leap second is a valid ISO 8601 time but no instant to compare with; the audit log's range likewise.
      for (const path of ['/deliveries', '/audit']) {
        const r = await get(`${path}?from=2026-06-30T23:59:60Z`);
        expect([r.status, r.body.message], path).to.deep.equal([
          400,
          'from must be a date-time such as 2026-11-27T10:00:00Z',
        ]);
      }
    });
  });

  it("keeps a scoped VIEWER to its tenants' integrations and deliveries", async () => {
    await createStaff(svc.baseUrl, {
      email: 'viewer-ac@example.com',
      role: 'VIEWER',
      tenantIds: [a.tenantId, c.tenantId],
    });
    const { cookie } = await signIn(svc.baseUrl, 'viewer-ac@example.com');
    const asAc = asStaff(svc.baseUrl, cookie!);
    const mine = ints.filter((i) => i.tenantId !== b.tenantId).map((i) => i.id);
    const integrations = await asAc('GET', '/integrations');
    expect([integrations.status, ids(integrations), integrations.body.pagination.total]).to.deep.equal([200, mine, 3]);
    expect(ids(await asAc('GET', `/integrations?tenantId=${b.tenantId}`))).to.deep.equal([]);

    const own = deliveries.filter((d) => d.tenantId === a.tenantId).map((d) => d.id);
    const listed = await asAc('GET', '/deliveries');
    expect([listed.status, ids(listed), listed.body.pagination.total]).to.deep.equal([200, own, own.length]);
    for (const query of [`tenantId=${b.tenantId}`, `integrationId=${ints[2]!.id}`]) {
      const r = await asAc('GET', `/deliveries?${query}`);
      expect([r.status, ids(r)], query).to.deep.equal([200, []]);
    }
  });
});
