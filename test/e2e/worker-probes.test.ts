import { expect } from 'chai';
import { loadConfig } from '../../src/infrastructure/config.js';
import { createIntegration, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { until } from '../support/processes.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent } from '../support/webhook-receiver.js';

/** A Prometheus sample's value in `text` (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('e2e: a standalone worker answers its probes on WORKER_PORT while it delivers', () => {
  let receiver: WebhookReceiver;
  let setup: TenantSetup;
  let api: TestService;
  let worker: TestService;
  let probes: string;
  let hold = true;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    // Each delivery is held open until the test lets it go.
    receiver.respond = () => ({ status: 200, delayMs: hold ? 60_000 : 0 });
    api = await startTestService({}, { mode: 'api' });
    // The same SECRETS_KEY as the API's, which encrypted the webhook secret.
    const shared = { secretsKey: api.config.secretsKey, webhookTimeoutMs: 30_000 };
    worker = await startTestService({ ...shared, workerPort: 0 }, { mode: 'worker', reset: false });
    probes = `http://127.0.0.1:${worker.workerPort}`;
    setup = await createTenantSetup(api.baseUrl);
  });
  after(async () => {
    await receiver.stop();
    await worker.stop();
    await api.stop();
  });

  it('serves /health, /ready and /metrics with a delivery in flight, and counts it once recorded', async () => {
    expect(worker.workerPort).to.be.a('number');
    await createIntegration(api.baseUrl, setup, { webhookUrl: receiver.url('/slow') });
    await emitEvents(worker.database.knex, [invoiceEvent(setup.tenantId, setup.branchId)]);
    await until(() => receiver.concurrent === 1, 10_000, 'a delivery in flight');

    const health = await call(probes, 'GET', '/health', { token: null });
    expect([health.status, health.body.data]).to.deep.equal([200, { status: 'ok' }]);
    const ready = await call(probes, 'GET', '/ready', { token: null });
    expect([ready.status, ready.body.data]).to.deep.equal([200, { status: 'ready' }]);
    const during = await fetch(`${probes}/metrics`);
    expect(during.status).to.equal(200);
    expect(during.headers.get('content-type')).to.match(/^text\/plain/);
    expect(sample(await during.text(), 'webhook_queue_depth{status="IN_FLIGHT"}')).to.equal(1);

    hold = false;
    receiver.respond = () => ({ status: 200 });
    await emitEvents(worker.database.knex, [invoiceEvent(setup.tenantId, setup.branchId)]);
    const delivered = async () =>
      sample(await (await fetch(`${probes}/metrics`)).text(), 'webhook_delivery_attempts_total{outcome="delivered"}');
    await until(async () => (await delivered()) >= 1, 20_000, 'a delivery counted on the probe port');
  });

  it('serves nothing else there, and nothing of the API', async () => {
    const external = await fetch(`${probes}/api/v1/external/products`);
    expect([external.status, ((await external.json()) as { code: string }).code]).to.deep.equal([404, 'NOT_FOUND']);
    const admin = await fetch(`${probes}/api/v1/admin/tenants`, { headers: { authorization: 'Bearer x' } });
    expect(admin.status).to.equal(404);
    const post = await fetch(`${probes}/health`, { method: 'POST' });
    expect(post.status).to.equal(405);
  });

  it("is a standalone worker's only: no probe port with the API, and never the API's port", async () => {
    expect(api.workerPort).to.equal(null);
    expect(() => loadConfig({ PORT: '3000', WORKER_PORT: '3000' })).to.throw(
      "WORKER_PORT must differ from PORT and METRICS_PORT (the worker's probes never share a port)",
    );
    expect(loadConfig({ WORKER_PORT: '9465' }).workerPort).to.equal(9465);
    expect(loadConfig({}).workerPort).to.equal(null);
  });
});
