import { expect } from 'chai';
import { Writable } from 'node:stream';
import { ExternalApiClient, runSign, type PreparedRequest } from '@inventory-billing/sdk';
import { createLogger } from '../../src/infrastructure/logger.js';
import {
  clientFor,
  createIntegration,
  createProduct,
  createTenantSetup,
  type Credentials,
  type TenantSetup,
} from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { pagination } from '../support/envelope.js';

/** Prometheus text → { 'name{labels}': value } (comments skipped). */
function parseMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

function withHeaders(req: PreparedRequest, headers: Record<string, string>): PreparedRequest {
  return { ...req, headers: { ...req.headers, ...headers } };
}

describe('e2e: operators and integrators (405, bodies, hints, metrics, access log, tenant reads)', () => {
  let svc: TestService;
  let setup: TenantSetup;
  let creds: Credentials;
  let client: ExternalApiClient;
  const lines: Record<string, unknown>[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    svc = await startTestService({}, { logger: createLogger('info', sink) });
    setup = await createTenantSetup(svc.baseUrl, 'Operations Shop');
    creds = await createIntegration(svc.baseUrl, setup, { role: 'INVENTORY' });
    client = clientFor(svc.baseUrl, creds);
  });
  after(async () => {
    await svc.stop();
  });

  describe('405 METHOD_NOT_ALLOWED with Allow', () => {
    it('on the admin API, before the admin token is checked', async () => {
      const r = await call(svc.baseUrl, 'DELETE', '/api/v1/admin/tenants', { token: null });
      expect(r.status).to.equal(405);
      expect(r.body).to.include({ success: false, status: 405, code: 'METHOD_NOT_ALLOWED' });
      expect(r.headers.get('allow')).to.equal('GET, HEAD, POST');
      const patch = await call(svc.baseUrl, 'PUT', `/api/v1/admin/integrations/${creds.id}`, { token: null });
      expect(patch.status).to.equal(405);
      expect(patch.headers.get('allow')).to.equal('PATCH');
      const health = await call(svc.baseUrl, 'POST', '/health', { token: null });
      expect(health.status).to.equal(405);
      expect(health.headers.get('allow')).to.equal('GET, HEAD');
    });

    it('on the external API, after the authentication checks', async () => {
      const anonymous = await fetch(`${svc.baseUrl}/api/v1/external/products/stock`, { method: 'DELETE' });
      expect(anonymous.status).to.equal(401);
      const signed = await ExternalApiClient.send<any>(client.prepare('DELETE', '/products/stock'));
      expect(signed.status).to.equal(405);
      expect(signed.body.code).to.equal('METHOD_NOT_ALLOWED');
      expect(signed.headers.get('allow')).to.equal('GET, HEAD');
      const product = await ExternalApiClient.send<any>(
        client.prepare('DELETE', '/products/00000000-0000-4000-8000-000000000000'),
      );
      expect(product.status).to.equal(405);
      expect(product.headers.get('allow')).to.equal('GET, HEAD, PUT');
    });

    it('an unknown path is still 404', async () => {
      const r = await call(svc.baseUrl, 'GET', '/api/v1/admin/nothing-here');
      expect(r.status).to.equal(404);
      expect(r.body.message).to.equal('Route not found');
    });
  });

  it('a body that is valid JSON but not an object is a 400 saying so', async () => {
    for (const raw of ['null', '42', '"x"', '[]', '[{"name":"A"}]']) {
      const r = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { rawBody: raw });
      expect(r.status, raw).to.equal(400);
      expect(r.body, raw).to.include({ code: 'VALIDATION_ERROR', message: 'Request body must be a JSON object' });
      expect(r.body.details, raw).to.deep.equal([{ field: 'body', issue: 'Request body must be a JSON object' }]);
    }
    const broken = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { rawBody: '{"name":' });
    expect(broken.body.message).to.equal('Malformed JSON body');
    expect(await svc.database.knex('tenants').count<{ n: string }[]>({ n: '*' })).to.deep.equal([{ n: '1' }]);
  });

  it('authentication failures keep the spec answer and add hints', async () => {
    const seconds = String(Math.floor(Date.now() / 1000));
    const r1 = await ExternalApiClient.send<any>(
      withHeaders(client.prepare('GET', '/products'), { 'x-timestamp': seconds }),
    );
    expect(r1.status).to.equal(401);
    expect(r1.body).to.include({ code: 'TIMESTAMP_EXPIRED', message: 'Request timestamp expired or invalid.' });
    expect(r1.body.details).to.deep.equal([
      { field: 'x-timestamp', issue: 'looks like seconds; send milliseconds since the epoch' },
    ]);
    const r2 = await ExternalApiClient.send<any>(
      withHeaders(client.prepare('GET', '/products'), { 'x-nonce': 'abcd' }),
    );
    expect(r2.status).to.equal(401);
    expect(r2.body.code).to.equal('NONCE_MISSING');
    expect(r2.body.details).to.deep.equal([
      { field: 'x-nonce', issue: 'must be 8 to 128 characters of [A-Za-z0-9_-]; got 4 characters' },
    ]);
    const old = String(Date.now() - 3_600_000);
    const r3 = await ExternalApiClient.send<any>(
      withHeaders(client.prepare('GET', '/products'), { 'x-timestamp': old }),
    );
    expect(r3.body.details[0].issue).to.match(/^is 3600 s behind the server clock/);
  });

  describe('GET /metrics', () => {
    it('is behind the admin token and counts requests by route template, status and auth failures', async () => {
      expect((await fetch(`${svc.baseUrl}/metrics`)).status).to.equal(401);
      const scrape = async () => {
        const r = await fetch(`${svc.baseUrl}/metrics`, {
          headers: { authorization: `Bearer ${svc.config.adminToken}` },
        });
        expect(r.status).to.equal(200);
        expect(r.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
        return parseMetrics(await r.text());
      };
      const product = await createProduct(svc.baseUrl, setup.tenantId, { name: 'Cup', sku: 'CUP', price: 3 });
      const route = '/api/v1/external/products/:id';
      const key = `http_request_duration_seconds_count{method="PUT",route="${route}",status="200"}`;
      const authKey = 'auth_failures_total{code="INVALID_OR_INACTIVE_CLIENT_ID"}';
      const before = await scrape();
      for (let i = 0; i < 3; i++)
        expect((await client.request('PUT', `/products/${product.id}`, { price: 4 + i })).status).to.equal(200);
      await fetch(`${svc.baseUrl}/api/v1/external/products`, { headers: { 'x-client-id': 'ck_nobody' } });
      const after = await scrape();
      expect((after.get(key) ?? 0) - (before.get(key) ?? 0)).to.equal(3);
      expect((after.get(authKey) ?? 0) - (before.get(authKey) ?? 0)).to.equal(1);
      expect([...after.keys()].some((k) => k.includes(product.id))).to.equal(false);
      expect(after.has('process_cpu_user_seconds_total')).to.equal(true);
      expect(after.get('webhook_queue_depth{status="PENDING"}')).to.equal(0);
      expect(after.has('webhook_delivery_attempts_total') || after.has('webhook_dead_letters_total')).to.equal(true);
    });
  });

  it('writes one access line per request with route, status, duration, client and tenant, and the error code', async () => {
    const r = await ExternalApiClient.send<any>(
      withHeaders(client.prepare('GET', '/products?limit=1'), { 'x-request-id': 'req-ops-1' }),
    );
    expect(r.status).to.equal(200);
    await ExternalApiClient.send<any>(
      withHeaders(client.prepare('GET', '/products'), { 'x-request-id': 'req-ops-2', 'x-nonce': 'abcd' }),
    );
    const ok = lines.filter((l) => l.requestId === 'req-ops-1');
    expect(ok).to.have.length(1);
    expect(ok[0]).to.include({
      msg: 'request completed',
      method: 'GET',
      route: '/api/v1/external/products',
      status: 200,
      clientId: creds.clientId,
      tenantId: setup.tenantId,
      integrationId: creds.id,
    });
    expect(ok[0]!.durationMs).to.be.a('number');
    const failed = lines.filter((l) => l.requestId === 'req-ops-2');
    expect(failed).to.have.length(1);
    expect(failed[0]).to.include({ status: 401, errorCode: 'NONCE_MISSING', level: 40 });
    expect(JSON.stringify(lines)).to.not.contain(creds.clientSecret);
  });

  it('the sign command prepares a request the service accepts', async () => {
    const product = await createProduct(svc.baseUrl, setup.tenantId, { name: 'Lid', sku: 'LID', price: 1 });
    let out = '';
    const env = { CLIENT_ID: creds.clientId, CLIENT_SECRET: creds.clientSecret, BASE_URL: svc.baseUrl };
    const args = ['--json', 'PUT', `/api/v1/external/products/${product.id}`, '{"price":2.5}'];
    expect(runSign(args, env, (t) => (out += t))).to.equal(0);
    const r = await ExternalApiClient.send<any>(JSON.parse(out) as PreparedRequest);
    expect(r.status).to.equal(200);
    expect(r.body.data.price).to.equal(2.5);
    let curl = '';
    expect(runSign(['GET', '/products'], env, (t) => (curl += t))).to.equal(0);
    expect(curl).to.match(/^curl -sS -X GET '.*\/api\/v1\/external\/products' -H 'x-client-id: ck_/);
    expect(runSign(['GET', '/products'], {}, () => undefined)).to.equal(2);
  });

  describe('back-office tenant reads', () => {
    it('lists tenants paginated, searched by name case-insensitively', async () => {
      await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { body: { name: 'Alpha Coffee' } });
      await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { body: { name: 'beta coffee' } });
      await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { body: { name: 'Gamma 100%' } });
      const all = await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants?limit=2&page=2');
      expect(all.status).to.equal(200);
      expect(all.body.pagination).to.deep.equal(pagination(4, 2, 2));
      expect(all.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['Gamma 100%', 'Operations Shop']);
      const coffee = await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants?search=COFFEE');
      expect(coffee.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['Alpha Coffee', 'beta coffee']);
      const percent = await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants?search=%25');
      expect(percent.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['Gamma 100%']);
      const bad = await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants?limit=101');
      expect(bad.status).to.equal(400);
      expect((await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants', { token: null })).status).to.equal(401);
    });

    it('shows one tenant with its branches, fiscal years, warehouses and integrations, never a secret', async () => {
      const r = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}`);
      expect(r.status).to.equal(200);
      const d = r.body.data;
      expect(d).to.include({ id: setup.tenantId, name: 'Operations Shop' });
      expect(d.branches.map((b: { id: string }) => b.id)).to.deep.equal([setup.branchId]);
      expect(d.fiscalYears[0]).to.include({ id: setup.fiscalYearId, code: '2026', startsOn: '2026-01-01' });
      expect(d.warehouses[0]).to.include({ id: setup.warehouseId, branchId: setup.branchId });
      expect(d.integrations[0]).to.include({ id: creds.id, clientId: creds.clientId, role: 'INVENTORY' });
      const text = JSON.stringify(r.body);
      expect(text).to.not.contain(creds.clientSecret);
      expect(text).to.not.match(/secret/i);

      const missing = await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants/00000000-0000-4000-8000-000000000000');
      expect(missing.status).to.equal(404);
      expect(missing.body.message).to.equal('Tenant not found');
      const bad = await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants/not-a-uuid');
      expect(bad.status).to.equal(400);
      expect(bad.body.message).to.equal('Invalid tenantId parameter. Must be a valid UUID.');
    });
  });
});
