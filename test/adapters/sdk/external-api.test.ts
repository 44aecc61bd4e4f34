import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { ApiError, ExternalApi, WebhookVerificationError, verifyWebhook } from '@inventory-billing/sdk';
import { createIntegration, createTenantSetup, type Credentials } from '../../support/mothers.js';
import { call, startTestService, type TestService } from '../../support/service.js';
import { WebhookReceiver, type Received } from '../../support/webhook-receiver.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('SDK: ExternalApi and verifyWebhook against the service', () => {
  let svc: TestService;
  let creds: Credentials;
  let receiver: WebhookReceiver;
  let setup: Awaited<ReturnType<typeof createTenantSetup>>;

  before(async () => {
    svc = await startTestService();
    receiver = await new WebhookReceiver().start();
    setup = await createTenantSetup(svc.baseUrl);
    creds = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/sdk') });
  });
  after(async () => {
    await receiver?.stop();
    await svc?.stop();
  });

  const api = () =>
    new ExternalApi({ baseUrl: svc.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret });

  it("answers a typed call with the envelope's data", async () => {
    const usage = await api().usage.getUsage();
    expect(usage.month).to.match(/^\d{4}-\d{2}$/);
    expect(usage).to.include({ tier: 'UNLIMITED', included: null, overagePolicy: 'BILL' });
    const march = await new ExternalApi({
      baseUrl: svc.baseUrl,
      clientId: creds.clientId,
      clientSecret: creds.clientSecret,
      signReads: true,
    }).usage.getUsage({ month: '2026-03' });
    expect(march).to.include({ month: '2026-03', used: 0 });
  });

  it('throws ApiError with status, code, message, details and request id on a 400, a 404 and a 422', async () => {
    const invalid = await caught(api().usage.getUsage({ month: '2026-13' }));
    expect(invalid).to.be.instanceOf(ApiError).and.include({ status: 400, code: 'VALIDATION_ERROR' });
    expect((invalid as ApiError).details.map((d) => d.field)).to.deep.equal(['month']);

    const missing = await caught(api().send('GET', `/products/${MISSING}`));
    expect(missing).to.be.instanceOf(ApiError).and.include({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Product not found',
    });
    expect((missing as ApiError).requestId)
      .to.be.a('string')
      .and.not.equal('');

    const key = `sdk-${randomBytes(4).toString('hex')}`;
    const product = { name: 'SDK mug', sku: `SDK-${key}`, price: 5 };
    const created = await api().send<{ id: string }>('POST', '/products', { body: product }, { idempotencyKey: key });
    const replayed = await api().send<{ id: string }>('POST', '/products', { body: product }, { idempotencyKey: key });
    expect(replayed.id).to.equal(created.id);
    const reused = await caught(
      api().send('POST', '/products', { body: { ...product, price: 6 } }, { idempotencyKey: key }),
    );
    expect(reused).to.be.instanceOf(ApiError).and.include({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((reused as ApiError).message)
      .to.be.a('string')
      .and.not.equal('');
  });

  describe('verifyWebhook on a real delivery', () => {
    let delivery: Received;
    before(async () => {
      const pinged = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${creds.id}/webhook/ping`);
      expect(pinged.body.data).to.include({ delivered: true });
      delivery = receiver.on('/sdk')[0]!;
    });
    const only = (prefix: string) =>
      Object.fromEntries(
        Object.entries(delivery.headers).filter(([k]) => k.startsWith(prefix) || k === 'content-type'),
      ) as Record<string, string>;
    const verify = (rawBody: string, headers: Record<string, string>, extra: { now?: number } = {}) =>
      verifyWebhook({ rawBody, headers, secret: creds.webhookSecret!, ...extra });
    const failureOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).to.be.instanceOf(WebhookVerificationError);
        return (err as WebhookVerificationError).reason;
      }
      throw new Error('expected verification to fail');
    };
    const sentAt = () => Number(delivery.headers['x-pos-timestamp']);

    it('accepts both signature schemes, as the standardwebhooks library does', () => {
      const standard = verify(delivery.body, only('webhook-'));
      expect(standard).to.include({ event: 'webhook.ping', scheme: 'standard-webhooks' });
      expect(standard.deliveryId).to.equal(delivery.headers['webhook-id']);
      expect(standard.payload).to.include({ resource: 'WEBHOOK', action: 'PING', branchId: setup.branchId });
      const pos = verify(delivery.body, only('x-pos-'));
      expect(pos).to.include({ event: 'webhook.ping', scheme: 'x-pos-signature' });
      expect(pos.deliveryId).to.equal(delivery.headers['x-pos-delivery-id']);
      expect(pos.payload).to.deep.equal(standard.payload);
      // All headers (what a receiver gets): the Standard Webhooks signature is the one checked.
      expect(verify(delivery.body, delivery.headers as Record<string, string>).scheme).to.equal('standard-webhooks');
      // A Buffer body and fetch Headers work too.
      const asHeaders = new Headers(only('x-pos-'));
      expect(
        verifyWebhook({ rawBody: Buffer.from(delivery.body), headers: asHeaders, secret: creds.webhookSecret! }),
      ).to.have.property('event', 'webhook.ping');
      expect(new Webhook(creds.webhookSecret!).verify(delivery.body, only('webhook-'))).to.deep.equal(
        JSON.parse(delivery.body),
      );
    });

    it('refuses tampered, expired, unsigned and wrongly keyed deliveries', () => {
      const tampered = delivery.body.replace('"PING"', '"PONG"');
      expect(tampered).to.not.equal(delivery.body);
      expect(failureOf(() => verify(tampered, only('webhook-')))).to.equal('INVALID_SIGNATURE');
      expect(failureOf(() => verify(tampered, only('x-pos-')))).to.equal('INVALID_SIGNATURE');
      const wrongKey = `whsec_${randomBytes(24).toString('base64')}`;
      for (const headers of [only('webhook-'), only('x-pos-')]) {
        expect(failureOf(() => verifyWebhook({ rawBody: delivery.body, headers, secret: wrongKey }))).to.equal(
          'INVALID_SIGNATURE',
        );
      }
      const late = { now: sentAt() + 301_000 };
      expect(failureOf(() => verify(delivery.body, only('webhook-'), late))).to.equal('TIMESTAMP_OUT_OF_TOLERANCE');
      expect(failureOf(() => verify(delivery.body, only('x-pos-'), late))).to.equal('TIMESTAMP_OUT_OF_TOLERANCE');
      expect(verify(delivery.body, only('webhook-'), { now: sentAt() + 299_000 }).event).to.equal('webhook.ping');
      expect(failureOf(() => verify(delivery.body, { 'content-type': 'application/json' }))).to.equal(
        'MISSING_SIGNATURE',
      );
      const { ['webhook-id']: _id, ...noId } = only('webhook-');
      expect(failureOf(() => verify(delivery.body, noId))).to.equal('MISSING_SIGNATURE');
      expect(failureOf(() => verify('not json', only('x-pos-')))).to.equal('MALFORMED_BODY');
    });
  });
});
