import { expect } from 'chai';
import { createTenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { v1 } from '../support/envelope.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

describe('e2e: back-office setup API', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc.stop();
  });

  it('answers /health and /ready without authentication', async () => {
    expect(v1((await call(svc.baseUrl, 'GET', '/health', { token: null })).body)).to.deep.equal({
      success: true,
      data: { status: 'ok' },
    });
    expect((await call(svc.baseUrl, 'GET', '/ready', { token: null })).status).to.equal(200);
  });

  it('refuses the admin API without the bearer token, or with a wrong one', async () => {
    for (const token of [null, 'wrong-token-xxxxxxxxxxxxxx']) {
      const r = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { token, body: { name: 'A' } });
      expect(r.status).to.equal(401);
      expect(r.body).to.include({ success: false, status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('creates a tenant, branch, fiscal year, warehouse, product and customer', async () => {
    const s = await createTenantSetup(svc.baseUrl);
    const p = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${s.tenantId}/products`, {
      body: { name: 'Espresso beans', sku: 'ESP-1', price: 24.9, minStock: 5 },
    });
    expect(p.status).to.equal(201);
    expect(p.body.data).to.include({
      name: 'Espresso beans',
      slug: 'espresso-beans',
      sku: 'ESP-1',
      price: 24.9,
      minStock: 5,
    });
    const c = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${s.tenantId}/customers`, {
      body: { name: 'Ann', email: 'ann@example.com' },
    });
    expect(c.status).to.equal(201);
    expect(c.body.data).to.include({ name: 'Ann', email: 'ann@example.com', phone: null });
    const rows = await svc.database.knex('products').where({ tenant_id: s.tenantId });
    expect(rows).to.have.length(1);
    expect(rows[0].price).to.equal('24.90');
  });

  it('answers bad bodies with 400s in the envelope, listing every problem', async () => {
    const s = await createTenantSetup(svc.baseUrl, 'Bad bodies');
    const r = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${s.tenantId}/products`, {
      body: { name: '', price: -1, extra: true },
    });
    expect(r.status).to.equal(400);
    expect(r.body).to.include({ success: false, status: 400, code: 'VALIDATION_ERROR' });
    const fields = r.body.details.map((d: { field: string }) => d.field);
    expect(fields).to.include.members(['sku', 'name', 'price', 'extra']);
    expect(r.body.message).to.equal(r.body.details[0].issue);

    const fy = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${s.tenantId}/fiscal-years`, {
      body: { code: '2030', startsOn: '2030-12-31', endsOn: '2030-01-01' },
    });
    expect(fy.status).to.equal(400);
    expect(fy.body.message).to.equal('startsOn must be prior to endsOn');

    const bad = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/not-a-uuid/branches`, {
      body: { name: 'x', code: 'X' },
    });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.equal('Invalid tenantId parameter. Must be a valid UUID.');
  });

  it('answers malformed JSON, a wrong content type, an oversized body and an unknown route in the envelope', async () => {
    const malformed = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { rawBody: '{"name": ' });
    expect(malformed.status).to.equal(400);
    expect(malformed.body).to.include({ success: false, message: 'Malformed JSON body' });

    const text = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', {
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).to.equal(415);

    const big = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', {
      body: { name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(big.status).to.equal(413);
    expect(big.body).to.include({
      success: false,
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body too large',
    });

    const missing = await call(svc.baseUrl, 'GET', '/api/v1/nothing-here');
    expect(missing.status).to.equal(404);
    expect(v1(missing.body)).to.deep.equal({
      success: false,
      status: 404,
      message: 'Route not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers 404 for a missing tenant and branch, 409 for duplicates and overlaps', async () => {
    const s = await createTenantSetup(svc.baseUrl, 'Conflicts');
    const base = `/api/v1/admin/tenants/${s.tenantId}`;
    const noTenant = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${MISSING}/customers`, {
      body: { name: 'x' },
    });
    expect(noTenant.status).to.equal(404);
    expect(noTenant.body.message).to.equal('Tenant not found');
    const noBranch = await call(svc.baseUrl, 'POST', `${base}/warehouses`, { body: { branchId: MISSING, name: 'W' } });
    expect(noBranch.status).to.equal(404);
    expect(noBranch.body.message).to.equal('Branch not found');

    await call(svc.baseUrl, 'POST', `${base}/products`, { body: { name: 'A', sku: 'DUP', price: 1 } });
    const dup = await call(svc.baseUrl, 'POST', `${base}/products`, { body: { name: 'B', sku: 'DUP', price: 2 } });
    expect(dup.status).to.equal(409);
    expect(dup.body).to.include({ code: 'CONFLICT', message: 'Product with this SKU already exists' });

    const overlap = await call(svc.baseUrl, 'POST', `${base}/fiscal-years`, {
      body: { code: '2026b', startsOn: '2026-06-01', endsOn: '2027-05-31' },
    });
    expect(overlap.status).to.equal(409);
    expect(overlap.body.message).to.equal('Fiscal year overlaps an existing fiscal year');
  });

  it('lets exactly one of several parallel overlapping fiscal years in', async () => {
    const s = await createTenantSetup(svc.baseUrl, 'Parallel years');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${s.tenantId}/fiscal-years`, {
          body: { code: `P${i}`, startsOn: '2028-01-01', endsOn: '2028-12-31' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).to.have.length(1);
    expect(results.filter((r) => r.status === 409)).to.have.length(7);
  });

  it('echoes a safe x-request-id and replaces an unsafe one', async () => {
    const safe = await call(svc.baseUrl, 'GET', '/health', { token: null, headers: { 'x-request-id': 'abc-123' } });
    expect(safe.headers.get('x-request-id')).to.equal('abc-123');
    const unsafe = await call(svc.baseUrl, 'GET', '/health', { token: null, headers: { 'x-request-id': 'a b<c>' } });
    expect(unsafe.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });
});
