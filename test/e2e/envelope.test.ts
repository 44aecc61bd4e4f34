import { expect } from 'chai';
import { clientFor, createIntegration, createProduct, createTenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';

describe('e2e: the roadmap’s additive envelope fields', () => {
  let svc: TestService;

  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc.stop();
  });

  it('adds metadata { timestamp, requestId } to success, list and error bodies; requestId is x-request-id', async () => {
    const setup = await createTenantSetup(svc.baseUrl, 'Envelope');
    for (let i = 0; i < 3; i++)
      await createProduct(svc.baseUrl, setup.tenantId, { name: `P${i}`, sku: `SKU-${i}`, price: 1 });
    const client = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, setup, { role: 'INVENTORY' }));

    const before = Date.now();
    const list = await client.request<any>('GET', '/products?page=2&limit=2');
    expect(list.status).to.equal(200);
    expect(Object.keys(list.body)).to.deep.equal(['success', 'data', 'pagination', 'metadata']);
    expect(list.body.pagination).to.deep.equal({ total: 3, page: 2, limit: 2, totalCount: 3, totalPages: 2 });
    expect(list.body.metadata.requestId).to.equal(list.headers.get('x-request-id'));
    const at = Date.parse(list.body.metadata.timestamp);
    expect(list.body.metadata.timestamp).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(at).to.be.within(before - 1_000, Date.now() + 1_000);

    const one = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}`, {
      headers: { 'x-request-id': 'caller-chosen-id-1' },
    });
    expect(Object.keys(one.body)).to.deep.equal(['success', 'data', 'metadata']);
    expect(one.body.metadata.requestId).to.equal('caller-chosen-id-1');

    const empty = await client.request<any>('GET', '/products?search=nothing-matches');
    expect(empty.body.pagination).to.include({ totalCount: 0, totalPages: 0 });
  });

  it('repeats code, message and details in a nested error beside the v1 fields', async () => {
    const invalid = await call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { body: { name: '' } });
    expect(invalid.status).to.equal(400);
    expect(invalid.body).to.include({ success: false, status: 400, code: 'VALIDATION_ERROR' });
    expect(invalid.body.details).to.be.an('array').that.is.not.empty;
    expect(invalid.body.error).to.deep.equal({
      code: 'VALIDATION_ERROR',
      message: invalid.body.message,
      details: invalid.body.details,
    });
    expect(invalid.body.metadata.requestId).to.equal(invalid.headers.get('x-request-id'));

    const missing = await call(svc.baseUrl, 'GET', '/api/v1/nothing');
    expect(missing.body).to.deep.equal({
      success: false,
      status: 404,
      message: 'Route not found',
      code: 'NOT_FOUND',
      error: { code: 'NOT_FOUND', message: 'Route not found', details: [] },
      metadata: missing.body.metadata,
    });
    const unsigned = await call(svc.baseUrl, 'GET', '/api/v1/external/products', { token: null });
    expect(unsigned.status).to.equal(401);
    expect(unsigned.body.error.code).to.equal(unsigned.body.code);
    expect(unsigned.body.metadata).to.have.keys('timestamp', 'requestId');
  });
});
