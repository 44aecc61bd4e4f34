import { expect } from 'chai';
import { ExternalApi } from '@inventory-billing/sdk';
import { areasOf } from '../../../src/adapters/http/external/authenticate.js';
import { buildOpenApiDocument } from '../../../src/adapters/http/openapi/document.js';
import { ADMIN_API, EXTERNAL_API } from '../../../src/adapters/http/routes/index.js';
import { bindRoutes, type Route } from '../../../src/adapters/http/routes/route.js';
import { routerOf } from '../../../src/adapters/http/routes/router.js';
import { STAFF_ROLES } from '../../../src/domain/access/staff-roles.js';
import { BOOTSTRAP_ACTOR } from '../../../src/domain/staff/staff.js';

/** `METHOD /path` of every entry of a table. */
const declared = (routes: readonly { method: string; path: string }[]) =>
  routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();

/** What an express router serves, read off its stack. */
function served(router: ReturnType<typeof routerOf>): string[] {
  return router.stack
    .flatMap((layer) => {
      const route = layer.route as { path: string; methods: Record<string, boolean> } | undefined;
      return route ? Object.keys(route.methods).map((m) => `${m.toUpperCase()} ${route.path}`) : [];
    })
    .sort();
}

const ID = '00000000-0000-4000-8000-000000000000';

describe('route tables: the router, the document, the role check and the SDK come from one declaration', () => {
  for (const api of [EXTERNAL_API, ADMIN_API]) {
    it(`${api.prefix}: the router serves each entry once, and nothing else`, () => {
      // The real tables, their handlers bound to no use cases: only what is mounted matters here.
      const router = routerOf(bindRoutes(api.routes as readonly Route<object, object, unknown>[], {}));
      expect(served(router)).to.deep.equal(declared(api.routes));
      expect(new Set(declared(api.routes)).size, 'no route declared twice').to.equal(api.routes.length);
    });
  }

  it('the OpenAPI document has exactly the entries of both tables', () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort();
    const tables = [EXTERNAL_API, ADMIN_API]
      .flatMap((api) => api.routes.map((r) => `${r.method.toUpperCase()} ${api.prefix}${r.path}`))
      .sort();
    expect(documented).to.deep.equal(tables);
  });

  it("the role check finds each external route's own areas, fixed paths before parameters", () => {
    const areas = areasOf(EXTERNAL_API.routes);
    for (const route of EXTERNAL_API.routes) {
      const path = route.path.replace(/:\w+/g, ID);
      expect(areas(route.method.toUpperCase(), path), `${route.method} ${route.path}`).to.equal(route.access);
      expect(route.access, route.operationId).to.not.be.empty;
    }
    expect(areas('GET', '/nowhere')).to.equal(null);
    expect(areas('DELETE', '/products')).to.equal(null);
  });

  it('every external POST hands its Idempotency-Key to its use case', async () => {
    const key = { key: 'the request key' };
    for (const route of EXTERNAL_API.routes.filter((r) => r.method === 'post')) {
      const passed: unknown[][] = [];
      // Use cases that record what they are given; what they answer does not matter here.
      const useCases = new Proxy({}, { get: () => ({ execute: (...args: unknown[]) => passed.push(args) }) });
      const handle = (route as unknown as Route<object, object, unknown>).handle;
      const input = { caller: {}, keyed: key, params: { id: ID }, query: {}, body: { type: 'CREDIT' } };
      await handle(useCases, input).catch(() => undefined);
      expect(passed.length, route.operationId).to.be.greaterThan(0);
      expect(
        passed.some((args) => args.includes(key)),
        `${route.operationId} passes the key`,
      ).to.equal(true);
    }
  });

  it('every admin route names the least staff role that may call it and the tenant it is about', () => {
    for (const route of ADMIN_API.routes) {
      expect(STAFF_ROLES, route.operationId).to.include(route.access.role);
      expect(route.access.tenant, route.operationId).to.not.equal(undefined);
    }
    const decisions = ADMIN_API.routes.filter((r) => r.access.role === 'APPROVER').map((r) => r.operationId);
    expect(decisions).to.include.members(['adminApproveAdjustment', 'adminApproveInvoice', 'adminRecordPayment']);
  });

  it('every admin change declares its audit entry, and its handler passes it on to its use case', async () => {
    // Signing in and out append their own entries (there is no change of a record to diff).
    const auditsItself = new Set(['adminSignIn', 'adminSignOut']);
    const audit = { kind: 'audited' };
    for (const route of ADMIN_API.routes.filter((r) => r.method !== 'get' && !auditsItself.has(r.operationId))) {
      expect(route.access.audit, `${route.operationId} declares its audit entry`).to.not.equal(undefined);
      const passed: unknown[][] = [];
      const record = (...args: unknown[]) => passed.push(args);
      const useCases = new Proxy({}, { get: () => ({ execute: record, executeInAnyTenant: record }) });
      const handle = (route as unknown as Route<object, object, unknown>).handle;
      const input = { actor: BOOTSTRAP_ACTOR, audit, params: { id: ID, tenantId: ID }, query: {}, body: {} };
      await Promise.resolve()
        .then(() => handle(useCases, input))
        .catch(() => undefined);
      expect(
        passed.some((args) => args.includes(audit)),
        `${route.operationId} passes its audit entry`,
      ).to.equal(true);
    }
  });

  it('the SDK has one method per external route, named by its operationId, and no other', () => {
    const api = new ExternalApi({ baseUrl: 'http://127.0.0.1:1', clientId: 'ck', clientSecret: 'cs' });
    const methods = [api.organization, api.inventory, api.logistics, api.billing, api.usage]
      .flatMap((g) => Object.getOwnPropertyNames(Object.getPrototypeOf(g)).filter((m) => m !== 'constructor'))
      .sort();
    expect(methods).to.deep.equal(EXTERNAL_API.routes.map((r) => r.operationId).sort());
  });
});
