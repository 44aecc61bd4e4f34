import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { ExternalApiClient, type ApiResponse, type PreparedRequest } from '@inventory-billing/sdk';
import { createLogger } from '../../src/infrastructure/logger.js';
import {
  createIntegration,
  createProduct,
  createTenantSetup,
  type Credentials,
  type TenantSetup,
} from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';

const CHECK_1 = {
  status: 401,
  code: 'INVALID_OR_INACTIVE_CLIENT_ID',
  message: 'Invalid or inactive Client ID or API Key.',
};
const API_KEY_SHAPE = /^ak_[A-Za-z0-9_-]{32}$/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function clientWith(baseUrl: string, creds: Credentials, apiKey?: string): ExternalApiClient {
  return new ExternalApiClient({ baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret, apiKey });
}

function expectCheck1(r: ApiResponse<any>) {
  expect(r.status, JSON.stringify(r.body)).to.equal(CHECK_1.status);
  expect(r.body).to.include({ success: false, status: 401, code: CHECK_1.code, message: CHECK_1.message });
}

async function issueKey(baseUrl: string, integrationId: string): Promise<string> {
  const r = await call(baseUrl, 'POST', `/api/v1/admin/integrations/${integrationId}/api-key`);
  expect(r.status, JSON.stringify(r.body)).to.equal(201);
  expect(Object.keys(r.body.data)).to.deep.equal(['apiKey']);
  expect(r.body.data.apiKey).to.match(API_KEY_SHAPE);
  return r.body.data.apiKey as string;
}

describe('e2e: API key (check 1 of spec 5.2)', () => {
  let svc: TestService;
  let setup: TenantSetup;
  let creds: Credentials;
  let productId: string;
  /** Every line the service logged during these tests. */
  const logLines: string[] = [];
  /** Every key issued during these tests: none may show up where it should not. */
  const issued: string[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    svc = await startTestService({}, { logger: createLogger('trace', sink) });
    setup = await createTenantSetup(svc.baseUrl);
    creds = await createIntegration(svc.baseUrl, setup);
    productId = (await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 8.99 })).id;
  });
  after(async () => {
    await svc.stop();
  });

  async function integrationView(id: string) {
    const list = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/integrations`);
    expect(list.status).to.equal(200);
    return { view: list.body.data.find((i: { id: string }) => i.id === id), text: JSON.stringify(list.body) };
  }

  it('issues a key once, stores only its SHA-256, and from then on every request needs it', async () => {
    // Before any key: a request without one passes.
    expect((await clientWith(svc.baseUrl, creds).request('GET', '/products')).status).to.equal(200);
    expect((await integrationView(creds.id)).view.hasApiKey).to.equal(false);

    const apiKey = await issueKey(svc.baseUrl, creds.id);
    issued.push(apiKey);

    const row = await svc.database.knex('integrations').where({ id: creds.id }).first();
    expect(row.api_key_hash).to.equal(sha256(apiKey));
    expect(JSON.stringify(row)).to.not.contain(apiKey);

    // The reads show hasApiKey, never the key nor its hash.
    const { view, text } = await integrationView(creds.id);
    expect(view.hasApiKey).to.equal(true);
    expect(text).to.not.contain(apiKey);
    expect(text).to.not.contain(sha256(apiKey));
    const tenant = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}`);
    expect(tenant.body.data.integrations[0].hasApiKey).to.equal(true);
    expect(JSON.stringify(tenant.body)).to.not.contain(apiKey).and.not.contain(sha256(apiKey));

    // Use: GET and a signed POST with the key pass.
    const keyed = clientWith(svc.baseUrl, creds, apiKey);
    expect((await keyed.request('GET', '/products')).status).to.equal(200);
    const updated = await keyed.request('PUT', `/products/${productId}`, { name: 'Keyed mug' });
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    expect(JSON.stringify(updated.body)).to.not.contain(apiKey);

    // Missing, empty or wrong key: check 1's answer.
    expectCheck1(await clientWith(svc.baseUrl, creds).request('GET', '/products'));
    expectCheck1(await clientWith(svc.baseUrl, creds, '').request('GET', '/products'));
    expectCheck1(await clientWith(svc.baseUrl, creds, `${apiKey.slice(0, -1)}x`).request('GET', '/products'));
    expectCheck1(await clientWith(svc.baseUrl, creds, `${apiKey}x`).request('GET', '/products'));
    expectCheck1(
      await clientWith(svc.baseUrl, creds, 'ak_short').request('PUT', `/products/${productId}`, { name: 'x' }),
    );
  });

  it('fails a missing or wrong key at check 1, before every other check', async () => {
    const apiKey = await issueKey(svc.baseUrl, creds.id);
    issued.push(apiKey);
    const fenced = await createIntegration(svc.baseUrl, setup, { allowedIps: '203.0.113.0/24' });
    const fencedKey = await issueKey(svc.baseUrl, fenced.id);
    issued.push(fencedKey);
    const strip = (req: PreparedRequest, ...names: string[]): PreparedRequest => {
      const headers = { ...req.headers };
      for (const n of names) delete headers[n];
      return { ...req, headers };
    };
    const wrong = clientWith(svc.baseUrl, creds, 'ak_00000000000000000000000000000000');
    // Each request would fail a later check (timestamp, nonce, signature; the IP allow-list);
    // with a wrong or missing key the answer is check 1's.
    const later: PreparedRequest[] = [
      strip(wrong.prepare('GET', '/products'), 'x-timestamp'),
      strip(wrong.prepare('GET', '/products'), 'x-nonce'),
      wrong.prepare('GET', '/products', undefined, { timestamp: Date.now() - 10 * 60_000 }),
      { ...wrong.prepare('PUT', `/products/${productId}`, { name: 'x' }), body: '{"name":"x","signature":"00"}' },
      clientWith(svc.baseUrl, fenced).prepare('GET', '/products'),
      clientWith(svc.baseUrl, fenced, apiKey).prepare('GET', '/products'),
    ];
    for (const req of later) expectCheck1(await ExternalApiClient.send<any>(req));
    // With the right key, the later check answers.
    const timestampless = strip(clientWith(svc.baseUrl, creds, apiKey).prepare('GET', '/products'), 'x-timestamp');
    expect((await ExternalApiClient.send<any>(timestampless)).body.code).to.equal('TIMESTAMP_MISSING');
    const outside = await clientWith(svc.baseUrl, fenced, fencedKey).request('GET', '/products');
    expect((outside.body as { code: string }).code).to.equal('IP_NOT_ALLOWED');
  });

  it('replaces a key: the old one is refused at once, the new one accepted', async () => {
    const oldKey = await issueKey(svc.baseUrl, creds.id);
    issued.push(oldKey);
    expect((await clientWith(svc.baseUrl, creds, oldKey).request('GET', '/products')).status).to.equal(200);
    const newKey = await issueKey(svc.baseUrl, creds.id);
    issued.push(newKey);
    expect(newKey).to.not.equal(oldKey);
    expectCheck1(await clientWith(svc.baseUrl, creds, oldKey).request('GET', '/products'));
    expect((await clientWith(svc.baseUrl, creds, newKey).request('GET', '/products')).status).to.equal(200);
  });

  it('removes a key: requests work without one again', async () => {
    const apiKey = await issueKey(svc.baseUrl, creds.id);
    issued.push(apiKey);
    expectCheck1(await clientWith(svc.baseUrl, creds).request('GET', '/products'));
    const removed = await call(svc.baseUrl, 'DELETE', `/api/v1/admin/integrations/${creds.id}/api-key`);
    expect(removed.status).to.equal(200);
    expect(removed.body.data).to.include({ id: creds.id, hasApiKey: false });
    expect((await integrationView(creds.id)).view.hasApiKey).to.equal(false);
    const row = await svc.database.knex('integrations').where({ id: creds.id }).first();
    expect(row.api_key_hash).to.equal(null);
    expect((await clientWith(svc.baseUrl, creds).request('GET', '/products')).status).to.equal(200);
    // Without a key nothing changes: a stale header is ignored.
    expect((await clientWith(svc.baseUrl, creds, apiKey).request('GET', '/products')).status).to.equal(200);
    // Removing again changes nothing.
    const again = await call(svc.baseUrl, 'DELETE', `/api/v1/admin/integrations/${creds.id}/api-key`);
    expect(again.status).to.equal(200);
    expect(again.body.data.hasApiKey).to.equal(false);
  });

  it('answers an unknown or malformed integration id, a stray body field, and no admin token like the other admin routes', async () => {
    const unknown = '99999999-9999-4999-8999-999999999999';
    for (const method of ['POST', 'DELETE']) {
      const missing = await call(svc.baseUrl, method, `/api/v1/admin/integrations/${unknown}/api-key`);
      expect(missing.status).to.equal(404);
      expect(missing.body).to.include({ code: 'NOT_FOUND', message: 'Integration not found' });
      const malformed = await call(svc.baseUrl, method, '/api/v1/admin/integrations/nope/api-key');
      expect(malformed.status).to.equal(400);
      expect(malformed.body.message).to.equal('Invalid id parameter. Must be a valid UUID.');
      const anonymous = await call(svc.baseUrl, method, `/api/v1/admin/integrations/${creds.id}/api-key`, {
        token: null,
      });
      expect(anonymous.status).to.equal(401);
    }
    const stray = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${creds.id}/api-key`, {
      body: { apiKey: 'ak_chosen_by_the_caller_000000000' },
    });
    expect(stray.status).to.equal(400);
    expect(stray.body.code).to.equal('VALIDATION_ERROR');
    const row = await svc.database.knex('integrations').where({ id: creds.id }).first();
    expect(row.api_key_hash).to.equal(null);
  });

  it('never writes a key (nor its hash) into a log line', () => {
    expect(issued.length).to.be.greaterThan(5);
    // The capture works: the access lines of the requests above are there.
    expect(logLines.some((l) => l.includes('/api/v1/admin/integrations/:id/api-key'))).to.equal(true);
    expect(logLines.some((l) => l.includes('INVALID_OR_INACTIVE_CLIENT_ID'))).to.equal(true);
    const text = logLines.join('');
    for (const key of issued) {
      expect(text).to.not.contain(key);
      expect(text).to.not.contain(key.slice(3));
      expect(text).to.not.contain(sha256(key));
    }
  });
});

describe('e2e: API key replaced on one API process, seen by another within 5 s', () => {
  let a: TestService;
  let b: TestService;
  let creds: Credentials;

  before(async () => {
    a = await startTestService();
    // A second API process on the same database, with its own integration cache.
    b = await startTestService({ secretsKey: a.config.secretsKey }, { reset: false });
    const setup = await createTenantSetup(a.baseUrl);
    creds = await createIntegration(a.baseUrl, setup);
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('refuses the old key and accepts the new one on both processes, on the other within 5 s', async () => {
    const oldKey = await issueKey(a.baseUrl, creds.id);
    // B reads (and caches) the integration with the old key.
    expect((await clientWith(b.baseUrl, creds, oldKey).request('GET', '/products')).status).to.equal(200);

    const newKey = await issueKey(a.baseUrl, creds.id);
    const replacedAt = Date.now();
    // On the process that replaced it: at once.
    expectCheck1(await clientWith(a.baseUrl, creds, oldKey).request('GET', '/products'));
    expect((await clientWith(a.baseUrl, creds, newKey).request('GET', '/products')).status).to.equal(200);

    // On the other: poll until it agrees, with a deadline. Every request sent more than 5 s
    // after the replacement must already get the new answer.
    const deadline = replacedAt + 8_000;
    const late: string[] = [];
    for (;;) {
      const sentAt = Date.now();
      const [oldAnswer, newAnswer] = await Promise.all([
        clientWith(b.baseUrl, creds, oldKey).request('GET', '/products'),
        clientWith(b.baseUrl, creds, newKey).request('GET', '/products'),
      ]);
      const agrees = oldAnswer.status === 401 && newAnswer.status === 200;
      if (!agrees && sentAt - replacedAt > 5_000)
        late.push(`${sentAt - replacedAt} ms: ${oldAnswer.status}/${newAnswer.status}`);
      if (agrees) {
        expectCheck1(oldAnswer);
        break;
      }
      expect(Date.now(), `process B never agreed; late answers: ${late.join(', ')}`).to.be.below(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(late, 'answers from process B more than 5 s after the replacement').to.deep.equal([]);
  });
});
