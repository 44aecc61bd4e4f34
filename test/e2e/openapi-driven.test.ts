import { expect } from 'chai';
import fc from 'fast-check';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { buildOpenApiDocument } from '../../src/adapters/http/openapi/document.js';
import { OPENAPI_PATH } from '../../src/adapters/http/app.js';
import { TEST_DATABASE_URL } from '../support/database.js';
import {
  clientFor,
  createCustomer,
  createIntegration,
  createProduct,
  createTenantSetup,
  type TenantSetup,
} from '../support/mothers.js';
import { createStaff, signIn } from '../support/staff.js';
import { MAX_OVERAGE_PRICE_PER_CALL } from '../../src/domain/access/gateway.js';
import { checkResponse } from '../support/openapi-check.js';
import { rowCounts } from '../support/row-counts.js';
import { leavesOf, valueAt, valueOf, type IdPools } from '../support/schema-arbitraries.js';
import { call, startTestService, type TestService } from '../support/service.js';

/**
 * The OpenAPI document, read as a contract, drives the requests: for every operation with a
 * request body, bodies drawn from its published schema alone (test/support/schema-arbitraries.ts)
 * are never refused for a reason the document does not state (a 400 VALIDATION_ERROR), never
 * answer 5xx, and every documented numeric maximum is accepted and stored; a lone UTF-16
 * surrogate in any string field is refused with the field named. Ids are drawn from records
 * made for the purpose (and at random), so business outcomes (404, 409, 422) are expected and
 * fine. The table is generated from the document at load; the served document is the same one.
 */
const SERVER = TEST_DATABASE_URL !== null;
const DB = SERVER ? 'PostgreSQL server' : 'embedded PGlite';
const RUNS = SERVER ? 12 : 6;
const BUSINESS_OUTCOMES = [404, 409, 422];

/**
 * A refusal the document states: a business outcome, a 400 with another code, or a 400
 * VALIDATION_ERROR whose every problem is on a field the operation's published `x-rules` name
 * (rules across fields, against stored records or of a field's syntax, which its schema does not
 * express), worded as the rule when the rule is a refusal's own sentence.
 */
function acceptable(op: Operation, r: { status: number; body: any }): boolean {
  if (r.status < 300 || BUSINESS_OUTCOMES.includes(r.status)) return true;
  // Signing in with drawn credentials: the credentials' own refusal, or the documented throttle
  // once the drawings repeat an email.
  if (op.template === '/api/v1/admin/session' && (r.status === 401 || r.status === 429)) return true;
  if (r.status !== 400) return false;
  if (r.body.code !== 'VALIDATION_ERROR') return true;
  const details = (r.body.details ?? []) as { field: string; issue: string }[];
  const stated = (d: { field: string; issue: string }) => {
    const rules = op.rules.filter((u) => d.field === u.field || d.field.startsWith(`${u.field}[`));
    const own = rules.filter((u) => d.issue.replace(/^Row \d+: /, '') === u.rule);
    // A summary rule (webhookUrl, allowedIps) stands for the several sentences of its field.
    return own.length > 0 || rules.some((u) => u.rule.startsWith(`${u.field} must`) && d.issue.startsWith(u.field));
  };
  return details.length > 0 && details.every(stated);
}

type Json = Record<string, any>;

/** The fields the SDK signs every external body with: not the caller's to draw. */
const SIGNATURE_FIELDS = ['nonce', 'timestamp', 'signature'];

interface Operation {
  method: string;
  /** OpenAPI path (`/api/v1/external/products/{id}`). */
  template: string;
  external: boolean;
  body: Json;
  /** The operation's published `x-rules`. */
  rules: { field: string; rule: string }[];
}

function bodyOperations(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const schema = (op as Json).requestBody?.content?.['application/json']?.schema as Json | undefined;
      if (!schema) continue;
      const external = template.startsWith('/api/v1/external/');
      const body = structuredClone(schema);
      if (external) {
        for (const f of SIGNATURE_FIELDS) delete body.properties[f];
        body.required = (body.required as string[]).filter((f) => !SIGNATURE_FIELDS.includes(f));
      }
      const rules = ((op as Json)['x-rules'] ?? []) as Operation['rules'];
      ops.push({ method: method.toUpperCase(), template, external, body, rules });
    }
  }
  return ops;
}

const OPERATIONS = bodyOperations(buildOpenApiDocument());

/** `items.0.type` → `items[0].type`, as `details[].field` names it. */
const fieldOf = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** Which pool fills the `{id}` after each path segment. */
const ID_AFTER: Record<string, string> = {
  products: 'productId',
  reservations: 'reservationId',
  invoices: 'invoiceId',
  integrations: 'integrationId',
  'stock-adjustments': 'adjustmentId',
  'purchase-orders': 'purchaseOrderId',
  'credit-notes': 'noteId',
  'debit-notes': 'noteId',
  shipments: 'shipmentId',
};

describe(`e2e: requests drawn from the OpenAPI document (${DB})`, () => {
  let svc: TestService;
  let setup: TenantSetup;
  let planTenant: string;
  let client: ExternalApiClient;
  let pools: IdPools;
  /** The session cookie of a staff ADMIN. */
  let member: string;

  before(async function () {
    this.timeout(60_000);
    svc = await startTestService();
    const served = await call(svc.baseUrl, 'GET', OPENAPI_PATH, { token: null });
    expect(bodyOperations(served.body)).to.deep.equal(OPERATIONS);

    setup = await createTenantSetup(svc.baseUrl, 'Drawn');
    // Plans are set on a tenant of their own: a drawn T1K + BLOCK must not stop this caller.
    planTenant = (await createTenantSetup(svc.baseUrl, 'Planned')).tenantId;
    client = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, setup, { role: 'ADMIN' }));
    const other = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY' });
    const second = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${setup.tenantId}/warehouses`, {
      body: { branchId: setup.branchId, name: 'Second' },
    });
    const products = [
      await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 5 }),
      await createProduct(svc.baseUrl, setup.tenantId, { name: 'Cup', sku: 'CUP', price: 3 }),
    ];
    const customer = await createCustomer(svc.baseUrl, setup.tenantId);
    const ok = <T = Json>(r: { status: number; body: any }, what: string): T => {
      if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data as T;
    };
    const warehouses = [setup.warehouseId, ok<Json>(second, 'warehouse').id as string];
    const stockIn = ok<Json>(
      await client.request('POST', '/products/adjust', {
        warehouseId: setup.warehouseId,
        reason: 'opening stock',
        items: products.map((p) => ({ productId: p.id, quantity: 1000, type: 'STOCK_IN' })),
      }),
      'adjustment',
    );
    ok(
      await call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${stockIn.id}/approve`, { body: {} }),
      'approve',
    );
    const pending = ok<Json>(
      await client.request('POST', '/products/adjust', {
        warehouseId: setup.warehouseId,
        reason: 'count',
        items: [{ productId: products[0]!.id, quantity: 1, type: 'STOCK_IN' }],
      }),
      'pending adjustment',
    );
    const invoice = ok<Json>(
      await client.request('POST', '/billing/invoices', {
        customerId: customer.id,
        paymentMethod: 'CASH',
        items: [{ productId: products[0]!.id, quantity: 1, unitPrice: 5 }],
      }),
      'invoice',
    );
    const order = ok<Json>(
      await client.request('POST', '/purchase-orders', {
        supplierName: 'Supplier',
        warehouseId: setup.warehouseId,
        items: [{ productId: products[0]!.id, quantity: 5, unitCost: 1 }],
      }),
      'purchase order',
    );
    const shipment = ok<Json>(
      await client.request('POST', '/logistics/shipments', {
        weightKg: 1,
        recipient: {
          name: 'Ann',
          phone: '+49 30 1234',
          address: { line1: 'Street 1', city: 'Berlin', country: 'DE' },
        },
      }),
      'shipment',
    );
    await createStaff(svc.baseUrl, { email: 'drawn@example.com', role: 'ADMIN' });
    member = (await signIn(svc.baseUrl, 'drawn@example.com')).cookie!;
    pools = {
      tenantId: [setup.tenantId],
      branchId: [setup.branchId],
      fiscalYearId: [setup.fiscalYearId],
      warehouseId: warehouses,
      fromWarehouseId: warehouses,
      toWarehouseId: warehouses,
      productId: products.map((p) => p.id),
      customerId: [customer.id],
      invoiceId: [invoice.id as string],
      integrationId: [other.id],
      adjustmentId: [pending.id as string],
      purchaseOrderId: [order.id as string],
      shipmentId: [shipment.id as string],
    };
  });
  after(async () => {
    await svc.stop();
  });

  /** The operation's path with its parameters filled from the pools. */
  function pathOf(op: Operation): string {
    const segments = op.template.split('/');
    return segments
      .map((segment, i) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (name === undefined) return segment;
        if (name === 'tenantId') return /\/(plan|usage)$/.test(op.template) ? planTenant : setup.tenantId;
        const pool = pools[name === 'id' ? (ID_AFTER[segments[i - 1]!] ?? 'none') : name];
        return pool?.[0] ?? '00000000-0000-4000-8000-000000000000';
      })
      .join('/');
  }

  async function send(op: Operation, body: unknown): Promise<{ status: number; body: any }> {
    const path = pathOf(op);
    if (op.external) {
      const r = await client.request(op.method, path.replace('/api/v1/external', ''), body as object);
      checkResponse(op.method, path, r.status, r.body);
      return r as { status: number; body: any };
    }
    // A member's own account is a signed-in member's (the bootstrap token has none).
    if (op.template.includes('/admin/staff/me/')) {
      return call(svc.baseUrl, op.method, path, {
        body,
        token: null,
        headers: { cookie: member, origin: svc.baseUrl },
      });
    }
    return call(svc.baseUrl, op.method, path, { body });
  }

  const arbitraryBody = (op: Operation, pinned?: { path: string; value: unknown }) =>
    valueOf(op.body, { ids: pools, pinned });

  describe('a lone UTF-16 surrogate in any string of a body: 400 naming the field, nothing written', () => {
    for (const op of OPERATIONS) {
      const strings = leavesOf(op.body).filter((l) => ([] as unknown[]).concat(l.schema.type).includes('string'));
      it(`${op.method} ${op.template} (${strings.length} string fields)`, async () => {
        const before = await rowCounts(svc.database.knex);
        for (const { path } of strings) {
          const [body] = fc.sample(arbitraryBody(op, { path, value: 'ab\uD800' }), { numRuns: 1, seed: 7 });
          const r = await send(op, body);
          const what = `${path} in ${JSON.stringify(body)}`;
          expect(r.status, `${what} → ${JSON.stringify(r.body)}`).to.equal(400);
          expect(r.body.code, what).to.equal('VALIDATION_ERROR');
          const detail = (r.body.details as { field: string; issue: string }[]).find((d) => d.field === fieldOf(path));
          expect(detail?.issue, `${what}: ${JSON.stringify(r.body.details)}`).to.match(
            /must not contain unpaired UTF-16 surrogates$/,
          );
        }
        // The property-name rule, where a body is read at all (commit and release read none).
        if (strings.length > 0) {
          const [body] = fc.sample(arbitraryBody(op), { numRuns: 1, seed: 7 });
          const named = await send(op, { ...(body as Json), ['k\uDC00']: 1 });
          expect(named.status).to.equal(400);
          expect(named.body.details).to.deep.include({
            field: '',
            issue: 'property names must not contain unpaired UTF-16 surrogates',
          });
        }
        const after = await rowCounts(svc.database.knex);
        delete before.request_nonces;
        delete after.request_nonces;
        expect(after, 'no write on a refusal').to.deep.equal(before);
      });
    }
  });

  describe('schema-valid bodies are never refused for a reason the document does not state', () => {
    for (const op of OPERATIONS) {
      it(`${op.method} ${op.template}`, async function () {
        this.timeout(30_000);
        await fc.assert(
          fc.asyncProperty(arbitraryBody(op), async (body) => {
            const r = await send(op, body);
            const what = `${op.method} ${pathOf(op)} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`;
            expect(r.status, what).to.be.below(500);
            expect(acceptable(op, r), what).to.equal(true);
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      });
    }
  });

  describe('every documented numeric maximum is accepted, and stored where the operation succeeds', () => {
    for (const op of OPERATIONS) {
      const maxima = leavesOf(op.body).filter(
        (l) => typeof l.schema.maximum === 'number' && ['number', 'integer'].includes(l.schema.type),
      );
      if (maxima.length === 0) continue;
      it(`${op.method} ${op.template}: ${maxima.map((m) => m.path).join(', ')}`, async function () {
        this.timeout(30_000);
        for (const { path, schema } of maxima) {
          let stored = false;
          const outcomes: number[] = [];
          // A few draws: an id drawn at random may be a 404, a state a 409; one success is enough.
          for (const body of fc.sample(arbitraryBody(op, { path, value: schema.maximum }), { numRuns: 4, seed: 11 })) {
            const r = await send(op, body);
            const what = `${path} = ${schema.maximum}: ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`;
            expect(r.status, what).to.be.below(500);
            expect(acceptable(op, r), what).to.equal(true);
            outcomes.push(r.status);
            if (r.status < 300) {
              const echoed = valueAt(r.body.data, path);
              if (echoed !== undefined) expect(echoed, what).to.equal(schema.maximum);
              stored = true;
              break;
            }
          }
          // Never stored: every answer was a business refusal (an amount above what is due, stock...).
          if (!stored) expect(outcomes.every((status) => status >= 400 && status < 500)).to.equal(true);
        }
      });
    }
  });
  describe('what every path answers', () => {
    it("a plan's overagePricePerCall at its documented maximum is stored and read back", async () => {
      const plan = { tier: 'T10K', overagePricePerCall: MAX_OVERAGE_PRICE_PER_CALL, overagePolicy: 'BILL' };
      const put = await call(svc.baseUrl, 'PUT', `/api/v1/admin/tenants/${planTenant}/plan`, { body: plan });
      expect(put.status, JSON.stringify(put.body)).to.equal(200);
      expect(put.body.data).to.include(plan);
      const usage = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${planTenant}/usage`);
      expect(usage.body.data).to.include({ overagePricePerCall: MAX_OVERAGE_PRICE_PER_CALL });
      const row = await svc.database
        .knex('tenant_plans')
        .where({ tenant_id: planTenant })
        .first('overage_price_per_call');
      expect(Number(row.overage_price_per_call)).to.equal(MAX_OVERAGE_PRICE_PER_CALL);
      const above = await call(svc.baseUrl, 'PUT', `/api/v1/admin/tenants/${planTenant}/plan`, {
        body: { ...plan, overagePricePerCall: MAX_OVERAGE_PRICE_PER_CALL + 0.000001 },
      });
      expect(above.status).to.equal(400);
    });

    it('OPTIONS answers exactly as DELETE does on a path that serves neither: 405 in the envelope, the full Allow', async () => {
      const productId = pools.productId![0]!;
      const external = ['/products', `/products/${productId}`, '/billing/invoices', '/logistics/shipments/cancel'];
      const answer = async (method: string, path: string) => {
        const r = await client.request(method, path);
        return { status: r.status, allow: r.headers.get('allow'), type: r.headers.get('content-type'), body: r.body };
      };
      const comparable = (a: { body: any }) => ({ ...a, body: { ...a.body, metadata: undefined } });
      for (const path of external) {
        const options = await answer('OPTIONS', path);
        const del = await answer('DELETE', path);
        expect(options.status, path).to.equal(405);
        expect(comparable(options), path).to.deep.equal(comparable(del));
      }
      expect((await answer('OPTIONS', '/products')).allow).to.equal('GET, HEAD, POST');
      expect((await answer('OPTIONS', `/products/${productId}`)).allow).to.equal('GET, HEAD, PUT');
      // Unauthenticated: the authentication refusal first, as for every method of the external API.
      const anonymous = await call(svc.baseUrl, 'OPTIONS', '/api/v1/external/products', { token: null });
      expect(anonymous.status).to.equal(401);

      for (const path of [`/api/v1/admin/tenants/${setup.tenantId}/products`, '/api/v1/admin/tenants', '/health']) {
        const options = await call(svc.baseUrl, 'OPTIONS', path);
        const del = await call(svc.baseUrl, 'DELETE', path);
        expect(options.status, path).to.equal(405);
        expect(options.headers.get('allow'), path).to.equal(del.headers.get('allow'));
        expect({ ...options.body, metadata: undefined }, path).to.deep.equal({ ...del.body, metadata: undefined });
      }
    });
  });
});
