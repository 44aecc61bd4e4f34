import { expect } from 'chai';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { TOKENS } from '../../src/application/tokens.js';
import { malformedIdempotencyKey } from '../../src/domain/access/gateway.js';
import { resolve } from '../../src/infrastructure/modules/bind.js';
import { createBillingTenant, clientFor, createIntegration, type BillingTenant } from '../support/mothers.js';
import { rawRequest } from '../support/raw-http.js';
import { call, startTestService, type TestService } from '../support/service.js';

describe('e2e: gateway — Idempotency-Key, monthly tiers, failed-auth limit', () => {
  let svc: TestService;

  before(async () => {
    svc = await startTestService({ authFailureLimitPerMinute: 5 });
  });
  after(async () => {
    await svc?.stop();
  });

  const invoiceBody = (t: BillingTenant, price = 10) => ({
    customerId: t.customerId,
    paymentMethod: 'CARD',
    items: [{ productId: t.productIds[0], quantity: 1, unitPrice: price }],
  });
  const invoiceCount = async (tenantId: string) =>
    Number((await svc.database.knex('invoices').where({ tenant_id: tenantId }).count({ n: '*' }))[0]!.n);

  describe('Idempotency-Key', () => {
    let t: BillingTenant;
    let client: ExternalApiClient;
    before(async () => {
      t = await createBillingTenant(svc.baseUrl, 'Idempotent');
      client = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, t, { role: 'BILLING' }));
    });

    it('replays a re-signed retry: same status and body, Idempotent-Replayed: true, nothing written twice', async () => {
      const first = await client.request<any>('POST', '/billing/invoices', invoiceBody(t), {
        idempotencyKey: 'order-1001',
      });
      expect(first.status).to.equal(201);
      expect(first.headers.get('idempotent-replayed')).to.equal(null);
      const retry = await client.request<any>('POST', '/billing/invoices', invoiceBody(t), {
        idempotencyKey: 'order-1001',
      });
      expect(retry.status).to.equal(201);
      expect(retry.headers.get('idempotent-replayed')).to.equal('true');
      expect(retry.body).to.deep.equal(first.body);
      expect(await invoiceCount(t.tenantId)).to.equal(1);
      const row = await svc.database.knex('idempotency_keys').where({ key: 'order-1001' }).first();
      expect(row.status_code).to.equal(201);
      expect(row.expires_at.getTime() - row.created_at.getTime()).to.equal(24 * 3_600_000);
    });

    it('refuses the same key with other fields (422) and with another path (422)', async () => {
      await client.request('POST', '/billing/invoices', invoiceBody(t, 5), { idempotencyKey: 'order-2002' });
      const other = await client.request<any>('POST', '/billing/invoices', invoiceBody(t, 6), {
        idempotencyKey: 'order-2002',
      });
      expect(other.status).to.equal(422);
      expect(other.body).to.include({ code: 'IDEMPOTENCY_KEY_REUSED' });
      const path = await client.request<any>(
        'POST',
        '/billing/credit-notes',
        { x: 1 },
        { idempotencyKey: 'order-2002' },
      );
      expect(path.status).to.equal(422);
    });

    it('10 parallel requests with one key create exactly one invoice; the others replay or are told it is in use', async () => {
      const before = await invoiceCount(t.tenantId);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          client.request<any>('POST', '/billing/invoices', invoiceBody(t, 7), { idempotencyKey: 'parallel-key-1' }),
        ),
      );
      expect(await invoiceCount(t.tenantId)).to.equal(before + 1);
      const created = answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
      expect(created).to.have.length(1);
      for (const r of answers) {
        if (r === created[0]) continue;
        if (r.status === 409) expect(r.body.code).to.equal('IDEMPOTENCY_KEY_IN_USE');
        else expect(r.body).to.deep.equal(created[0]!.body);
      }
    });

    it('keeps a 4xx answer, not a 5xx; a malformed key is 400; GET ignores the header', async () => {
      const bad = await client.request<any>(
        'POST',
        '/billing/invoices',
        { customerId: 'x' },
        { idempotencyKey: 'bad-body-1' },
      );
      expect(bad.status).to.equal(400);
      const again = await client.request<any>(
        'POST',
        '/billing/invoices',
        { customerId: 'x' },
        { idempotencyKey: 'bad-body-1' },
      );
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      expect(again.body).to.deep.equal(bad.body);
      const malformed = await client.request<any>('POST', '/billing/invoices', invoiceBody(t), { idempotencyKey: 'ü' });
      expect(malformed.status).to.equal(400);
      expect((await client.request('GET', '/billing/invoices')).status).to.equal(200);
    });

    it('replays the first answer byte for byte', async () => {
      const bytesOf = async () => {
        const req = client.prepare('POST', '/billing/invoices', invoiceBody(t, 11), { idempotencyKey: 'bytes-key-1' });
        const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
        return {
          status: res.status,
          replayed: res.headers.get('idempotent-replayed'),
          bytes: Buffer.from(await res.arrayBuffer()),
        };
      };
      const first = await bytesOf();
      expect(first).to.include({ status: 201, replayed: null });
      const again = await bytesOf();
      expect(again).to.include({ status: 201, replayed: 'true' });
      expect(again.bytes.toString()).to.equal(first.bytes.toString());
      expect(again.bytes.equals(first.bytes)).to.equal(true);
    });

    it('answers an empty Idempotency-Key header (as sent on the wire) 400 in the envelope', async () => {
      const port = Number(new URL(svc.baseUrl).port);
      for (const line of ['Idempotency-Key:', 'Idempotency-Key:    ']) {
        const req = client.prepare('POST', '/billing/invoices', invoiceBody(t));
        const head = [
          'POST /api/v1/external/billing/invoices HTTP/1.1',
          'Host: 127.0.0.1',
          ...Object.entries(req.headers).map(([name, value]) => `${name}: ${value}`),
          line,
          `Content-Length: ${Buffer.byteLength(req.body!)}`,
        ].join('\n');
        const res = await rawRequest(port, head, req.body!);
        expect(res.status, JSON.stringify(res.body)).to.equal(400);
        expect(res.body).to.include({ success: false, code: 'VALIDATION_ERROR' });
        expect(res.body.details).to.deep.equal([
          { field: 'Idempotency-Key', issue: malformedIdempotencyKey().message },
        ]);
      }
    });

    it('a key survives a restart of the service', async () => {
      const first = await client.request<any>('POST', '/billing/invoices', invoiceBody(t, 9), {
        idempotencyKey: 'restart-key-1',
      });
      const secretsKey = svc.config.secretsKey;
      await svc.stop();
      svc = await startTestService({ authFailureLimitPerMinute: 5, secretsKey }, { reset: false });
      const again = clientFor(svc.baseUrl, (client as any).options);
      const retry = await again.request<any>('POST', '/billing/invoices', invoiceBody(t, 9), {
        idempotencyKey: 'restart-key-1',
      });
      expect(retry.status, JSON.stringify(retry.body)).to.equal(201);
      expect(retry.headers.get('idempotent-replayed')).to.equal('true');
      expect(retry.body).to.deep.equal(first.body);
    });
  });

  describe('monthly tiers', () => {
    it('BLOCK: the 1,001st call of a T1K month is 429 QUOTA_EXCEEDED; BILL lets it through and bills the overage', async () => {
      const t = await createBillingTenant(svc.baseUrl, 'Tiered');
      const creds = await createIntegration(svc.baseUrl, t, { role: 'BILLING' });
      const client = clientFor(svc.baseUrl, creds);
      const plan = await call(svc.baseUrl, 'PUT', `/api/v1/admin/tenants/${t.tenantId}/plan`, {
        body: { tier: 'T1K', overagePricePerCall: 0.0125, overagePolicy: 'BLOCK' },
      });
      expect(plan.status).to.equal(200);
      expect(plan.body.data).to.deep.equal({
        tenantId: t.tenantId,
        tier: 'T1K',
        included: 1000,
        overagePricePerCall: 0.0125,
        overagePolicy: 'BLOCK',
      });
      // 998 calls of this month already counted (in the database, as another process would have).
      const month = new Date().toISOString().slice(0, 7);
      await svc.database
        .knex('usage_counters')
        .insert({ tenant_id: t.tenantId, integration_id: creds.id, month, count: 998 });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await client.request<any>('GET', '/billing/invoices'));
      expect(answers.map((r) => r.status)).to.deep.equal([200, 200, 429]);
      expect(answers[2]!.body).to.include({ code: 'QUOTA_EXCEEDED', message: 'Monthly request quota exceeded' });
      expect(Number(answers[2]!.headers.get('retry-after'))).to.be.above(0);
      expect(answers[1]!.headers.get('ratelimit-policy')).to.match(/"month";q=1000;w=\d+$/);
      expect(answers[1]!.headers.get('ratelimit')).to.match(/"month";r=0;t=\d+$/);
      // The refused call is counted (it is not rate-limited) but a BLOCK plan charges nothing for it.
      const { until } = await import('../support/processes.js');
      const adminUsage = async () =>
        (await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${t.tenantId}/usage?month=${month}`)).body.data;
      await until(async () => (await adminUsage()).used >= 1001, 5_000, 'usage written');
      expect(await adminUsage()).to.include({ used: 1001, overageCalls: 1, overageCharge: 0, overagePolicy: 'BLOCK' });

      await call(svc.baseUrl, 'PUT', `/api/v1/admin/tenants/${t.tenantId}/plan`, {
        body: { tier: 'T1K', overagePricePerCall: 0.0125, overagePolicy: 'BILL' },
      });
      for (let i = 0; i < 3; i++) expect((await client.request('GET', '/billing/invoices')).status).to.equal(200);
      const usage = async () => (await client.request<any>('GET', '/usage')).body.data;
      // 998 + 3 (the refused one too) + 3 + the usage reads themselves, once written (at most a second later).
      await until(async () => (await usage()).used >= 1004, 5_000, 'usage written');
      const u = await usage();
      expect(u).to.include({ month, tier: 'T1K', included: 1000, overagePolicy: 'BILL' });
      expect(u.overageCalls).to.equal(u.used - 1000);
      expect(u.overageCharge).to.equal(Math.round(u.overageCalls * 1.25) / 100);
      expect(u.byIntegration).to.deep.equal([{ integrationId: creds.id, clientName: 'Test shop', used: u.used }]);

      const admin = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${t.tenantId}/usage?month=2020-01`);
      expect(admin.body.data).to.include({ month: '2020-01', used: 0, overageCalls: 0, overageCharge: 0 });
      expect(
        (await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${t.tenantId}/usage?month=2020-13`)).status,
      ).to.equal(400);
      const bad = await call(svc.baseUrl, 'PUT', `/api/v1/admin/tenants/${t.tenantId}/plan`, {
        body: { tier: 'T5K', overagePricePerCall: -1, overagePolicy: 'MAYBE' },
      });
      expect(bad.status).to.equal(400);
      const missing = await call(
        svc.baseUrl,
        'PUT',
        `/api/v1/admin/tenants/00000000-0000-4000-8000-000000000001/plan`,
        {
          body: { tier: 'T1K', overagePricePerCall: 0, overagePolicy: 'BILL' },
        },
      );
      expect(missing.status).to.equal(404);
    });

    it('counts months in UTC from the injected clock', async () => {
      const { monthOf, monthBounds } = await import('../../src/domain/access/gateway.js');
      expect(monthOf(new Date('2026-01-31T23:59:59.999Z'))).to.equal('2026-01');
      expect(monthOf(new Date('2026-02-01T00:00:00.000Z'))).to.equal('2026-02');
      // 1 February 00:30 in UTC+01:00 is still January in UTC.
      expect(monthOf(new Date('2026-02-01T00:30:00+01:00'))).to.equal('2026-01');
      expect(monthBounds('2026-12')).to.deep.equal({
        start: new Date('2026-12-01T00:00:00Z'),
        end: new Date('2027-01-01T00:00:00Z'),
      });
      const getUsage = resolve(svc.container, TOKENS.GetUsage);
      expect((getUsage as any).clock).to.equal(resolve(svc.container, TOKENS.Clock));
    });
  });

  describe('failed authentications per source address', () => {
    it('answers 429 RATE_LIMITED once the address exceeds its failures, before any credential is looked at', async () => {
      const t = await createBillingTenant(svc.baseUrl, 'Guessed');
      const creds = await createIntegration(svc.baseUrl, t, { role: 'BILLING' });
      const wrong = clientFor(svc.baseUrl, { ...creds, clientSecret: 'not-the-secret' });
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await wrong.request('POST', '/billing/invoices', {})).status);
      expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429, 429]);
      const right = await clientFor(svc.baseUrl, creds).request<any>('GET', '/billing/invoices');
      expect(right.status).to.equal(429);
      expect(right.body.code).to.equal('RATE_LIMITED');
      expect(Number(right.headers.get('retry-after'))).to.be.within(1, 60);
      await svc.database.knex('auth_failure_limits').delete();
    });
  });
});
