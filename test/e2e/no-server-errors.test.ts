import { expect } from 'chai';
import fc from 'fast-check';
import { withQuery, type ExternalApiClient } from '@inventory-billing/sdk';
import { clientFor, createIntegration, createProduct, createTenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';

/**
 * "Bad input gets a clear 4xx, never a 5xx": arbitrary, correctly signed bodies and arbitrary
 * query strings against every external endpoint, and arbitrary bodies against the admin API.
 */
describe('e2e: no client input yields a 5xx (property-based)', () => {
  let svc: TestService;
  let client: ExternalApiClient;
  let ids: string[];

  before(async () => {
    svc = await startTestService();
    const setup = await createTenantSetup(svc.baseUrl);
    client = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, setup));
    const p = await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 5 });
    ids = [p.id, setup.warehouseId, setup.tenantId, '00000000-0000-4000-8000-000000000000'];
  });
  after(async () => {
    await svc.stop();
  });

  /** Built after `before` has made the ids the generators draw from. */
  function arbitraries() {
    const uuidish = () => fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.string({ maxLength: 40 }));
    const scalar = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -1, 1e308, 0.001, 19.999, 1e21),
      fc.string({ maxLength: 30 }),
      fc.boolean(),
      fc.constant(null),
    );
    const item = fc.record(
      {
        productId: uuidish(),
        quantity: scalar,
        unitPrice: scalar,
        type: fc.oneof(fc.constantFrom('STOCK_IN', 'STOCK_OUT'), fc.string({ maxLength: 10 })),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        name: fc.oneof(fc.string({ maxLength: 300 }), scalar),
        price: scalar,
        warehouseId: uuidish(),
        customerId: uuidish(),
        invoiceId: uuidish(),
        paymentMethod: fc.oneof(fc.constantFrom('CASH', 'CARD', 'QR', 'CREDIT'), fc.string({ maxLength: 8 })),
        reason: fc.oneof(fc.string({ maxLength: 600 }), scalar),
        amount: scalar,
        items: fc.oneof(fc.array(item, { maxLength: 4 }), scalar, fc.dictionary(fc.string({ maxLength: 5 }), scalar)),
        extra: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    );
    return { uuidish, body };
  }

  const writes = [
    ['PUT', '/products/:id'],
    ['POST', '/products/adjust'],
    ['POST', '/billing/invoices'],
    ['PATCH', '/billing/invoices/:id/void'],
    ['POST', '/billing/credit-notes'],
    ['POST', '/billing/debit-notes'],
    ['POST', '/billing/invoices/:id/payments'],
    ['POST', '/billing/refunds'],
    ['POST', '/billing/customers'],
    ['POST', '/billing/notes'],
  ] as const;

  it('answers arbitrary signed bodies on every write endpoint with 2xx or 4xx', async () => {
    const { uuidish, body } = arbitraries();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), body, uuidish(), async ([method, pattern], b, id) => {
        const path = pattern.replace(':id', encodeURIComponent(String(id)));
        const r = await client.request(method, path, b);
        expect(r.status, `${method} ${path} ${JSON.stringify(b)} → ${JSON.stringify(r.body)}`).to.be.below(500);
        if (r.status >= 400) expect((r.body as { success: boolean }).success).to.equal(false);
      }),
      { numRuns: 250 },
    );
  });

  it('answers arbitrary query strings on every list endpoint with 2xx or 4xx', async () => {
    const lists = [
      '/products',
      '/products/stock',
      '/products/adjustments',
      '/billing/invoices',
      '/billing/credit-notes',
      '/billing/debit-notes',
      '/billing/customers',
    ];
    const param = fc.constantFrom('page', 'limit', 'search', 'status', 'fromDate', 'toDate', 'x');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.dictionary(param, fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String))),
        async (path, query) => {
          const r = await client.request('GET', withQuery(path, query));
          expect(r.status, `GET ${path} ${JSON.stringify(query)} → ${JSON.stringify(r.body)}`).to.be.below(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers arbitrary admin bodies with 2xx or 4xx', async () => {
    const tenantId = ids[2]!;
    const routes = [
      ['POST', '/tenants'],
      ['POST', `/tenants/${tenantId}/branches`],
      ['POST', `/tenants/${tenantId}/fiscal-years`],
      ['POST', `/tenants/${tenantId}/warehouses`],
      ['POST', `/tenants/${tenantId}/products`],
      ['POST', `/tenants/${tenantId}/customers`],
      ['POST', '/integrations'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.jsonValue({ maxDepth: 3 }), async ([method, path], b) => {
        const r = await call(svc.baseUrl, method, `/api/v1/admin${path}`, { body: b });
        expect(r.status, `${method} ${path} ${JSON.stringify(b)} → ${JSON.stringify(r.body)}`).to.be.below(500);
      }),
      { numRuns: 150 },
    );
  });
});
