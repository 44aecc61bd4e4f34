import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { pagination } from '../support/envelope.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';
import { asStaff, createStaff, signIn } from '../support/staff.js';

describe('e2e: the back office reads one tenant’s records as the external API answers them', () => {
  let h: ServiceHarness;
  let t: BillingTenant;
  let other: BillingTenant;
  let invoiceId: string;
  let reservationId: string;
  let shipmentId: string;
  let viewer: ReturnType<typeof asStaff>;

  const ok = (r: { status: number; body: any }, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201]);
    return r.body.data;
  };
  const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id);

  before(async () => {
    h = await startServiceHarness();
    t = await createBillingTenant(h.svc.baseUrl, 'Mine');
    other = await createBillingTenant(h.svc.baseUrl, 'Theirs');
    const adjustment = ok(
      await h.external(t.caller, 'POST', '/products/adjust', {
        warehouseId: t.warehouseId,
        reason: 'Count',
        items: [{ productId: t.productIds[0], quantity: 10, type: 'STOCK_IN' }],
      }),
      'adjustment',
    );
    ok(await h.admin('POST', `/stock-adjustments/${adjustment.id}/approve`), 'approval');
    reservationId = ok(
      await h.external(t.caller, 'POST', '/products/reserve', {
        warehouseId: t.warehouseId,
        items: [{ productId: t.productIds[0], quantity: 3 }],
      }),
      'reservation',
    ).id;
    shipmentId = ok(
      await h.external(t.caller, 'POST', '/logistics/shipments', {
        weightKg: 1,
        recipient: {
          name: 'Ann Example',
          phone: '+49 30 123456',
          address: { line1: 'Invalidenstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
        },
      }),
      'shipment',
    ).id;
    const invoice = ok(
      await h.external(t.caller, 'POST', '/billing/invoices', {
        customerId: t.customerId,
        paymentMethod: 'CREDIT',
        items: [{ productId: t.productIds[1], quantity: 2, unitPrice: 50 }],
      }),
      'invoice',
    );
    invoiceId = invoice.id;
    ok(await h.admin('POST', `/invoices/${invoiceId}/approve`), 'invoice approval');
    ok(
      await h.external(t.caller, 'POST', '/billing/credit-notes', { invoiceId, amount: 5, reason: 'r' }),
      'credit note',
    );
    ok(await h.external(t.caller, 'POST', '/billing/debit-notes', { invoiceId, amount: 7, reason: 'r' }), 'debit');
    await createStaff(h.svc.baseUrl, { email: 'viewer@mine.example', role: 'VIEWER', tenantIds: [t.tenantId] });
    viewer = asStaff(h.svc.baseUrl, (await signIn(h.svc.baseUrl, 'viewer@mine.example')).cookie!);
  });
  after(async () => {
    await h.stop();
  });

  it('pages the catalogue with the external search, by name', async () => {
    const all = await h.admin('GET', `/tenants/${t.tenantId}/products?limit=1`);
    expect(all.status).to.equal(200);
    expect(all.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['Mug']);
    expect(all.body.pagination).to.deep.equal(pagination(2, 1, 1));
    const second = await h.admin('GET', `/tenants/${t.tenantId}/products?limit=1&page=2`);
    expect(second.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['Tea']);
    const searched = await h.admin('GET', `/tenants/${t.tenantId}/products?search=te`);
    expect(ids(searched)).to.deep.equal([t.productIds[1]]);
    expect(searched.body.data[0]).to.include({ sku: 'TEA', currentStock: 0 });
  });

  it('answers a product with its on hand, reserved and available stock per warehouse', async () => {
    const r = await h.admin('GET', `/tenants/${t.tenantId}/products/${t.productIds[0]}`);
    expect(r.status).to.equal(200);
    expect(r.body.data).to.include({ id: t.productIds[0], currentStock: 10 });
    expect(r.body.data.stock).to.have.length(1);
    expect(r.body.data.stock[0]).to.include({ warehouseId: t.warehouseId, onHand: 10, reserved: 3, available: 7 });
    const external = await h.external(t.caller, 'GET', `/products/${t.productIds[0]}`);
    expect(r.body.data).to.deep.equal(external.body.data);
  });

  it('lists customers with the external search', async () => {
    const r = await h.admin('GET', `/tenants/${t.tenantId}/customers?search=ann`);
    expect(r.status).to.equal(200);
    expect(ids(r)).to.deep.equal([t.customerId]);
    expect(ids(await h.admin('GET', `/tenants/${t.tenantId}/customers?search=nobody`))).to.deep.equal([]);
  });

  it('lists invoices with the external filters and answers one as the external API does', async () => {
    const listed = await h.admin('GET', `/tenants/${t.tenantId}/invoices?status=APPROVED`);
    expect(listed.status).to.equal(200);
    expect(ids(listed)).to.deep.equal([invoiceId]);
    expect(ids(await h.admin('GET', `/tenants/${t.tenantId}/invoices?status=DRAFT`))).to.deep.equal([]);
    const bad = await h.admin('GET', `/tenants/${t.tenantId}/invoices?fromDate=2025-02-01&toDate=2025-01-01`);
    expect(bad.status).to.equal(400);
    const detail = await h.admin('GET', `/tenants/${t.tenantId}/invoices/${invoiceId}`);
    expect(detail.status).to.equal(200);
    const external = await h.external(t.caller, 'GET', `/billing/invoices/${invoiceId}`);
    expect(detail.body.data).to.deep.equal(external.body.data);
    expect(detail.body.data.creditNotes).to.have.length(1);
  });

  it('lists credit and debit notes, and purchase orders', async () => {
    const credit = await h.admin('GET', `/tenants/${t.tenantId}/credit-notes`);
    expect(credit.status).to.equal(200);
    expect(credit.body.data.map((n: { amount: number }) => n.amount)).to.deep.equal([5]);
    const debit = await h.admin('GET', `/tenants/${t.tenantId}/debit-notes`);
    expect(debit.body.data.map((n: { amount: number }) => n.amount)).to.deep.equal([7]);
    const orders = await h.admin('GET', `/tenants/${t.tenantId}/purchase-orders`);
    expect(orders.status).to.equal(200);
    expect(orders.body.pagination.total).to.equal(0);
  });

  it('answers a reservation and a shipment with its tracking as the external API does', async () => {
    const reservation = await h.admin('GET', `/tenants/${t.tenantId}/reservations/${reservationId}`);
    expect(reservation.status).to.equal(200);
    expect(reservation.body.data).to.include({ id: reservationId, status: 'ACTIVE' });
    const shipment = await h.admin('GET', `/tenants/${t.tenantId}/shipments/${shipmentId}`);
    expect(shipment.status).to.equal(200);
    const tracked = await h.external(t.caller, 'GET', `/logistics/shipments/${shipmentId}/track`);
    expect(shipment.body.data).to.deep.equal(tracked.body.data);
    const missing = await h.admin('GET', `/tenants/${t.tenantId}/shipments/${randomUUID()}`);
    expect([missing.status, missing.body.message]).to.deep.equal([404, 'Shipment not found']);
  });

  it('answers 404 Tenant not found for an unknown tenant, and an empty page for a tenant with none', async () => {
    const unknown = randomUUID();
    for (const path of [
      '/products',
      `/products/${t.productIds[0]}`,
      '/customers',
      '/invoices',
      `/invoices/${invoiceId}`,
      '/credit-notes',
      '/debit-notes',
      '/purchase-orders',
      `/reservations/${reservationId}`,
      `/shipments/${shipmentId}`,
    ]) {
      const r = await h.admin('GET', `/tenants/${unknown}${path}`);
      expect(r.status, path).to.equal(404);
      expect(r.body.message, path).to.equal('Tenant not found');
    }
    const none = await h.admin('GET', `/tenants/${other.tenantId}/credit-notes`);
    expect(none.status).to.equal(200);
    expect(none.body.data).to.deep.equal([]);
    const missing = await h.admin('GET', `/tenants/${t.tenantId}/products/${randomUUID()}`);
    expect([missing.status, missing.body.message]).to.deep.equal([404, 'Product not found']);
  });

  it('shows a scoped VIEWER its tenant, and another tenant as an unknown one', async () => {
    const mine = await viewer('GET', `/tenants/${t.tenantId}/products/${t.productIds[0]}`);
    expect(mine.status).to.equal(200);
    expect(ids(await viewer('GET', `/tenants/${t.tenantId}/invoices`))).to.deep.equal([invoiceId]);
    expect((await viewer('GET', `/tenants/${t.tenantId}/shipments/${shipmentId}`)).status).to.equal(200);
    for (const path of ['/products', `/products/${other.productIds[0]}`, '/customers', '/invoices']) {
      const r = await viewer('GET', `/tenants/${other.tenantId}${path}`);
      expect([r.status, r.body.message], path).to.deep.equal([404, 'Tenant not found']);
    }
  });

  it('answers bad paging with a 400', async () => {
    const r = await h.admin('GET', `/tenants/${t.tenantId}/products?limit=0`);
    expect(r.status).to.equal(400);
  });
});
