import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { withQuery, type ExternalApiClient } from '@inventory-billing/sdk';
import { TEST_DATABASE_URL } from '../support/database.js';
import {
  clientFor,
  createCustomer,
  createIntegration,
  createProduct,
  createTenantSetup,
  type Credentials,
  type TenantSetup,
} from '../support/mothers.js';
import { rawRequest } from '../support/raw-http.js';
import { rowCounts } from '../support/row-counts.js';
import { ADMIN_TOKEN, call, startTestService, type TestService } from '../support/service.js';

const DB = TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';

function expectEnvelope(r: { status: number; body: any }, status: number, code: string, message?: string | RegExp) {
  expect(r.status, JSON.stringify(r.body)).to.equal(status);
  expect(r.body).to.include({ success: false, status, code });
  expect(r.body.message).to.be.a('string');
  if (typeof message === 'string') expect(r.body.message).to.equal(message);
  else if (message) expect(r.body.message).to.match(message);
}

/**
 * Issue 19: each family of hostile request, exactly as it was seen answering 500 on a server
 * on PostgreSQL, now gets the envelope's 4xx and writes nothing.
 */
describe(`e2e: hostile input, one family at a time (${DB})`, () => {
  let svc: TestService;
  let setup: TenantSetup;
  let creds: Credentials;
  let client: ExternalApiClient;
  let productId: string;
  let customerId: string;
  let port: number;
  let before_: Record<string, number>;

  before(async () => {
    svc = await startTestService();
    port = Number(new URL(svc.baseUrl).port);
    setup = await createTenantSetup(svc.baseUrl);
    creds = await createIntegration(svc.baseUrl, setup);
    client = clientFor(svc.baseUrl, creds);
    productId = (await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 5 })).id;
    customerId = (await createCustomer(svc.baseUrl, setup.tenantId)).id;
  });
  after(async () => {
    await svc.stop();
  });
  beforeEach(async () => {
    before_ = await rowCounts(svc.database.knex);
  });
  /** Nothing but the nonces of accepted authentications may have been written. */
  async function expectNoWrite(options: { nonces?: number } = {}) {
    const now = await rowCounts(svc.database.knex);
    const { request_nonces: nonces, ...rest } = now;
    const { request_nonces: noncesBefore, ...restBefore } = before_;
    expect(rest).to.deep.equal(restBefore);
    expect(nonces! - noncesBefore!, 'nonces written').to.equal(options.nonces ?? nonces! - noncesBefore!);
  }

  describe('1. NUL in text reaches no query', () => {
    it('product name (PUT /products/:id)', async () => {
      const r = await client.request('PUT', `/products/${productId}`, { name: 'Mu\u0000g' });
      expectEnvelope(r, 400, 'VALIDATION_ERROR', 'name must not contain control characters');
      expect((r.body as any).details).to.deep.include({
        field: 'name',
        issue: 'name must not contain control characters',
      });
      await expectNoWrite();
      const stored = await svc.database.knex('products').where({ id: productId }).first('name');
      expect(stored.name).to.equal('Mug');
    });

    it('reason (void, adjustment, credit note) and a row field', async () => {
      const invoice = await client.request<any>('POST', '/billing/invoices', {
        customerId,
        paymentMethod: 'CASH',
        items: [{ productId, quantity: 1, unitPrice: 5 }],
      });
      expect(invoice.status).to.equal(201);
      before_ = await rowCounts(svc.database.knex);
      const voided = await client.request('PATCH', `/billing/invoices/${invoice.body.data.id}/void`, {
        reason: 'x\u0000',
      });
      expectEnvelope(voided, 400, 'VALIDATION_ERROR', 'reason must not contain control characters');
      const adjust = await client.request('POST', '/products/adjust', {
        warehouseId: setup.warehouseId,
        reason: 'count\u0000',
        items: [{ productId, quantity: 1, type: 'STOCK\u0000IN' }],
      });
      expectEnvelope(adjust, 400, 'VALIDATION_ERROR', 'reason must not contain control characters');
      expect((adjust.body as any).details).to.deep.include({
        field: 'items[0].type',
        issue: 'Row 1: Items type must not contain control characters',
      });
      const note = await client.request('POST', '/billing/credit-notes', {
        invoiceId: invoice.body.data.id,
        amount: 1,
        reason: '\u0000',
      });
      expectEnvelope(note, 400, 'VALIDATION_ERROR', 'reason must not contain control characters');
      await expectNoWrite({ nonces: 3 });
      const stored = await svc.database.knex('invoices').where({ id: invoice.body.data.id }).first('status');
      expect(stored.status).to.equal('DRAFT');
    });

    it('search query (GET /products?search=%00) and the back office', async () => {
      const r = await client.request('GET', withQuery('/products', { search: 'a\u0000' }));
      expectEnvelope(r, 400, 'VALIDATION_ERROR', 'search must not contain control characters');
      expect((r.body as any).details).to.deep.equal([
        { field: 'search', issue: 'search must not contain control characters' },
      ]);
      const admin = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { body: { name: 'T\u0000' } });
      expectEnvelope(admin, 400, 'VALIDATION_ERROR', 'name must not contain control characters');
      const customer = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${setup.tenantId}/customers`, {
        body: { name: 'Ann', phone: '123\u0000' },
      });
      expectEnvelope(customer, 400, 'VALIDATION_ERROR', 'phone must not contain control characters');
      await expectNoWrite({ nonces: 1 });
    });
  });

  describe("2. numbers beyond their column's range", () => {
    it('price: 1000000000000 and 1e21 (PUT /products/:id)', async () => {
      for (const price of [1_000_000_000_000, 1e21]) {
        const r = await client.request('PUT', `/products/${productId}`, { price });
        expectEnvelope(r, 400, 'VALIDATION_ERROR', 'price must not be greater than 999999999999.99');
      }
      await expectNoWrite({ nonces: 2 });
    });

    it('every numeric input of the external and back-office API', async () => {
      const huge = 1e21;
      const external = [
        client.request('POST', '/billing/invoices', {
          customerId,
          paymentMethod: 'CASH',
          items: [{ productId, quantity: 1, unitPrice: huge }],
        }),
        client.request('POST', '/billing/invoices', {
          customerId,
          paymentMethod: 'CASH',
          items: [{ productId, quantity: huge, unitPrice: 1 }],
        }),
        client.request('POST', '/billing/credit-notes', { invoiceId: productId, amount: huge, reason: 'r' }),
        client.request('POST', '/products/adjust', {
          warehouseId: setup.warehouseId,
          reason: 'r',
          items: [{ productId, quantity: huge, type: 'STOCK_IN' }],
        }),
      ];
      for (const r of await Promise.all(external))
        expectEnvelope(r, 400, 'VALIDATION_ERROR', /must not be greater than/);
      const products = `/api/v1/admin/tenants/${setup.tenantId}/products`;
      const admin = [
        await call(svc.baseUrl, 'POST', products, { body: { name: 'P', sku: 'P1', price: 1_000_000_000_000 } }),
        await call(svc.baseUrl, 'POST', products, { body: { name: 'P', sku: 'P2', price: 1, minStock: huge } }),
      ];
      expectEnvelope(admin[0]!, 400, 'VALIDATION_ERROR', 'price must not be greater than 999999999999.99');
      expectEnvelope(admin[1]!, 400, 'VALIDATION_ERROR', 'minStock must not be greater than 99999999999.999');
      await expectNoWrite({ nonces: 4 });
    });
  });

  describe('2b. dates PostgreSQL cannot store', () => {
    it('a fiscal year in year 0000', async () => {
      const r = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${setup.tenantId}/fiscal-years`, {
        body: { code: 'Y0', startsOn: '0000-01-01', endsOn: '0000-12-31' },
      });
      expectEnvelope(r, 400, 'VALIDATION_ERROR', 'startsOn must be a date in the form YYYY-MM-DD');
      await expectNoWrite({ nonces: 0 });
    });
  });

  describe('3. a page beyond range', () => {
    it('page=92233720368547758 on every list', async () => {
      for (const path of ['/products', '/products/adjustments', '/billing/invoices', '/billing/credit-notes']) {
        const r = await client.request('GET', withQuery(path, { page: '92233720368547758' }));
        expectEnvelope(r, 400, 'VALIDATION_ERROR', 'page must not be greater than 100000');
      }
      const admin = await call(
        svc.baseUrl,
        'GET',
        `/api/v1/admin/tenants/${setup.tenantId}/stock-adjustments?page=92233720368547758`,
      );
      expectEnvelope(admin, 400, 'VALIDATION_ERROR', 'page must not be greater than 100000');
      const last = await client.request('GET', withQuery('/products', { page: 100_000, limit: 100 }));
      expect(last.status).to.equal(200);
    });
  });

  describe('4. deep nesting', () => {
    it('5,000 levels with only a client id, a nonce and a timestamp: 400 before authentication walks it', async () => {
      const deep = `{"nonce":"n0nce-deep-01","timestamp":${Date.now()},"x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
      const r = await call(svc.baseUrl, 'POST', '/api/v1/external/billing/invoices', {
        rawBody: deep,
        token: null,
        headers: { 'x-client-id': creds.clientId, 'x-nonce': 'n0nce-deep-01', 'x-timestamp': String(Date.now()) },
      });
      expectEnvelope(r, 400, 'VALIDATION_ERROR', 'JSON body is nested too deeply (at most 16 levels)');
      const arrays = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', {
        rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      });
      expectEnvelope(arrays, 400, 'VALIDATION_ERROR', 'JSON body is nested too deeply (at most 16 levels)');
      await expectNoWrite({ nonces: 0 });
    });
  });

  describe('5. a broken Content-Encoding', () => {
    it('gzip, deflate and br that are not: 400 with no credentials at all', async () => {
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const body = '{"not":"compressed"}';
        const r = await rawRequest(
          port,
          [
            'POST /api/v1/external/billing/invoices HTTP/1.1',
            'Host: x',
            'Content-Type: application/json',
            `Content-Encoding: ${encoding}`,
            `Content-Length: ${body.length}`,
          ].join('\n'),
          body,
        );
        expectEnvelope(r, 400, 'VALIDATION_ERROR', 'Request body could not be decoded with its Content-Encoding');
      }
      const unknown = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', {
        rawBody: '{}',
        headers: { 'content-encoding': 'x-unknown' },
      });
      expect(unknown.status).to.equal(415);
      expect(unknown.body).to.include({ success: false, status: 415 });
      await expectNoWrite({ nonces: 0 });
    });

    it('a genuine gzip body is still read', async () => {
      const zipped = gzipSync(Buffer.from(JSON.stringify({ name: 'Zipped tenant' })));
      const r = await rawRequest(
        port,
        [
          'POST /api/v1/admin/tenants HTTP/1.1',
          'Host: x',
          `Authorization: Bearer ${ADMIN_TOKEN}`,
          'Content-Type: application/json',
          'Content-Encoding: gzip',
          `Content-Length: ${zipped.length}`,
        ].join('\n'),
        zipped,
      );
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
    });
  });

  describe('6. a malformed percent-escape in a path', () => {
    it('external (unsigned and signed) and back-office: 400, not a URIError', async () => {
      const path = '/billing/invoices/%E0%A4%A/void';
      const unsigned = await call(svc.baseUrl, 'PATCH', `/api/v1/external${path}`, { body: {}, token: null });
      expectEnvelope(unsigned, 400, 'VALIDATION_ERROR', 'Malformed percent-encoding in the request path');
      const signed = await client.request('PATCH', path, { reason: 'x' });
      expectEnvelope(signed, 400, 'VALIDATION_ERROR', 'Malformed percent-encoding in the request path');
      for (const [method, adminPath] of [
        ['PATCH', '/integrations/%E0%A4%A'],
        ['POST', '/invoices/%E0%A4%A/approve'],
        ['GET', '/tenants/%FF/stock-adjustments'],
      ] as const) {
        const r = await call(svc.baseUrl, method, `/api/v1/admin${adminPath}`, {
          body: method === 'GET' ? undefined : {},
        });
        expectEnvelope(r, 400, 'VALIDATION_ERROR', 'Malformed percent-encoding in the request path');
      }
      await expectNoWrite({ nonces: 0 });
    });
  });

  describe('the nonce is claimed only once the signature verifies', () => {
    it('a forged signature writes no nonce; the same nonce correctly signed then works', async () => {
      const prepared = client.prepare('POST', '/billing/credit-notes', {
        invoiceId: productId,
        amount: 1,
        reason: 'r',
      });
      const body = JSON.parse(prepared.body!);
      const forged = { ...prepared, body: JSON.stringify({ ...body, signature: '0'.repeat(64) }) };
      for (let i = 0; i < 5; i++) {
        const r = await call(svc.baseUrl, 'POST', new URL(prepared.url).pathname, {
          rawBody: forged.body,
          token: null,
          headers: prepared.headers,
        });
        expectEnvelope(r, 401, 'INVALID_SIGNATURE', 'Invalid request signature.');
      }
      await expectNoWrite({ nonces: 0 });
      const genuine = await call(svc.baseUrl, 'POST', new URL(prepared.url).pathname, {
        rawBody: prepared.body,
        token: null,
        headers: prepared.headers,
      });
      expect(genuine.status).to.equal(404);
      const replay = await call(svc.baseUrl, 'POST', new URL(prepared.url).pathname, {
        rawBody: forged.body,
        token: null,
        headers: prepared.headers,
      });
      expectEnvelope(replay, 401, 'NONCE_ALREADY_USED', 'Replay attack detected: Request nonce already used.');
    });
  });
});
