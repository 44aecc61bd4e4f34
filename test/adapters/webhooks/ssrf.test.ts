import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ResolvingWebhookTargetPolicy } from '../../../src/adapters/security/webhook-target-policy.js';
import { publicAddressesOnly } from '../../../src/adapters/webhooks/address-guard.js';
import { UndiciWebhookSender } from '../../../src/adapters/webhooks/undici-sender.js';
import { judgeAddress, PLATFORM_ENDPOINTS } from '../../../src/domain/webhooks/target-address.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { call, startTestService } from '../../support/service.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const message = {
  deliveryId: '5f1d3c1e-2b0a-4c7b-9b1e-3c1b2a0f9d11',
  eventName: 'webhook.ping',
  payload: '{"id":"x"}',
};

describe('webhook targets: SSRF rules', () => {
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await new WebhookReceiver().start();
  });
  after(async () => {
    await receiver.stop();
  });

  describe('the sender, with private targets not allowed', () => {
    const sender = new UndiciWebhookSender({ timeoutMs: 2_000, allowHttp: true, allowPrivate: false });
    after(() => sender.close());

    const targets = (port: number) => [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      `http://0x7f.0.0.1:${port}/hook`,
      `http://127.1:${port}/hook`,
      `http://0.0.0.0:${port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.1/hook',
      'http://100.64.0.1/hook',
      'http://[fc00::1]/hook',
      'http://[fd12:3456::1]/hook',
      'http://[fe80::1]/hook',
      'http://224.0.0.1/hook',
    ];

    it('refuses every private, loopback, link-local, unique-local, CGNAT, metadata or odd spelling before connecting', async () => {
      const outcomes = await Promise.all(
        targets(receiver.port).map(async (url) => ({
          url,
          outcome: await sender.send({ url, secret: SECRET }, message),
        })),
      );
      for (const { url, outcome } of outcomes) {
        expect(outcome.ok, url).to.equal(false);
        if (!outcome.ok) expect(outcome.error, url).to.match(/^Refused target: /);
        expect(outcome.durationMs, `${url} refused at once, not timed out`).to.be.below(1_000);
      }
      expect(receiver.received, 'no request reached the local receiver').to.have.length(0);
    });

    it('says why', async () => {
      const outcome = await sender.send({ url: `http://2130706433:${receiver.port}/x`, secret: SECRET }, message);
      expect(outcome).to.include({
        ok: false,
        statusCode: null,
        error: 'Refused target: 127.0.0.1 is a loopback address',
      });
      const metadata = await sender.send({ url: 'http://169.254.169.254/', secret: SECRET }, message);
      expect(metadata).to.include({ error: 'Refused target: 169.254.169.254 is a link-local address' });
    });

    it('is https only unless http is allowed', async () => {
      const strict = new UndiciWebhookSender({ timeoutMs: 2_000, allowHttp: false, allowPrivate: true });
      const outcome = await strict.send({ url: receiver.url('/hook'), secret: SECRET }, message);
      expect(outcome).to.include({ ok: false, error: 'Refused target: webhook URLs must be https' });
      await strict.close();
      expect(receiver.received).to.have.length(0);
    });

    it('never follows a redirect to loopback (a 3xx is a failure)', async () => {
      // A "public" redirector (::1, let through by this test's filter) pointing at the receiver on 127.0.0.1.
      const redirector: Server = createServer((_req, res) => {
        res.writeHead(302, { location: receiver.url('/redirected') });
        res.end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '::1', resolve));
      const port = (redirector.address() as AddressInfo).port;
      const guarded = new UndiciWebhookSender({
        timeoutMs: 2_000,
        allowHttp: true,
        allowPrivate: false,
        addressFilter: (address) => (address === '::1' ? null : publicAddressesOnly(address)),
      });
      const open = new UndiciWebhookSender({ timeoutMs: 2_000, allowHttp: true, allowPrivate: true });
      try {
        for (const s of [guarded, open]) {
          const outcome = await s.send({ url: `http://[::1]:${port}/start`, secret: SECRET }, message);
          expect(outcome).to.include({ ok: false, statusCode: 302, error: 'Redirect (HTTP 302) not followed' });
        }
        expect(receiver.received).to.have.length(0);
      } finally {
        await guarded.close();
        await open.close();
        redirector.closeAllConnections();
        await new Promise((resolve) => redirector.close(resolve));
      }
    });

    it('checks the address at connect time: a name accepted when set is refused when it resolves to loopback (DNS rebinding)', async () => {
      const url = `http://localhost:${receiver.port}/rebound`;
      // When the URL was set, "DNS" answered a public address...
      const policy = new ResolvingWebhookTargetPolicy({
        allowHttp: true,
        allowPrivate: false,
        resolve: async () => ['93.184.216.34'],
      });
      await policy.assertAllowed(url);
      // ...at connect time it resolves to 127.0.0.1, and the sender refuses.
      const outcome = await sender.send({ url, secret: SECRET }, message);
      expect(outcome.ok).to.equal(false);
      if (!outcome.ok)
        expect(outcome.error).to.equal('Refused target: localhost resolves to 127.0.0.1 is a loopback address');
      expect(receiver.received).to.have.length(0);
    });
  });

  describe('the sender, with private targets allowed (development, tests)', () => {
    it('times out, reads at most a few KiB of an endless response, and reports a 2xx as success', async () => {
      const endless: Server = createServer((req, res) => {
        if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(4096, 'x');
        const timer = setInterval(() => res.write(chunk), 5);
        res.on('close', () => clearInterval(timer));
      });
      await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
      const sender = new UndiciWebhookSender({ timeoutMs: 400, allowHttp: true, allowPrivate: true });
      try {
        const endlessOutcome = await sender.send({ url: `${base}/endless`, secret: SECRET }, message);
        expect(endlessOutcome).to.include({ ok: true, statusCode: 200 });
        expect(endlessOutcome.durationMs).to.be.below(400);
        const slow = await sender.send({ url: `${base}/slow`, secret: SECRET }, message);
        expect(slow).to.include({ ok: false, statusCode: null, error: 'Timeout: no response within 400 ms' });
        expect(slow.durationMs).to.be.within(350, 1_500);
        const refused = await sender.send({ url: 'http://127.0.0.1:1/closed', secret: SECRET }, message);
        expect(refused).to.include({ ok: false, error: 'Connection refused' });
      } finally {
        await sender.close();
        endless.closeAllConnections();
        await new Promise((resolve) => endless.close(resolve));
      }
    });
  });

  describe('the webhook URL check when a URL is set', () => {
    const policy = (resolve: (h: string) => Promise<string[]>, allowHttp = false) =>
      new ResolvingWebhookTargetPolicy({ allowHttp, allowPrivate: false, resolve });
    const publicDns = async () => ['93.184.216.34'];

    it('refuses private targets, whether written as an address or resolved from a name', async () => {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://2130706433/hook',
        'https://0177.0.0.1/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/hook',
        'https://10.1.2.3/hook',
        'https://[fd00::1]/hook',
      ]) {
        await expect(policy(publicDns).assertAllowed(url), url).to.be.rejectedWith(/must not point to a private/);
      }
      await expect(policy(async () => ['10.0.0.7']).assertAllowed('https://intranet.example/h')).to.be.rejectedWith(
        'webhookUrl must not point to a private, loopback or link-local address (10.0.0.7 is a private address); allowed in development with WEBHOOK_ALLOW_PRIVATE=true',
      );
      await expect(
        policy(async () => ['93.184.216.34', '127.0.0.1']).assertAllowed('https://mixed.example/h'),
      ).to.be.rejectedWith(/127\.0\.0\.1 is a loopback address/);
      await expect(
        policy(async () => {
          throw new Error('ENOTFOUND');
        }).assertAllowed('https://nowhere.example/h'),
      ).to.be.rejectedWith('webhookUrl host nowhere.example could not be resolved');
      await expect(policy(publicDns).assertAllowed('http://shop.example/h')).to.be.rejectedWith(
        'webhookUrl must be an https URL (http is allowed in development with WEBHOOK_ALLOW_HTTP=true)',
      );
      await policy(publicDns).assertAllowed('https://shop.example/h');
      await policy(publicDns, true).assertAllowed('http://shop.example/h');
    });

    it("refuses cloud platforms' metadata and DNS endpoints, the public ones included, in every spelling", async () => {
      const azure = /must not point to a private, loopback or link-local address \(168\.63\.129\.16 .*metadata or DNS/;
      for (const url of [
        'https://168.63.129.16/machine',
        'https://2822734096/machine',
        'https://[::ffff:168.63.129.16]/machine',
        'https://[64:ff9b::a83f:8110]/machine',
        'https://[2002:a83f:8110::1]/machine',
      ]) {
        await expect(policy(publicDns).assertAllowed(url), url).to.be.rejectedWith(azure);
      }
      await expect(policy(async () => ['168.63.129.16']).assertAllowed('https://wire.example/h')).to.be.rejectedWith(
        "(168.63.129.16 is a cloud platform's metadata or DNS endpoint)",
      );
      for (const url of [
        'https://100.100.100.200/latest/meta-data/',
        'https://192.0.0.192/opc/v1/instance/',
        'https://[fd00:ec2::254]/latest/meta-data/',
        'https://[fd20:ce::254]/computeMetadata/v1/',
        'https://169.254.170.2/v2/credentials',
      ]) {
        await expect(policy(publicDns).assertAllowed(url), url).to.be.rejectedWith(/must not point to a private/);
      }
      // Every listed endpoint is refused; its public neighbours are not.
      for (const { cidr } of PLATFORM_ENDPOINTS) {
        const address = cidr.split('/')[0]!;
        expect(judgeAddress(address)?.allowed, address).to.equal(false);
      }
      await policy(publicDns).assertAllowed('https://168.63.129.17/hook');
      await policy(async () => ['168.63.129.15']).assertAllowed('https://neighbour.example/h');
    });

    it('the sender refuses the public platform endpoint at connect time, whatever the name resolved to earlier', async () => {
      const sender = new UndiciWebhookSender({ timeoutMs: 2_000, allowHttp: true, allowPrivate: false });
      try {
        const outcome = await sender.send(
          { url: 'http://168.63.129.16/machine?comp=goalstate', secret: SECRET },
          message,
        );
        expect(outcome).to.include({
          ok: false,
          error: "Refused target: 168.63.129.16 is a cloud platform's metadata or DNS endpoint",
        });
        expect(outcome.durationMs, 'refused at once, not timed out').to.be.below(1_000);
      } finally {
        await sender.close();
      }
    });

    it('the admin API refuses them with WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP off', async () => {
      const svc = await startTestService({ webhookAllowPrivate: false, webhookAllowHttp: false });
      try {
        const setup = await createTenantSetup(svc.baseUrl);
        const body = {
          tenantId: setup.tenantId,
          branchId: setup.branchId,
          fiscalYearId: setup.fiscalYearId,
          role: 'ADMIN',
          clientName: 'Shop',
        };
        const created = await call(svc.baseUrl, 'POST', '/api/v1/admin/integrations', {
          body: { ...body, webhookUrl: 'https://127.0.0.1/hook' },
        });
        expect(created.status).to.equal(400);
        expect(created.body.message).to.equal(
          'webhookUrl must not point to a private, loopback or link-local address (127.0.0.1 is a loopback address); allowed in development with WEBHOOK_ALLOW_PRIVATE=true',
        );
        const http = await call(svc.baseUrl, 'POST', '/api/v1/admin/integrations', {
          body: { ...body, webhookUrl: 'http://93.184.216.34/hook' },
        });
        expect(http.body.message).to.equal(
          'webhookUrl must be an https URL (http is allowed in development with WEBHOOK_ALLOW_HTTP=true)',
        );
        const plain = await createIntegration(svc.baseUrl, setup, {});
        const patched = await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${plain.id}`, {
          body: { webhookUrl: 'https://169.254.169.254/latest' },
        });
        expect(patched.status).to.equal(400);
        expect(patched.body.message).to.contain('169.254.169.254 is a link-local address');
      } finally {
        await svc.stop();
      }
    });
  });
});
