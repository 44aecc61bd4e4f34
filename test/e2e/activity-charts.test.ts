import { expect } from 'chai';
import { clientFor, createIntegration, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const today = () => new Date().toISOString().slice(0, 10);

describe('e2e: daily figures for the console’s charts', () => {
  let svc: TestService;
  let receiver: WebhookReceiver;
  let setup: TenantSetup;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    svc = await startTestService();
    setup = await createTenantSetup(svc.baseUrl, 'Charted');
  });
  after(async () => {
    await svc.stop();
    await receiver.stop();
  });

  it('counts an integration’s deliveries per UTC day by outcome, with the attempts’ p50 and p95', async () => {
    const integration = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/daily') });
    receiver.respond = (_req, n) => (n <= 2 ? { status: 200, delayMs: n * 30 } : { status: 500 });
    for (let i = 0; i < 3; i++) {
      const ping = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${integration.id}/webhook/ping`);
      expect(ping.status).to.equal(200);
      expect(ping.body.data.delivered).to.equal(i < 2);
    }
    const r = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${integration.id}/deliveries/daily?days=3`);
    expect(r.status).to.equal(200);
    const days = r.body.data as {
      day: string;
      delivered: number;
      failed: number;
      dead: number;
      p50Ms: number | null;
      p95Ms: number | null;
    }[];
    expect(days.map((d) => d.day)).to.have.length(3);
    expect(days[2]!.day).to.equal(today());
    expect(days.slice(0, 2)).to.deep.equal(
      days.slice(0, 2).map((d) => ({ day: d.day, delivered: 0, failed: 0, dead: 0, p50Ms: null, p95Ms: null })),
    );
    expect(days[2]).to.include({ delivered: 2, failed: 1, dead: 1 });
    expect(days[2]!.p50Ms).to.be.a('number');
    expect(days[2]!.p95Ms!).to.be.at.least(days[2]!.p50Ms!);
    // The default is 30 days; beyond 90, or an unknown integration, is refused.
    const month = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${integration.id}/deliveries/daily`);
    expect(month.body.data).to.have.length(30);
    expect(
      (await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${integration.id}/deliveries/daily?days=91`)).status,
    ).to.equal(400);
    const unknown = await call(
      svc.baseUrl,
      'GET',
      '/api/v1/admin/integrations/00000000-0000-4000-8000-000000000000/deliveries/daily',
    );
    expect(unknown.status).to.equal(404);
  });

  it('counts a tenant’s calls and 429s per UTC day and integration, every day of the window', async () => {
    const quiet = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY' });
    const busy = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY' });
    expect(
      (await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${busy.id}`, { body: { rateLimitPerMinute: 3 } }))
        .status,
    ).to.equal(200);
    const client = clientFor(svc.baseUrl, busy);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await client.request('GET', '/products')).status);
    const answered = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 429).length;
    expect(answered + refused).to.equal(5);
    expect(refused).to.be.greaterThan(0);

    const r = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/usage/daily?days=2`);
    expect(r.status).to.equal(200);
    const rows = r.body.data as { day: string; integrationId: string; requests: number; rateLimited: number }[];
    const ours = rows.filter((row) => [quiet.id, busy.id].includes(row.integrationId));
    expect(ours).to.have.length(4);
    expect(ours.find((row) => row.integrationId === busy.id && row.day === today())).to.include({
      requests: answered,
      rateLimited: refused,
    });
    for (const row of ours.filter((row) => row.integrationId === quiet.id || row.day !== today())) {
      expect(row, JSON.stringify(row)).to.include({ requests: 0, rateLimited: 0 });
    }
    const unknown = await call(
      svc.baseUrl,
      'GET',
      '/api/v1/admin/tenants/00000000-0000-4000-8000-000000000000/usage/daily',
    );
    expect(unknown.status).to.equal(404);
  });
});
