import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ADMIN_API } from '../../src/adapters/http/routes/index.js';
import type { AdminAccess } from '../../src/adapters/http/routes/route.js';
import { staffRoleIncludes, STAFF_ROLES, type StaffRole } from '../../src/domain/access/staff-roles.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, createIntegration, type BillingTenant } from '../support/mothers.js';
import { freePort } from '../support/processes.js';
import { asStaff, createStaff, signIn } from '../support/staff.js';

/** The records of a tenant each kind of `:id` route is about. */
type Records = Record<string, string>;

/** A record of every kind an admin route names by `:id`, made through the APIs. */
async function recordsOf(h: ServiceHarness, t: BillingTenant): Promise<Records> {
  const ok = (r: { status: number; body: any }, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201]);
    return r.body.data;
  };
  const closed = await freePort();
  const integration = await createIntegration(h.svc.baseUrl, t, { webhookUrl: `http://127.0.0.1:${closed}/hooks` });
  const invoice = ok(
    await h.external(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CREDIT',
      items: [{ productId: t.productIds[0], quantity: 1, unitPrice: 100 }],
    }),
    'invoice',
  );
  ok(await h.admin('POST', `/invoices/${invoice.id}/approve`), 'invoice approval');
  const credit = ok(
    await h.external(t.caller, 'POST', '/billing/credit-notes', { invoiceId: invoice.id, amount: 5, reason: 'r' }),
    'credit note',
  );
  const debit = ok(
    await h.external(t.caller, 'POST', '/billing/debit-notes', { invoiceId: invoice.id, amount: 5, reason: 'r' }),
    'debit note',
  );
  const adjustment = ok(
    await h.external(t.caller, 'POST', '/products/adjust', {
      warehouseId: t.warehouseId,
      reason: 'Count',
      items: [{ productId: t.productIds[0], quantity: 1, type: 'STOCK_IN' }],
    }),
    'adjustment',
  );
  const order = ok(
    await h.admin('POST', `/tenants/${t.tenantId}/purchase-orders`, {
      supplierName: 'Acme',
      warehouseId: t.warehouseId,
      items: [{ productId: t.productIds[0], quantity: 5, unitCost: 1 }],
    }),
    'purchase order',
  );
  const shipment = ok(
    await h.external(t.caller, 'POST', '/logistics/shipments', {
      weightKg: 1,
      recipient: {
        name: 'Ann Example',
        phone: '+49 30 123456',
        address: { line1: 'Invalidenstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      },
    }),
    'shipment',
  );
  const ping = ok(await h.admin('POST', `/integrations/${integration.id}/webhook/ping`), 'ping');
  return {
    integration: integration.id,
    invoice: invoice.id,
    'credit-note': credit.id,
    'debit-note': debit.id,
    'stock-adjustment': adjustment.id,
    'purchase-order': order.id,
    shipment: shipment.id,
    'webhook-delivery': ping.deliveryId,
  };
}

/** The route's path with its parameters filled in: the tenant's records, or `other` ids for all. */
function pathOf(path: string, access: AdminAccess, tenantId: string, records: Records | null): string {
  const kind = typeof access.tenant === 'object' ? access.tenant.of : null;
  return path
    .replace(':tenantId', records ? tenantId : randomUUID())
    .replace(/:(id|productId)/g, (_m, name: string) =>
      records && name === 'id' && kind ? records[kind]! : randomUUID(),
    );
}

/** A valid body: the route's documented example, naming the tenant where it names one. */
function bodyOf(route: (typeof ADMIN_API.routes)[number], tenantId: string): unknown {
  if (route.example === undefined) return route.method === 'get' || route.method === 'delete' ? undefined : {};
  const example = route.example as Record<string, unknown>;
  return 'tenantId' in example ? { ...example, tenantId } : example;
}

/** What a comparison of two answers looks at: everything but the metadata. */
function answerOf(r: { status: number; body: any }) {
  const { metadata: _m, ...rest } = (r.body ?? {}) as Record<string, unknown>;
  return { status: r.status, body: rest };
}

describe('e2e: every admin route under every staff role, inside and outside the member’s tenants', function () {
  let h: ServiceHarness;
  let mine: BillingTenant;
  let theirs: BillingTenant;
  let theirRecords: Records;
  const members = new Map<StaffRole, ReturnType<typeof asStaff>>();

  before(async () => {
    h = await startServiceHarness();
    mine = await createBillingTenant(h.svc.baseUrl, 'Mine');
    theirs = await createBillingTenant(h.svc.baseUrl, 'Theirs');
    theirRecords = await recordsOf(h, theirs);
    for (const role of STAFF_ROLES) {
      const email = `${role.toLowerCase()}@mine.example`;
      await createStaff(h.svc.baseUrl, { email, role, tenantIds: [mine.tenantId] });
      members.set(role, asStaff(h.svc.baseUrl, (await signIn(h.svc.baseUrl, email)).cookie!));
    }
  });
  after(async () => {
    await h.stop();
  });

  // Signing in and out are every role's (and signing out would end the members' sessions).
  const routes = ADMIN_API.routes.filter((r) => r.path !== '/session');

  it('answers 403 Insufficient role to a role short of the route’s, whatever the ids', async () => {
    let refused = 0;
    for (const route of routes) {
      for (const role of STAFF_ROLES.filter((r) => !staffRoleIncludes(r, route.access.role))) {
        const r = await members.get(role)!(
          route.method.toUpperCase(),
          pathOf(route.path, route.access, mine.tenantId, null),
          bodyOf(route, mine.tenantId),
        );
        expect(r.status, `${role} ${route.method} ${route.path}`).to.equal(403);
        expect(r.body.message).to.equal('Insufficient role');
        refused++;
      }
    }
    expect(refused).to.be.greaterThan(40);
  });

  it('lets a role that includes the route’s through to the route, in its own tenant', async () => {
    for (const route of routes.filter((r) => r.access.tenant !== 'unscoped')) {
      for (const role of STAFF_ROLES.filter((r) => staffRoleIncludes(r, route.access.role))) {
        const path = pathOf(route.path, route.access, mine.tenantId, null).replace(
          /^\/tenants\/[^/]+/,
          `/tenants/${mine.tenantId}`,
        );
        const r = await members.get(role)!(route.method.toUpperCase(), path, bodyOf(route, mine.tenantId));
        expect(r.status, `${role} ${route.method} ${path}: ${JSON.stringify(r.body)}`).to.not.equal(403);
        expect(r.status).to.be.lessThan(500);
      }
    }
  });

  it('refuses a scoped member the routes for members of every tenant (creating tenants, plans, verifying the log)', async () => {
    const admin = members.get('ADMIN')!;
    for (const route of routes.filter((r) => r.access.tenant === 'unscoped')) {
      const r = await admin(
        route.method.toUpperCase(),
        pathOf(route.path, route.access, mine.tenantId, null),
        bodyOf(route, mine.tenantId),
      );
      expect(r.status, route.path).to.equal(403);
    }
  });

  it('answers a record of another tenant exactly as an unknown id, and changes nothing there', async () => {
    const scoped = routes.filter(
      (r) => ['path', 'body'].includes(r.access.tenant as string) || typeof r.access.tenant === 'object',
    );
    expect(scoped.length).to.be.greaterThan(25);
    const answered: string[] = [];
    const auditBefore = await h.svc.database.knex('audit_log').where({ tenant_id: theirs.tenantId }).count({ n: '*' });
    for (const route of scoped) {
      const admin = members.get('ADMIN')!;
      const method = route.method.toUpperCase();
      const theirPath = pathOf(route.path, route.access, theirs.tenantId, theirRecords);
      const unknownPath = pathOf(route.path, route.access, theirs.tenantId, null);
      const outside = await admin(method, theirPath, bodyOf(route, theirs.tenantId));
      const unknown = await admin(method, unknownPath, bodyOf(route, randomUUID()));
      expect(answerOf(outside), `${method} ${route.path}`).to.deep.equal(answerOf(unknown));
      if ([200, 201, 204].includes(outside.status)) answered.push(`${method} ${route.path}`);
    }
    expect(answered, 'routes that answered about another tenant').to.deep.equal([]);
    const auditAfter = await h.svc.database.knex('audit_log').where({ tenant_id: theirs.tenantId }).count({ n: '*' });
    expect(auditAfter).to.deep.equal(auditBefore);
  });

  it('lists only the member’s tenants', async () => {
    const listed = await members.get('VIEWER')!('GET', '/tenants?limit=100');
    expect(listed.body.data.map((t: { id: string }) => t.id)).to.deep.equal([mine.tenantId]);
  });
});
