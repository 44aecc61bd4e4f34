import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { ExternalApiClient, signBody, withQuery, type PreparedRequest } from '@inventory-billing/sdk';
import { EXTERNAL_API } from '../../src/adapters/http/routes/index.js';
import { WEBHOOK_EVENTS_RULE } from '../../src/domain/access/webhook-events.js';
import {
  clientFor,
  createIntegration,
  createProduct,
  createTenantSetup,
  type Credentials,
  type TenantSetup,
} from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { v1 } from '../support/envelope.js';

async function send(req: PreparedRequest) {
  return ExternalApiClient.send<any>(req);
}

describe('e2e: request authentication (spec 5, and each role limited to its routes)', () => {
  let svc: TestService;
  let setup: TenantSetup;
  let creds: Credentials;
  let client: ExternalApiClient;
  let productId: string;

  before(async () => {
    svc = await startTestService();
    setup = await createTenantSetup(svc.baseUrl);
    creds = await createIntegration(svc.baseUrl, setup);
    client = clientFor(svc.baseUrl, creds);
    productId = (await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 8.99 })).id;
  });
  after(async () => {
    await svc.stop();
  });

  function withHeaders(req: PreparedRequest, headers: Record<string, string | undefined>): PreparedRequest {
    const next = { ...req.headers };
    for (const [k, v] of Object.entries(headers)) {
      if (v === undefined) delete next[k];
      else next[k] = v;
    }
    return { ...req, headers: next };
  }

  it('accepts a signed request and answers in the envelope', async () => {
    const r = await client.request('GET', '/products');
    expect(r.status).to.equal(200);
    expect((r.body as { success: boolean }).success).to.equal(true);
  });

  it('answers each failed check with its status, code and message', async () => {
    const cases: [PreparedRequest, number, string, string][] = [
      [
        withHeaders(client.prepare('GET', '/products'), { 'x-client-id': 'ck_unknown' }),
        401,
        'INVALID_OR_INACTIVE_CLIENT_ID',
        'Invalid or inactive Client ID or API Key.',
      ],
      [
        withHeaders(client.prepare('GET', '/products'), { 'x-timestamp': undefined }),
        401,
        'TIMESTAMP_MISSING',
        'Request timestamp (x-timestamp) is missing.',
      ],
      [
        client.prepare('GET', '/products', undefined, { timestamp: Date.now() - 6 * 60_000 }),
        401,
        'TIMESTAMP_EXPIRED',
        'Request timestamp expired or invalid.',
      ],
      [
        client.prepare('GET', '/products', undefined, { timestamp: Date.now() + 6 * 60_000 }),
        401,
        'TIMESTAMP_EXPIRED',
        'Request timestamp expired or invalid.',
      ],
      [
        withHeaders(client.prepare('GET', '/products'), { 'x-nonce': undefined }),
        401,
        'NONCE_MISSING',
        'Request nonce (x-nonce) is missing.',
      ],
      [
        { ...client.prepare('PUT', `/products/${productId}`, { name: 'A' }), body: JSON.stringify({ name: 'A' }) },
        401,
        'INVALID_SIGNATURE',
        'Invalid request signature.',
      ],
    ];
    for (const [req, status, code, message] of cases) {
      const r = await send(req);
      expect(r.status, code).to.equal(status);
      // Hints (`details`) may come with the spec's answer; the answer itself is exactly the spec's.
      const { details: _hints, ...answer } = v1(r.body);
      expect(answer, code).to.deep.equal({ success: false, status, message, code });
    }
  });

  it('checks in spec order: unknown client beats a missing timestamp; a disallowed IP beats an old timestamp', async () => {
    const r1 = await send(
      withHeaders(client.prepare('GET', '/products'), { 'x-client-id': 'nobody', 'x-timestamp': undefined }),
    );
    expect(r1.body.code).to.equal('INVALID_OR_INACTIVE_CLIENT_ID');

    const fenced = await createIntegration(svc.baseUrl, setup, { allowedIps: '10.0.0.1, 192.168.0.0/16' });
    const fencedClient = clientFor(svc.baseUrl, fenced);
    const r2 = await send(fencedClient.prepare('GET', '/products', undefined, { timestamp: Date.now() - 3_600_000 }));
    expect(r2.status).to.equal(403);
    expect(v1(r2.body)).to.deep.equal({
      success: false,
      status: 403,
      message: 'Access denied from IP address: 127.0.0.1',
      code: 'IP_NOT_ALLOWED',
    });

    const r3 = await send(
      withHeaders(client.prepare('GET', '/products', undefined, { timestamp: Date.now() - 3_600_000 }), {
        'x-nonce': undefined,
      }),
    );
    expect(r3.body.code).to.equal('TIMESTAMP_EXPIRED');

    const used = client.prepare('GET', '/products');
    expect((await send(used)).status).to.equal(200);
    const r4 = await send({
      ...client.prepare('PUT', `/products/${productId}`, { name: 'B' }, { nonce: used.headers['x-nonce'] }),
      body: '{"name":"B"}',
    });
    expect(r4.body.code).to.equal('NONCE_ALREADY_USED');
  });

  it('admits an allowed CIDR and, behind a trusted proxy, judges the forwarded address', async () => {
    const loopback = await createIntegration(svc.baseUrl, setup, { allowedIps: '127.0.0.0/8' });
    expect((await clientFor(svc.baseUrl, loopback).request('GET', '/products')).status).to.equal(200);

    const proxied = await startTestServiceBehindProxy();
    try {
      const s = await createTenantSetup(proxied.baseUrl, 'Proxied');
      const c = await createIntegration(proxied.baseUrl, s, { allowedIps: '203.0.113.0/24' });
      const pc = clientFor(proxied.baseUrl, c);
      const ok = await send(withHeaders(pc.prepare('GET', '/products'), { 'x-forwarded-for': '203.0.113.9' }));
      expect(ok.status).to.equal(200);
      const no = await send(withHeaders(pc.prepare('GET', '/products'), { 'x-forwarded-for': '198.51.100.1' }));
      expect(no.body.message).to.equal('Access denied from IP address: 198.51.100.1');
    } finally {
      await proxied.stop();
    }
    // Without a trusted proxy, a forged X-Forwarded-For changes nothing.
    const fenced = await createIntegration(svc.baseUrl, setup, { allowedIps: '203.0.113.0/24' });
    const forged = await send(
      withHeaders(clientFor(svc.baseUrl, fenced).prepare('GET', '/products'), { 'x-forwarded-for': '203.0.113.9' }),
    );
    expect(forged.status).to.equal(403);
  });

  function startTestServiceBehindProxy(): Promise<TestService> {
    // A second server on the same database, trusting loopback as its proxy.
    return startTestService({ trustProxy: ['127.0.0.1'] }, { reset: false });
  }

  it('accepts exactly one of 1,000 replays of a captured signed request (50 in parallel), never a 5xx', async () => {
    const captured = client.prepare('PUT', `/products/${productId}`, { name: 'Replayed' });
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => send(captured)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses).to.have.length(1000);
    expect(
      statuses.filter((s) => s !== 200 && s !== 401),
      'other statuses',
    ).to.deep.equal([]);
    expect(statuses.filter((s) => s === 200)).to.have.length(1);
    expect(statuses.filter((s) => s === 401)).to.have.length(999);
  });

  it('answers a replayed read once: its query runs beside the nonce claim, and only the claim winner gets data', async () => {
    const captured = client.prepare('GET', `/products/${productId}`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(captured)));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).to.have.length(1);
    expect(ok[0]!.body.data.id).to.equal(productId);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status).to.equal(401);
      expect(r.body.code).to.equal('NONCE_ALREADY_USED');
      expect(r.body).to.not.have.property('data');
    }
    // A read of a product that does not exist, replayed: the replay is told it is one, not 404.
    const missing = client.prepare('GET', '/products/00000000-0000-4000-8000-000000000000');
    expect((await send(missing)).status).to.equal(404);
    expect((await send(missing)).body.code).to.equal('NONCE_ALREADY_USED');
  });

  it('holds a read over its rate limit: 429 with Retry-After and no data, though its query ran', async () => {
    const limited = await createIntegration(svc.baseUrl, setup);
    await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${limited.id}`, { body: { rateLimitPerMinute: 1 } });
    const api = clientFor(svc.baseUrl, limited);
    expect((await send(api.prepare('GET', `/products/${productId}`))).status).to.equal(200);
    const refused = await send(api.prepare('GET', `/products/${productId}`));
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('RATE_LIMITED');
    expect(refused.body).to.not.have.property('data');
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  it('accepts no mutated request and never answers 5xx (property-based)', async () => {
    const headerNames = ['x-client-id', 'x-nonce', 'x-timestamp'] as const;
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('header' as const),
        name: fc.constantFrom(...headerNames),
        value: fc.string({ maxLength: 40 }),
      }),
      fc.record({
        kind: fc.constant('signature' as const),
        at: fc.nat(63),
        char: fc.constantFrom(...'0123456789abcdefXYZ '),
      }),
      fc.record({
        kind: fc.constant('field' as const),
        key: fc.constantFrom('name', 'price', 'nonce', 'timestamp', 'extra'),
        value: fc.jsonValue(),
      }),
      fc.record({
        kind: fc.constant('drop' as const),
        key: fc.constantFrom('name', 'nonce', 'timestamp', 'signature'),
      }),
      fc.record({ kind: fc.constant('raw' as const), text: fc.string({ maxLength: 60 }) }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const req = client.prepare('PUT', `/products/${productId}`, { name: 'Prop', price: 9.5 });
        const body = JSON.parse(req.body!) as Record<string, unknown>;
        let changed = true;
        if (m.kind === 'header') {
          changed = req.headers[m.name] !== m.value;
          req.headers[m.name] = m.value;
        } else if (m.kind === 'signature') {
          const sig = body.signature as string;
          const next = sig.slice(0, m.at) + m.char + sig.slice(m.at + 1);
          changed = next !== sig;
          body.signature = next;
          req.body = JSON.stringify(body);
        } else if (m.kind === 'field') {
          changed = JSON.stringify(body[m.key]) !== JSON.stringify(m.value);
          body[m.key] = m.value;
          req.body = JSON.stringify(body);
        } else if (m.kind === 'drop') {
          delete body[m.key];
          req.body = JSON.stringify(body);
        } else {
          changed = m.text !== req.body;
          req.body = m.text;
        }
        fc.pre(changed);
        let r;
        try {
          r = await send(req);
        } catch {
          return; // a header the HTTP client itself refuses never reaches the server
        }
        expect(r.status, JSON.stringify(m)).to.be.within(400, 499);
      }),
      { numRuns: 150 },
    );
  });

  it('signs and verifies non-ASCII bodies', async () => {
    const r = await client.request('PUT', `/products/${productId}`, { name: 'Café ☕ 東京 — ünïcödé' });
    expect(r.status).to.equal(200);
    expect((r.body as any).data.name).to.equal('Café ☕ 東京 — ünïcödé');
  });

  it('requires x-signature on GET for an integration with requireSignedReads', async () => {
    const strict = await createIntegration(svc.baseUrl, setup, { requireSignedReads: true });
    expect((await clientFor(svc.baseUrl, strict).request('GET', withQuery('/products', { page: 1 }))).status).to.equal(
      401,
    );
    expect(
      (await clientFor(svc.baseUrl, strict, true).request('GET', withQuery('/products', { page: 1, search: 'mug' })))
        .status,
    ).to.equal(200);
  });

  it('refuses a deactivated integration at once, and accepts the old secret during a rotation overlap', async () => {
    const c = await createIntegration(svc.baseUrl, setup);
    const cc = clientFor(svc.baseUrl, c);
    expect((await cc.request('GET', '/products')).status).to.equal(200);
    await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${c.id}`, { body: { active: false } });
    expect((await cc.request('GET', '/products')).body).to.include({ code: 'INVALID_OR_INACTIVE_CLIENT_ID' });
    await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${c.id}`, { body: { active: true } });

    const rotated = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${c.id}/rotate-secret`, {
      body: { overlapSeconds: 60 },
    });
    expect(rotated.status).to.equal(200);
    expect(rotated.body.data.clientSecret).to.not.equal(c.clientSecret);
    expect((await cc.request('PUT', `/products/${productId}`, { price: 9 })).status).to.equal(200);
    const fresh = clientFor(svc.baseUrl, { ...c, clientSecret: rotated.body.data.clientSecret });
    expect((await fresh.request('PUT', `/products/${productId}`, { price: 9.5 })).status).to.equal(200);

    await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${c.id}/rotate-secret`, {
      body: { overlapSeconds: 0 },
    });
    expect((await fresh.request('PUT', `/products/${productId}`, { price: 10 })).body).to.include({
      code: 'INVALID_SIGNATURE',
    });
  });

  it('applies the role × route table to every external route', async () => {
    const roles = ['ADMIN', 'INVENTORY', 'BILLING', 'READ_ONLY'] as const;
    const clients = Object.fromEntries(
      await Promise.all(
        roles.map(
          async (role) =>
            [role, clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, setup, { role }))] as const,
        ),
      ),
    );
    const allowed = (role: string, method: string, area: string | readonly string[]) =>
      role === 'ADMIN' ||
      area.includes('any') ||
      (role === 'READ_ONLY' && method === 'GET') ||
      (role === 'INVENTORY' && area.includes('inventory')) ||
      (role === 'BILLING' && area.includes('billing'));
    for (const route of EXTERNAL_API.routes) {
      const [method, pattern, area] = [route.method.toUpperCase(), route.path, route.access];
      const key = `${method} ${pattern}`;
      const path = pattern.replace(':id', '00000000-0000-4000-8000-000000000000');
      for (const role of roles) {
        const r = await clients[role]!.request(method, path, method === 'GET' ? undefined : {});
        const label = `${role} ${key} → ${r.status}`;
        if (allowed(role, method, area)) expect(r.status, label).to.not.equal(403);
        else
          expect(v1(r.body), label).to.deep.equal({
            success: false,
            status: 403,
            message: "This integration's role does not allow this operation.",
            code: 'FORBIDDEN',
          });
        expect(r.status, label).to.be.below(500);
      }
    }
  });

  it('accepts a body signed by hand as the README says, the same signature as the SDK, keys in the order sent', async () => {
    // README "Signing a request": add nonce and timestamp, Base64 of the compact JSON, HMAC-SHA256 hex.
    const nonce = 'readme-nonce-1';
    const timestamp = Date.now();
    const fields = { name: 'By hand', price: 2.5 };
    const unsigned = { ...fields, nonce, timestamp };
    const b64 = Buffer.from(JSON.stringify(unsigned), 'utf8').toString('base64');
    const signature = createHmac('sha256', creds.clientSecret).update(b64).digest('hex');
    expect(signBody(fields, creds.clientSecret, nonce, timestamp)).to.deep.equal({ ...unsigned, signature });
    const put = (body: object, n: string) =>
      fetch(`${svc.baseUrl}/api/v1/external/products/${productId}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          'x-client-id': creds.clientId,
          'x-nonce': n,
          'x-timestamp': String(timestamp),
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } }));
    expect((await put({ ...unsigned, signature }, nonce)).status).to.equal(200);
    // The same members in another order are another signed text: refused.
    const nonce2 = 'readme-nonce-2';
    const b64b = Buffer.from(JSON.stringify({ ...fields, nonce: nonce2, timestamp }), 'utf8').toString('base64');
    const sig2 = createHmac('sha256', creds.clientSecret).update(b64b).digest('hex');
    const reordered = await put({ price: 2.5, name: 'By hand', nonce: nonce2, timestamp, signature: sig2 }, nonce2);
    expect([reordered.status, reordered.body.code]).to.deep.equal([401, 'INVALID_SIGNATURE']);
  });
});

describe('e2e: integrations in the back office', () => {
  let svc: TestService;
  let setup: Omit<TenantSetup, 'warehouseId'>;
  before(async () => {
    svc = await startTestService();
    const { warehouseId: _w, ...refs } = await createTenantSetup(svc.baseUrl);
    setup = refs;
  });
  after(async () => {
    await svc.stop();
  });

  it('shows secrets once, stores them encrypted, and never lists them', async () => {
    const created = await createIntegration(svc.baseUrl, setup, {
      webhookUrl: 'https://shop.example/hooks',
      webhookEvents: 'billing.invoice.created',
    });
    expect(created.clientSecret).to.match(/^cs_[A-Za-z0-9_-]{43}$/);
    expect(created.webhookSecret).to.match(/^whsec_/);
    const row = await svc.database.knex('integrations').where({ id: created.id }).first();
    expect(JSON.stringify(row)).to.not.contain(created.clientSecret.slice(3));
    expect(JSON.stringify(row)).to.not.contain(created.webhookSecret!.slice(6));
    const list = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/integrations`);
    expect(list.status).to.equal(200);
    expect(JSON.stringify(list.body)).to.not.contain(created.clientSecret);
    expect(list.body.data[0]).to.include({
      webhookEvents: 'billing.invoice.created',
      webhookUrl: 'https://shop.example/hooks',
    });
  });

  it('gives no webhook secret without a webhook URL, and refuses a caller-chosen one', async () => {
    const plain = await createIntegration(svc.baseUrl, setup);
    expect(plain).to.not.have.property('webhookSecret');
    const chosen = await call(svc.baseUrl, 'POST', '/api/v1/admin/integrations', {
      body: { ...setup, role: 'ADMIN', clientName: 'x', webhookUrl: 'https://a.example', webhookSecret: 'mine' },
    });
    expect(chosen.status).to.equal(400);
    expect(chosen.body.message).to.equal('property webhookSecret should not exist');
  });

  it('validates roles, events, IP lists and references', async () => {
    const post = (body: object) =>
      call(svc.baseUrl, 'POST', '/api/v1/admin/integrations', {
        body: { ...setup, role: 'ADMIN', clientName: 'x', ...body },
      });
    expect((await post({ role: 'ROOT' })).body.message).to.equal(
      'role must be one of the following values: ADMIN, INVENTORY, BILLING, LOGISTICS, READ_ONLY',
    );
    expect((await post({ webhookEvents: 'nope' })).body.message).to.equal(WEBHOOK_EVENTS_RULE);
    expect((await post({ allowedIps: '10.0.0.0/99' })).body.message).to.contain('is not an IP address or CIDR block');
    const other = await createTenantSetup(svc.baseUrl, 'Other');
    const crossed = await post({ branchId: other.branchId });
    expect(crossed.status).to.equal(404);
    expect(crossed.body.message).to.equal('Branch not found');
  });

  it('issues a webhook secret once when a webhook URL is first set by PATCH', async () => {
    const c = await createIntegration(svc.baseUrl, setup);
    const first = await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${c.id}`, {
      body: { webhookUrl: 'https://x.example/h' },
    });
    expect(first.body.data.webhookSecret).to.match(/^whsec_/);
    const second = await call(svc.baseUrl, 'PATCH', `/api/v1/admin/integrations/${c.id}`, {
      body: { webhookUrl: 'https://y.example/h' },
    });
    expect(second.body.data).to.not.have.property('webhookSecret');
    const missing = await call(
      svc.baseUrl,
      'PATCH',
      `/api/v1/admin/integrations/00000000-0000-4000-8000-000000000000`,
      { body: { active: false } },
    );
    expect(missing.status).to.equal(404);
  });
});
