import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { verifyWebhookSignature } from '@inventory-billing/sdk';
import { LEASED_STATUSES, QUEUED_STATUSES } from '../../src/domain/webhooks/delivery.machine.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import { createIntegration, createTenantSetup, type Credentials, type TenantSetup } from '../support/mothers.js';
import { pagination } from '../support/envelope.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent, type Received } from '../support/webhook-receiver.js';

const SCHEDULE = [100, 200, 300, 400, 500];

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('warn', stream) };
}

/** The exact payload bytes inside a received body `{"event":...,"payload":<bytes>}`. */
function payloadBytes(body: string): string {
  const start = body.indexOf('"payload":') + '"payload":'.length;
  return body.slice(start, -1);
}

describe('webhooks end to end (real receiver, worker in the service)', () => {
  let receiver: WebhookReceiver;
  let svc: TestService;
  let setup: TenantSetup;
  const log = logCapture();

  before(async () => {
    receiver = await new WebhookReceiver().start();
    svc = await startTestService({ webhookRetrySchedule: SCHEDULE }, { mode: 'all', logger: log.logger });
    setup = await createTenantSetup(svc.baseUrl);
  });
  after(async () => {
    await svc.stop();
    await receiver.stop();
  });

  it('sends spec 6.3 requests whose signatures verify with the SDK and with the standardwebhooks library', async () => {
    const creds = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/signed') });
    const event = invoiceEvent(setup.tenantId, setup.branchId, 'billing.invoice.created');
    await emitEvents(svc.database.knex, [event]);
    await receiver.waitFor(() => receiver.on('/signed').length === 1, 10_000, 'the signed delivery');
    const [req] = receiver.on('/signed') as [Received];

    expect(req.headers['content-type']).to.equal('application/json');
    expect(req.headers['x-pos-event']).to.equal('billing.invoice.created');
    const body = JSON.parse(req.body);
    expect(Object.keys(body)).to.deep.equal(['event', 'payload']);
    expect(body.event).to.equal('billing.invoice.created');
    expect(body.payload).to.deep.equal({ ...event.payload, timestamp: event.occurredAt.toISOString() });
    expect(Object.keys(body.payload)).to.deep.equal(['id', 'code', 'branchId', 'resource', 'action', 'timestamp']);
    expect(body.payload.timestamp).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // x-pos-signature: lowercase hex HMAC-SHA256, keyed with the whole secret, over the payload bytes as sent.
    const secret = creds.webhookSecret!;
    const signature = req.headers['x-pos-signature'] as string;
    expect(signature).to.match(/^[0-9a-f]{64}$/);
    expect(signature).to.equal(createHmac('sha256', secret).update(payloadBytes(req.body)).digest('hex'));
    expect(verifyWebhookSignature(req.body, signature, secret)).to.equal(true);
    expect(verifyWebhookSignature(req.body.replace('CREATE', 'VOID'), signature, secret)).to.equal(false);
    expect(verifyWebhookSignature(req.body, signature, `${secret}x`)).to.equal(false);

    // Standard Webhooks, verified by the reference library.
    const id = req.headers['webhook-id'] as string;
    expect(id).to.equal(req.headers['x-pos-delivery-id']);
    expect(Number(req.headers['webhook-timestamp'])).to.be.closeTo(Math.floor(Date.now() / 1000), 30);
    expect(Number(req.headers['x-pos-timestamp'])).to.be.closeTo(Date.now(), 30_000);
    const swHeaders = {
      'webhook-id': id,
      'webhook-timestamp': req.headers['webhook-timestamp'] as string,
      'webhook-signature': req.headers['webhook-signature'] as string,
    };
    expect(new Webhook(secret).verify(req.body, swHeaders)).to.deep.equal(body);
    expect(() => new Webhook(secret).verify(req.body.replace('CREATE', 'VOID'), swHeaders)).to.throw();
    const other = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/other') });
    expect(() => new Webhook(other.webhookSecret!).verify(req.body, swHeaders)).to.throw();
  });

  it('delivers each event to every active subscribed integration of its tenant, and to nobody else', async () => {
    const all = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/all') });
    await createIntegration(svc.baseUrl, setup, {
      webhookUrl: receiver.url('/voided-only'),
      webhookEvents: 'billing.invoice.voided',
    });
    await createIntegration(svc.baseUrl, setup, {
      webhookUrl: receiver.url('/two'),
      webhookEvents: 'billing.invoice.created,inventory.adjustment.approved',
    });
    const inactive = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/inactive') });
    expect(
      (await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${inactive.id}`, { body: { active: false } }))
        .status,
    ).to.equal(200);
    await createIntegration(svc.baseUrl, setup, {}); // no webhook
    const beta = await createTenantSetup(svc.baseUrl, 'Beta');
    await createIntegration(svc.baseUrl, beta, { webhookUrl: receiver.url('/other-tenant') });

    await emitEvents(svc.database.knex, [
      invoiceEvent(setup.tenantId, setup.branchId, 'billing.invoice.created'),
      invoiceEvent(setup.tenantId, setup.branchId, 'billing.invoice.voided'),
      invoiceEvent(setup.tenantId, setup.branchId, 'inventory.adjustment.approved'),
    ]);
    await receiver.waitFor(
      () =>
        receiver.on('/all').length === 3 &&
        receiver.on('/voided-only').length === 1 &&
        receiver.on('/two').length === 2,
      10_000,
      'the subscribed deliveries',
    );
    // Settled: every event fanned out and every delivery recorded, so nothing more can be sent.
    await waitUntil(() => settled(svc), 'every delivery recorded');
    const events = (path: string) =>
      receiver
        .on(path)
        .map((r) => r.headers['x-pos-event'])
        .sort();
    expect(events('/all')).to.deep.equal([
      'billing.invoice.created',
      'billing.invoice.voided',
      'inventory.adjustment.approved',
    ]);
    expect(events('/voided-only')).to.deep.equal(['billing.invoice.voided']);
    expect(events('/two')).to.deep.equal(['billing.invoice.created', 'inventory.adjustment.approved']);
    expect(receiver.on('/inactive')).to.have.length(0);
    expect(receiver.on('/other-tenant')).to.have.length(0);

    const listed = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${all.id}/deliveries?limit=2`);
    expect(listed.status).to.equal(200);
    expect(listed.body.pagination).to.deep.equal(pagination(3, 1, 2));
    expect(listed.body.data).to.have.length(2);
    const first = listed.body.data[0];
    expect(first).to.include({ integrationId: all.id, status: 'DELIVERED', attemptCount: 1, failedAttempts: 0 });
    expect(first.attempts).to.have.length(1);
    expect(first.attempts[0]).to.include({ statusCode: 200, error: null });
    expect(first.attempts[0].durationMs).to.be.a('number');
    expect(JSON.stringify(listed.body)).to.not.contain('whsec_');
  });

  it('retries on the schedule, dead-letters after the fifth retry, pauses, holds, resumes and replays', async () => {
    let healthy = false;
    receiver.respond = (req) => (req.path === '/flaky' && !healthy ? { status: 500 } : { status: 200 });
    const creds: Credentials = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/flaky') });
    const first = invoiceEvent(setup.tenantId, setup.branchId);
    await emitEvents(svc.database.knex, [first]);
    await receiver.waitFor(() => receiver.on('/flaky').length === 6, 10_000, 'six attempts');

    // 1 attempt + 5 retries, spaced by the schedule, all with the same delivery id.
    const attempts = receiver.on('/flaky');
    const gaps = attempts.slice(1).map((r, i) => r.at - attempts[i]!.at);
    gaps.forEach((gap, i) =>
      expect(gap, `gap ${i + 1} (${gaps.join(', ')})`).to.be.within(SCHEDULE[i]! - 5, SCHEDULE[i]! + 600),
    );
    expect(new Set(attempts.map((r) => r.headers['x-pos-delivery-id'])).size).to.equal(1);

    // Dead letter, alert, paused endpoint.
    const deliveryId = attempts[0]!.headers['x-pos-delivery-id'] as string;
    const deadOnes = async () =>
      (await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${creds.id}/deliveries?status=DEAD`)).body;
    await waitUntil(async () => (await deadOnes()).pagination.total === 1, 'the dead letter');
    const dead = (await deadOnes()).data[0];
    expect(dead).to.include({
      id: deliveryId,
      status: 'DEAD',
      attemptCount: 6,
      failedAttempts: 6,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    });
    expect(dead.attempts.map((a: { statusCode: number }) => a.statusCode)).to.deep.equal([
      500, 500, 500, 500, 500, 500,
    ]);
    const alert = log.lines.find((l) => l.alert === 'webhook.dead_letter' && l.deliveryId === deliveryId);
    expect(alert, 'dead-letter alert').to.include({
      level: 50,
      integrationId: creds.id,
      event: 'billing.invoice.created',
    });
    expect(JSON.stringify(log.lines)).to.not.contain(creds.webhookSecret!.slice(6));
    const integrations = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/integrations`);
    const paused = integrations.body.data.find((i: { id: string }) => i.id === creds.id);
    expect(paused.webhookPausedAt).to.be.a('string');

    // While paused, new events are kept, not sent.
    const second = invoiceEvent(setup.tenantId, setup.branchId);
    await emitEvents(svc.database.knex, [second]);
    await waitUntil(
      async () =>
        (await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${creds.id}/deliveries?status=HELD`)).body
          .pagination.total === 1,
      'the held delivery',
    );
    await waitUntil(() => settled(svc), 'nothing queued or in flight');
    expect(receiver.on('/flaky')).to.have.length(6);

    // Resume with the dead letters: both delivered now the receiver is healthy.
    healthy = true;
    const resumed = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${creds.id}/webhook/resume`, {
      body: { replayDeadLetters: true },
    });
    expect(resumed.status).to.equal(200);
    expect(resumed.body.data).to.deep.include({ requeued: 1, replayed: 1 });
    expect(resumed.body.data.integration.webhookPausedAt).to.equal(null);
    await receiver.waitFor(() => receiver.on('/flaky').length === 8, 10_000, 'the resumed deliveries');
    const ids = receiver
      .on('/flaky')
      .slice(6)
      .map((r) => JSON.parse(r.body).payload.id)
      .sort();
    expect(ids).to.deep.equal([first.payload.id, second.payload.id].sort());

    // Replay one delivery: same delivery id, sent again.
    await waitUntil(
      async () =>
        (await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${creds.id}/deliveries?status=DELIVERED`)).body
          .pagination.total === 2,
      'both delivered',
    );
    const replay = await call(svc.baseUrl, 'POST', `/api/v1/admin/deliveries/${deliveryId}/replay`);
    expect(replay.status).to.equal(200);
    expect(replay.body.data).to.include({ id: deliveryId, status: 'PENDING', failedAttempts: 0 });
    await receiver.waitFor(() => receiver.on('/flaky').length === 9, 10_000, 'the replay');
    expect(receiver.on('/flaky')[8]!.headers['x-pos-delivery-id']).to.equal(deliveryId);

    const pending = await call(svc.baseUrl, 'POST', `/api/v1/admin/deliveries/${deliveryId}/replay`);
    if (pending.status !== 200) {
      expect(pending.status).to.equal(409);
      expect(pending.body.code).to.equal('INVALID_STATE');
    }
    receiver.respond = () => ({ status: 200 });
  });

  it('pings an endpoint now and returns the outcome; refuses what it cannot ping', async () => {
    receiver.respond = (req) => (req.path === '/ping-fails' ? { status: 503 } : { status: 204 });
    const ok = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/ping') });
    const pinged = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${ok.id}/webhook/ping`);
    expect(pinged.status).to.equal(200);
    expect(pinged.body.data).to.include({ event: 'webhook.ping', delivered: true, statusCode: 204, error: null });
    const [req] = receiver.on('/ping') as [Received];
    expect(req.headers['x-pos-event']).to.equal('webhook.ping');
    expect(req.headers['x-pos-delivery-id']).to.equal(pinged.body.data.deliveryId);
    expect(verifyWebhookSignature(req.body, req.headers['x-pos-signature'] as string, ok.webhookSecret!)).to.equal(
      true,
    );
    expect(JSON.parse(req.body).payload).to.include({ resource: 'WEBHOOK', action: 'PING', branchId: setup.branchId });

    const bad = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/ping-fails') });
    const failed = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${bad.id}/webhook/ping`);
    expect(failed.body.data).to.include({ delivered: false, statusCode: 503, error: 'HTTP 503' });
    const badView = (
      await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/integrations`)
    ).body.data.find((i: { id: string }) => i.id === bad.id);
    expect(badView.webhookPausedAt, 'a failed ping pauses nothing').to.equal(null);
    const listed = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${bad.id}/deliveries`);
    expect(listed.body.data[0]).to.include({ event: 'webhook.ping', status: 'DEAD' });
    const replay = await call(svc.baseUrl, 'POST', `/api/v1/admin/deliveries/${listed.body.data[0].id}/replay`);
    expect(replay.status).to.equal(409);
    expect(replay.body.message).to.equal('A ping cannot be replayed; send a new ping');

    const none = await createIntegration(svc.baseUrl, setup, {});
    const noUrl = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${none.id}/webhook/ping`);
    expect(noUrl.status).to.equal(409);
    expect(noUrl.body.message).to.equal('The integration has no webhook URL');
    const missing = await call(
      svc.baseUrl,
      'POST',
      `/api/v1/admin/integrations/99999999-9999-4999-8999-999999999999/webhook/ping`,
    );
    expect(missing.status).to.equal(404);
    receiver.respond = () => ({ status: 200 });
  });

  it('validates the back-office webhook requests', async () => {
    const creds = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/v') });
    const badStatus = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${creds.id}/deliveries?status=LOST`);
    expect(badStatus.status).to.equal(400);
    expect(badStatus.body.message).to.equal(
      'status must be one of the following values: PENDING, IN_FLIGHT, RETRYING, DELIVERED, DEAD, HELD',
    );
    const badLimit = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${creds.id}/deliveries?limit=101`);
    expect(badLimit.body.message).to.equal('limit must not be greater than 100');
    const badBody = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${creds.id}/webhook/resume`, {
      body: { replayDeadLetters: 'yes' },
    });
    expect(badBody.status).to.equal(400);
    const badId = await call(svc.baseUrl, 'POST', `/api/v1/admin/deliveries/nope/replay`);
    expect(badId.body.message).to.equal('Invalid id parameter. Must be a valid UUID.');
    const unknown = await call(
      svc.baseUrl,
      'POST',
      `/api/v1/admin/deliveries/99999999-9999-4999-8999-999999999999/replay`,
    );
    expect(unknown.status).to.equal(404);
    expect(unknown.body.message).to.equal('Webhook delivery not found');
    const noToken = await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${creds.id}/deliveries`, {
      token: null,
    });
    expect(noToken.status).to.equal(401);
  });
});

/**
 * No outbox event waits for its fan-out and no delivery is queued or in flight: with no new
 * events, nothing more can reach a receiver.
 */
async function settled(svc: TestService): Promise<boolean> {
  const { rows } = await svc.database.knex.raw<{ rows: { waiting: number; live: number }[] }>(
    `SELECT (SELECT count(*) FROM outbox_events WHERE dispatched_at IS NULL)::int AS waiting,
            (SELECT count(*) FROM webhook_deliveries WHERE status = ANY(?::text[]))::int AS live`,
    [[...QUEUED_STATUSES, ...LEASED_STATUSES]],
  );
  const r = rows[0]!;
  return r.waiting === 0 && r.live === 0;
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
