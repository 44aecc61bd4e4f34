import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { standardWebhooksSignature, verifyWebhook, verifyWebhookSignature } from '@inventory-billing/sdk';
import { cliFor } from '../support/cli.js';
import { createIntegration, createTenantSetup, type Credentials, type TenantSetup } from '../support/mothers.js';
import { until } from '../support/processes.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent, type Received } from '../support/webhook-receiver.js';

const ok = (verify: () => unknown): boolean => {
  try {
    verify();
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether a receiver holding `secret` accepts a delivery, by each way a receiver may check it:
 * the Standard Webhooks reference library, `x-pos-signature` by hand (either header), and the
 * SDK's verifiers on each scheme's headers alone.
 */
function acceptance(req: Received, secret: string) {
  const headers = req.headers as Record<string, string>;
  const only = (prefix: string) => Object.fromEntries(Object.entries(headers).filter(([k]) => k.startsWith(prefix)));
  const payload = req.body.slice(req.body.indexOf('"payload":') + '"payload":'.length, -1);
  const byHand = createHmac('sha256', secret).update(payload).digest('hex');
  return {
    standardWebhooksLibrary: ok(() => new Webhook(secret).verify(req.body, only('webhook-'))),
    posByHand: [headers['x-pos-signature'], headers['x-pos-signature-previous']].includes(byHand),
    sdkStandardWebhooks: ok(() => verifyWebhook({ rawBody: req.body, headers: only('webhook-'), secret })),
    sdkPosSignature: ok(() => verifyWebhook({ rawBody: req.body, headers: only('x-pos-'), secret })),
    sdkSignatureOnly: verifyWebhookSignature(
      req.body,
      headers['x-pos-signature'],
      secret,
      headers['x-pos-signature-previous'],
    ),
  };
}

const everyWay = (value: boolean) => ({
  standardWebhooksLibrary: value,
  posByHand: value,
  sdkStandardWebhooks: value,
  sdkPosSignature: value,
  sdkSignatureOnly: value,
});

describe('webhook-secret rotation end to end (real receiver, worker in the service)', () => {
  let receiver: WebhookReceiver;
  let svc: TestService;
  let setup: TenantSetup;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    svc = await startTestService({}, { mode: 'all' });
    setup = await createTenantSetup(svc.baseUrl);
  });
  after(async () => {
    await svc.stop();
    await receiver.stop();
  });

  const rotate = (id: string, body?: unknown) =>
    call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${id}/webhook/rotate-secret`, { body });
  const deliverOne = async (path: string): Promise<Received> => {
    const before = receiver.on(path).length;
    await emitEvents(svc.database.knex, [invoiceEvent(setup.tenantId, setup.branchId)]);
    await receiver.waitFor(() => receiver.on(path).length === before + 1, 10_000, `a delivery to ${path}`);
    return receiver.on(path)[before]!;
  };

  it('signs with both secrets during the overlap, so old and new receivers both accept; then the new alone', async () => {
    const creds: Credentials = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/rotated') });
    const oldSecret = creds.webhookSecret!;
    const rotated = await rotate(creds.id, { overlapSeconds: 5 });
    expect(rotated.status).to.equal(200);
    const newSecret: string = rotated.body.data.webhookSecret;
    expect(newSecret)
      .to.match(/^whsec_/)
      .and.not.equal(oldSecret);
    const expiresAt = new Date(rotated.body.data.previousSecretExpiresAt).getTime();
    expect(expiresAt).to.be.closeTo(Date.now() + 5_000, 2_000);

    const during = await deliverOne('/rotated');
    expect(Date.now(), 'delivered within the overlap').to.be.below(expiresAt);
    const signatures = (during.headers['webhook-signature'] as string).split(' ');
    const id = during.headers['webhook-id'] as string;
    const seconds = during.headers['webhook-timestamp'] as string;
    expect(signatures).to.deep.equal([
      standardWebhooksSignature(newSecret, id, seconds, during.body),
      standardWebhooksSignature(oldSecret, id, seconds, during.body),
    ]);
    expect(acceptance(during, newSecret)).to.deep.equal(everyWay(true));
    expect(acceptance(during, oldSecret)).to.deep.equal(everyWay(true));
    expect(acceptance(during, 'whsec_dGhpcyBpcyBub3QgdGhlIHNlY3JldA==')).to.deep.equal(everyWay(false));

    // A ping is signed the same way.
    const ping = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${creds.id}/webhook/ping`);
    expect(ping.body.data.delivered).to.equal(true);
    const pinged = receiver.on('/rotated').find((r) => r.headers['x-pos-event'] === 'webhook.ping')!;
    expect(acceptance(pinged, oldSecret)).to.deep.equal(everyWay(true));

    await until(() => Date.now() > expiresAt, 10_000, 'the end of the overlap');
    const after = await deliverOne('/rotated');
    expect(after.headers['x-pos-signature-previous']).to.equal(undefined);
    expect((after.headers['webhook-signature'] as string).split(' ')).to.have.length(1);
    expect(acceptance(after, newSecret)).to.deep.equal(everyWay(true));
    expect(acceptance(after, oldSecret)).to.deep.equal(everyWay(false));
  });

  it('keeps both secrets encrypted at rest, and with overlapSeconds 0 stops the old one at once', async () => {
    const creds = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/at-once') });
    const first = await rotate(creds.id);
    expect(new Date(first.body.data.previousSecretExpiresAt).getTime()).to.be.closeTo(Date.now() + 86_400_000, 60_000);
    const row = await svc.database.knex('integrations').where({ id: creds.id }).first();
    expect(row.previous_webhook_secret_enc).to.be.a('string').and.not.contain(creds.webhookSecret!.slice(6));
    expect(row.webhook_secret_enc).to.not.contain(first.body.data.webhookSecret.slice(6));

    const second = await rotate(creds.id, { overlapSeconds: 0 });
    expect(second.body.data.previousSecretExpiresAt).to.equal(null);
    const delivered = await deliverOne('/at-once');
    expect(acceptance(delivered, second.body.data.webhookSecret)).to.deep.equal(everyWay(true));
    expect(acceptance(delivered, first.body.data.webhookSecret)).to.deep.equal(everyWay(false));
  });

  it('refuses an integration without a webhook URL (409), an unknown one (404) and a bad overlap (400)', async () => {
    const bare = await createIntegration(svc.baseUrl, setup);
    const noUrl = await rotate(bare.id);
    expect([noUrl.status, noUrl.body.code, noUrl.body.message]).to.deep.equal([
      409,
      'INVALID_STATE',
      'The integration has no webhook URL',
    ]);
    const unknown = await rotate('99999999-9999-4999-8999-999999999999');
    expect([unknown.status, unknown.body.code]).to.deep.equal([404, 'NOT_FOUND']);
    const withUrl = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/bad') });
    for (const overlapSeconds of [604_801, -1, 1.5, '60']) {
      const bad = await rotate(withUrl.id, { overlapSeconds });
      expect([bad.status, bad.body.code], String(overlapSeconds)).to.deep.equal([400, 'VALIDATION_ERROR']);
    }
    expect((await rotate(withUrl.id, { overlapSeconds: 604_800 })).status).to.equal(200);
  });

  it('is a command of the admin command-line tool, printing the new secret once', async () => {
    const run = cliFor(svc);
    const creds = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/cli') });
    const rotated = await run('webhook:rotate-secret', '--id', creds.id, '--overlap-seconds', '60', '--json');
    expect(rotated.code, rotated.err).to.equal(0);
    expect(rotated.json().webhookSecret).to.match(/^whsec_/);
    expect(new Date(rotated.json().previousSecretExpiresAt).getTime()).to.be.closeTo(Date.now() + 60_000, 10_000);
    const refused = await run('webhook:rotate-secret', '--id', creds.id, '--overlap-seconds', '604801');
    expect(refused.code).to.equal(2);
    expect(refused.err).to.contain('overlapSeconds');
    expect((await run('webhook:rotate-secret')).code).to.equal(2);
  });
});
