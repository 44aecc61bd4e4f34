import { expect } from 'chai';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { seedStock, callerFor, startInventoryHarness } from '../support/inventory.js';
import { pagination, v1 } from '../support/envelope.js';
import type { ExternalHarness } from '../support/external-harness.js';
import {
  clientFor,
  createIntegration,
  createProduct,
  createTenantSetup,
  type TenantSetup,
} from '../support/mothers.js';
import { checkResponse } from '../support/openapi-check.js';
import { call, startTestService, type TestService } from '../support/service.js';

const ROLES = ['ADMIN', 'INVENTORY', 'BILLING', 'LOGISTICS', 'READ_ONLY'] as const;
type Role = (typeof ROLES)[number];

describe('e2e: the lookups an integrator needs (warehouses, an adjustment request with its items)', () => {
  let svc: TestService;
  let h: ExternalHarness;
  let a: TenantSetup;
  let b: TenantSetup;
  const clients = new Map<string, ExternalApiClient>();

  before(async () => {
    svc = await startTestService();
    h = await startInventoryHarness(svc);
    a = await createTenantSetup(svc.baseUrl, 'A');
    b = await createTenantSetup(svc.baseUrl, 'B');
    for (const role of ROLES) {
      clients.set(role, clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, a, { role })));
    }
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  /** A GET as an integration of tenant A with `role`, its answer checked against the document. */
  const get = async (role: Role, path: string) => {
    const r = await clients.get(role)!.request<any>('GET', path);
    checkResponse('GET', `/api/v1/external${path}`, r.status, r.body);
    return { status: r.status, body: v1(r.body) };
  };
  const warehouse = (s: TenantSetup, name: string) =>
    call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${s.tenantId}/warehouses`, {
      body: { branchId: s.branchId, name },
    }).then((r) => r.body.data as { id: string; name: string; branchId: string });

  it("lists the caller's tenant's warehouses to every role, by name then id, a page at a time", async () => {
    const made = [await warehouse(a, 'Zeta store'), await warehouse(a, 'Annex'), await warehouse(a, 'Back room')];
    await warehouse(b, 'Elsewhere');
    const expected = [...made, { id: a.warehouseId, name: 'Main', branchId: a.branchId }]
      .map((w) => ({ id: w.id, name: w.name, branchId: w.branchId }))
      .sort((x, y) => x.name.localeCompare(y.name));
    for (const role of ROLES) {
      const all = await get(role, '/warehouses?limit=100');
      expect(all.status, role).to.equal(200);
      expect(all.body.data, role).to.deep.equal(expected);
      expect(all.body.pagination).to.deep.equal(pagination(4, 1, 100));
    }
    const second = await get('LOGISTICS', '/warehouses?page=2&limit=3');
    expect(second.body.data).to.deep.equal(expected.slice(3));
    expect(second.body.pagination).to.deep.equal(pagination(4, 2, 3));
    const bad = await get('READ_ONLY', '/warehouses?limit=101');
    expect([bad.status, bad.body.code]).to.deep.equal([400, 'VALIDATION_ERROR']);
  });

  it('shows an adjustment request with each item naming its product, to the roles that may list requests', async () => {
    const mug = await createProduct(svc.baseUrl, a.tenantId, { name: 'Mug', sku: 'MUG-1', price: 5 });
    const tea = await createProduct(svc.baseUrl, a.tenantId, { name: 'Tea', sku: 'TEA-1', price: 3 });
    await seedStock(svc, h, callerFor(a), a.warehouseId, [{ productId: tea.id, quantity: 10 }]);
    const created = await h.call(callerFor(a), 'POST', '/products/adjust', {
      warehouseId: a.warehouseId,
      reason: 'Count',
      items: [
        { productId: tea.id, quantity: 2.5, type: 'STOCK_OUT' },
        { productId: mug.id, quantity: 4, type: 'STOCK_IN' },
      ],
    });
    expect(created.status).to.equal(201);
    const { items: _items, ...request } = created.body.data;
    for (const role of ['ADMIN', 'INVENTORY', 'READ_ONLY'] as const) {
      const r = await get(role, `/products/adjustments/${created.body.data.id}`);
      expect(r.status, role).to.equal(200);
      expect(r.body.data, role).to.deep.equal({
        ...request,
        items: [
          { productId: tea.id, productName: 'Tea', sku: 'TEA-1', quantity: 2.5, type: 'STOCK_OUT' },
          { productId: mug.id, productName: 'Mug', sku: 'MUG-1', quantity: 4, type: 'STOCK_IN' },
        ],
      });
    }
    for (const role of ['BILLING', 'LOGISTICS'] as const) {
      const r = await clients.get(role)!.request<any>('GET', `/products/adjustments/${created.body.data.id}`);
      expect([r.status, r.body.code], role).to.deep.equal([403, 'FORBIDDEN']);
    }
    // The name as it is now, after a rename.
    await h.call(callerFor(a), 'PUT', `/products/${mug.id}`, { name: 'Mug, large' });
    const renamed = await get('INVENTORY', `/products/adjustments/${created.body.data.id}`);
    expect(renamed.body.data.items[1].productName).to.equal('Mug, large');
  });

  it("answers 404 for another tenant's request and for an unknown id, 400 for a malformed one", async () => {
    const theirs = await createProduct(svc.baseUrl, b.tenantId, { name: 'Theirs', sku: 'B-1', price: 1 });
    const other = await h.call(callerFor(b), 'POST', '/products/adjust', {
      warehouseId: b.warehouseId,
      reason: 'Theirs',
      items: [{ productId: theirs.id, quantity: 1, type: 'STOCK_IN' }],
    });
    expect(other.status).to.equal(201);
    for (const id of [other.body.data.id, '99999999-9999-4999-8999-999999999999']) {
      const r = await get('ADMIN', `/products/adjustments/${id}`);
      expect([r.status, r.body.code, r.body.message]).to.deep.equal([
        404,
        'NOT_FOUND',
        'Stock adjustment request not found',
      ]);
    }
    const malformed = await get('ADMIN', '/products/adjustments/not-a-uuid');
    expect([malformed.status, malformed.body.code]).to.deep.equal([400, 'VALIDATION_ERROR']);
  });
});
