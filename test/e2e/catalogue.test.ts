import { expect } from 'chai';
import { withQuery, type ExternalApiClient } from '@inventory-billing/sdk';
import { clientFor, createIntegration, createProduct, createTenantSetup } from '../support/mothers.js';
import { startTestService, type TestService } from '../support/service.js';
import { v1, pagination } from '../support/envelope.js';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe('e2e: catalogue (GET /products, PUT /products/:id)', () => {
  let svc: TestService;
  let a: ExternalApiClient;
  let b: ExternalApiClient;
  let productsOfA: { id: string; name: string; sku: string }[];
  let productOfB: { id: string };

  before(async () => {
    svc = await startTestService();
    const tenantA = await createTenantSetup(svc.baseUrl, 'A');
    const tenantB = await createTenantSetup(svc.baseUrl, 'B');
    a = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, tenantA, { role: 'INVENTORY' }));
    b = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, tenantB, { role: 'INVENTORY' }));
    productsOfA = [];
    for (const [name, sku] of [
      ['Espresso beans', 'COF-ESP'],
      ['Decaf beans', 'COF-DEC'],
      ['Ceramic mug', 'MUG-01'],
      ['Filter 100% paper', 'ACC_FLT'],
      ['Zebra mug', 'MUG-02'],
    ]) {
      productsOfA.push(await createProduct(svc.baseUrl, tenantA.tenantId, { name: name!, sku: sku!, price: 10 }));
    }
    productOfB = await createProduct(svc.baseUrl, tenantB.tenantId, {
      name: 'Espresso beans',
      sku: 'COF-ESP',
      price: 11,
    });
  });
  after(async () => {
    await svc.stop();
  });

  it('lists the tenant’s products by name, paginated, with the spec fields', async () => {
    const r = await a.request('GET', withQuery('/products', { page: 1, limit: 2 }));
    expect(r.status).to.equal(200);
    const body = r.body as any;
    expect(body.pagination).to.deep.equal(pagination(5, 1, 2));
    expect(body.data.map((p: any) => p.name)).to.deep.equal(['Ceramic mug', 'Decaf beans']);
    expect(body.data[0]).to.include.keys('id', 'name', 'slug', 'price', 'sku', 'currentStock', 'minStock');
    const page3 = (await a.request('GET', withQuery('/products', { page: 3, limit: 2 }))).body as any;
    expect(page3.data.map((p: any) => p.name)).to.deep.equal(['Zebra mug']);
    const defaults = (await a.request('GET', '/products')).body as any;
    expect(defaults.pagination).to.deep.equal(pagination(5, 1, 10));
  });

  it('searches name or SKU, case-insensitively, with % and _ taken literally', async () => {
    const names = async (search: string) =>
      ((await a.request('GET', withQuery('/products', { search }))).body as any).data.map((p: any) => p.name);
    expect(await names('BEANS')).to.deep.equal(['Decaf beans', 'Espresso beans']);
    expect(await names('mug-0')).to.deep.equal(['Ceramic mug', 'Zebra mug']);
    expect(await names('100%')).to.deep.equal(['Filter 100% paper']);
    expect(await names('f_b')).to.deep.equal([]); // as a wildcard it would match "Decaf beans"
    expect(await names('acc_')).to.deep.equal(['Filter 100% paper']);
  });

  it('refuses bad query parameters with clear messages', async () => {
    const message = async (query: Record<string, string | number>) => {
      const r = await a.request('GET', withQuery('/products', query));
      expect(r.status).to.equal(400);
      return (r.body as any).message;
    };
    expect(await message({ limit: 101 })).to.equal('limit must not be greater than 100');
    expect(await message({ page: 0 })).to.equal('page must not be less than 1');
    expect(await message({ limit: 'abc' })).to.equal('limit must be an integer number');
    expect(await message({ limit: 0 })).to.equal('limit must not be less than 1');
    expect((await a.request('GET', withQuery('/products', { unknown: 'ignored' }))).status).to.equal(200);
  });

  it('updates name and price, exactly', async () => {
    const id = productsOfA[0]!.id;
    const r = await a.request('PUT', `/products/${id}`, { name: 'Espresso beans 1kg', price: 24.9 });
    expect(r.status).to.equal(200);
    expect((r.body as any).data).to.include({ id, name: 'Espresso beans 1kg', price: 24.9 });
    const row = await svc.database.knex('products').where({ id }).first();
    expect(row.price).to.equal('24.90');
  });

  it('answers update errors with the spec messages', async () => {
    const id = productsOfA[1]!.id;
    for (const price of [0, -5, 'ten']) {
      const r = await a.request('PUT', `/products/${id}`, { price });
      expect(r.status).to.equal(400);
      expect((r.body as any).message).to.equal('price must be a positive number with at most 2 decimals');
    }
    const notFound = await a.request('PUT', `/products/${MISSING}`, { name: 'x' });
    expect(notFound.status).to.equal(404);
    expect((notFound.body as any).message).to.equal('Product not found');
    const badId = await a.request('PUT', '/products/not-a-uuid', { name: 'x' });
    expect(badId.status).to.equal(400);
    expect((badId.body as any).message).to.equal('Invalid id parameter. Must be a valid UUID.');
    const empty = await a.request('PUT', `/products/${id}`, {});
    expect((empty.body as any).message).to.equal('At least one of name or price must be given');
  });

  it("isolates tenants: B's ids behave exactly like missing ones for A", async () => {
    const missing = await a.request('PUT', `/products/${MISSING}`, { name: 'x' });
    const foreign = await a.request('PUT', `/products/${productOfB.id}`, { name: 'stolen' });
    expect(foreign.status).to.equal(404);
    expect(v1(foreign.body)).to.deep.equal(v1(missing.body));
    const rowOfB = await svc.database.knex('products').where({ id: productOfB.id }).first();
    expect(rowOfB.name).to.equal('Espresso beans');
    const listB = (await b.request('GET', '/products')).body as any;
    expect(listB.data.map((p: any) => p.id)).to.deep.equal([productOfB.id]);
  });
});
