import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import type { Express } from 'express';
import type { RouteTable } from '../../src/adapters/http/observability.js';
import { documentedOperations } from '../../src/adapters/http/openapi/document.js';
import { ADMIN_API, EXTERNAL_API } from '../../src/adapters/http/openapi/index.js';
import { bodyValidator } from '../../src/adapters/shared/validation.js';
import { ExternalApi } from '@inventory-billing/sdk';
import { INFRA } from '../../src/infrastructure/tokens.js';
import { STAFF_ROLES } from '../../src/domain/access/staff-roles.js';
import { SUPPORTED_EVENTS } from '../../src/domain/access/webhook-events.js';
import { call, startTestService, type TestService } from '../support/service.js';

/** Routes the service answers that are not part of either API (probes, metrics, the docs themselves, the console). */
const NOT_AN_API = /^\/(health|ready|metrics|docs|console)(\/|$)|^\/api\/v1\/openapi\.json$/;

describe('GET /api/v1/openapi.json (served without authentication, every route documented)', () => {
  let svc: TestService;
  let doc: Record<string, any>;

  before(async () => {
    svc = await startTestService();
    const res = await call(svc.baseUrl, 'GET', '/api/v1/openapi.json', { token: null });
    expect(res.status).to.equal(200);
    doc = res.body;
  });
  after(() => svc.stop());

  it('is an OpenAPI 3.1 document served without authentication', () => {
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.paths).to.have.property('/api/v1/external/products');
    expect(doc.components.securitySchemes).to.include.keys('clientId', 'nonce', 'timestamp', 'apiKey', 'adminToken');
  });

  it('documents every route express serves, and no route it does not serve', () => {
    const table = (svc.container.get<Express>(INFRA.HttpApp).locals as { routes: RouteTable }).routes;
    const served = table
      .list()
      .filter((r) => !NOT_AN_API.test(r.template))
      .flatMap((r) => r.methods.map((m) => `${m} ${r.template}`))
      .sort();
    const documented = documentedOperations()
      .map((o) => `${o.method.toUpperCase()} ${o.path}`)
      .sort();
    expect(
      served.filter((r) => !documented.includes(r)),
      'served but not documented',
    ).to.deep.equal([]);
    expect(
      documented.filter((r) => !served.includes(r)),
      'documented but not served',
    ).to.deep.equal([]);
    expect(served.length).to.be.greaterThan(40);
    // And who may call each comes from the same entries: an external route names its areas, an
    // admin route the least staff role.
    for (const route of EXTERNAL_API.routes) expect(route.access, route.operationId).to.not.be.empty;
    for (const route of ADMIN_API.routes) expect(STAFF_ROLES, route.operationId).to.include(route.access.role);
  });

  it('gives every route an example its own body schema accepts, and none to a route without a body', () => {
    const routes = [...EXTERNAL_API.routes, ...ADMIN_API.routes];
    const withExample = routes.filter((r) => r.example !== undefined);
    expect(withExample.length).to.be.greaterThan(30);
    for (const r of withExample) {
      expect(r.body, `${r.operationId} has an example but no body`).to.not.equal(undefined);
      expect(() => bodyValidator(r.body!)(structuredClone(r.example)), r.operationId).to.not.throw();
    }
  });

  it('lints clean: a valid OpenAPI 3.1 document whose $refs all resolve', async () => {
    // validate() mutates what it is given (dereferences it): hand it a copy.
    await SwaggerParser.validate(structuredClone(doc) as never);
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size, 'operationIds are unique').to.equal(ids.length);
  });

  it('signs every external write: the body schema requires nonce, timestamp and signature', () => {
    const writes = documentedOperations().filter(
      (o) => o.path.startsWith('/api/v1/external') && ['post', 'put', 'patch'].includes(o.method),
    );
    expect(writes).to.not.be.empty;
    for (const o of writes) {
      const path = o.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const schema = doc.paths[path][o.method].requestBody.content['application/json'].schema;
      expect(schema.required, `${o.method} ${path}`).to.include.members(['nonce', 'timestamp', 'signature']);
    }
  });

  it('has an SDK method, named by its operationId, for every external route, and no other', () => {
    const api = new ExternalApi({ baseUrl: 'http://127.0.0.1:1', clientId: 'ck', clientSecret: 'cs' });
    const groups = [api.organization, api.inventory, api.logistics, api.billing, api.usage];
    const methods = groups
      .flatMap((g) => Object.getOwnPropertyNames(Object.getPrototypeOf(g)).filter((m) => m !== 'constructor'))
      .sort();
    const external = documentedOperations()
      .filter((o) => o.path.startsWith('/api/v1/external'))
      .map((o) => o.route.operationId)
      .sort();
    expect(methods).to.deep.equal(external);
  });

  it('describes every webhook event with its payload and both signature headers', () => {
    for (const event of SUPPORTED_EVENTS) {
      const op = doc.webhooks[event]?.post;
      expect(op, event).to.exist;
      const names = op.parameters.map((p: { name: string }) => p.name);
      expect(names).to.include.members(['x-pos-signature', 'webhook-signature', 'webhook-id', 'webhook-timestamp']);
      // A rotation's second signature: documented, and not on every delivery.
      const previous = op.parameters.find((p: { name: string }) => p.name === 'x-pos-signature-previous');
      expect(previous?.required, event).to.equal(false);
      const body = op.requestBody.content['application/json'].schema;
      expect(body.properties.payload.required).to.include.members(['id', 'code', 'branchId', 'resource', 'action']);
    }
  });
});
