import { expect } from 'chai';
import { verifyWebhookSignature } from '@inventory-billing/sdk';
import {
  clientFor,
  createCustomer,
  createIntegration,
  createProduct,
  createTenantSetup,
  type Credentials,
  type TenantSetup,
} from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { WebhookReceiver, type Received } from '../support/webhook-receiver.js';

/**
 * The whole path an integrator sees: a signed external request and a back-office decision
 * change state, the event is written with the change, and the worker delivers it, signed, to
 * the subscribed endpoint — for each of the three events of spec 6.2.
 */
describe('e2e: domain events reach subscribed webhooks (invoice created/voided, adjustment approved)', () => {
  let receiver: WebhookReceiver;
  let svc: TestService;
  let setup: TenantSetup;
  let all: Credentials;
  let voidsOnly: Credentials;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    svc = await startTestService({ webhookRetrySchedule: [100, 200, 300, 400, 500] }, { mode: 'all' });
    setup = await createTenantSetup(svc.baseUrl);
    all = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/all') });
    voidsOnly = await createIntegration(svc.baseUrl, setup, {
      role: 'READ_ONLY',
      webhookUrl: receiver.url('/voids'),
      webhookEvents: 'billing.invoice.voided',
    });
  });
  after(async () => {
    await svc.stop();
    await receiver.stop();
  });

  const payloadsOn = (path: string, event: string) =>
    receiver
      .on(path)
      .filter((r: Received) => r.headers['x-pos-event'] === event)
      .map((r: Received) => JSON.parse(r.body).payload);

  it('delivers billing.invoice.created on approval and billing.invoice.voided on void, to the subscribers only', async () => {
    const api = clientFor(svc.baseUrl, all);
    const customer = await createCustomer(svc.baseUrl, setup.tenantId);
    const product = await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 8.99 });
    const created = await api.request('POST', '/billing/invoices', {
      customerId: customer.id,
      paymentMethod: 'CASH',
      items: [{ productId: product.id, quantity: 3, unitPrice: 19.99 }],
    });
    expect(created.status).to.equal(201);
    const invoice = (created.body as any).data;
    expect(invoice).to.include({ status: 'DRAFT', totalAmount: 59.97 });

    // Creating a DRAFT emits nothing; the back office's approval emits billing.invoice.created.
    const approved = await call(svc.baseUrl, 'POST', `/api/v1/admin/invoices/${invoice.id}/approve`);
    expect(approved.status).to.equal(200);
    await receiver.waitFor(() => payloadsOn('/all', 'billing.invoice.created').length === 1, 10_000, 'invoice created');
    expect(payloadsOn('/all', 'billing.invoice.created')[0]).to.deep.include({
      id: invoice.id,
      code: invoice.billNumber,
      branchId: setup.branchId,
      resource: 'INVOICE',
      action: 'CREATE',
    });

    const voided = await api.request('PATCH', `/billing/invoices/${invoice.id}/void`, { reason: 'Customer cancelled' });
    expect(voided.status).to.equal(200);
    await receiver.waitFor(
      () =>
        payloadsOn('/all', 'billing.invoice.voided').length === 1 &&
        payloadsOn('/voids', 'billing.invoice.voided').length === 1,
      10_000,
      'invoice voided on both endpoints',
    );
    const [toVoids] = receiver.on('/voids') as [Received];
    expect(JSON.parse(toVoids.body).payload).to.deep.include({
      id: invoice.id,
      code: invoice.billNumber,
      action: 'VOID',
    });
    expect(
      verifyWebhookSignature(toVoids.body, toVoids.headers['x-pos-signature'] as string, voidsOnly.webhookSecret!),
    ).to.equal(true);
    // The void-only subscriber never got the created event.
    expect(receiver.on('/voids').map((r: Received) => r.headers['x-pos-event'])).to.deep.equal([
      'billing.invoice.voided',
    ]);
  });

  it('delivers inventory.adjustment.approved when the back office approves a request', async () => {
    const api = clientFor(svc.baseUrl, all);
    const product = await createProduct(svc.baseUrl, setup.tenantId, { name: 'Tea', sku: 'TEA', price: 3.5 });
    const requested = await api.request('POST', '/products/adjust', {
      warehouseId: setup.warehouseId,
      reason: 'Goods received',
      items: [{ productId: product.id, quantity: 10, type: 'STOCK_IN' }],
    });
    expect(requested.status).to.equal(201);
    const request = (requested.body as any).data;
    expect((await call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${request.id}/approve`)).status).to.equal(
      200,
    );
    await receiver.waitFor(
      () => payloadsOn('/all', 'inventory.adjustment.approved').length === 1,
      10_000,
      'adjustment approved',
    );
    expect(payloadsOn('/all', 'inventory.adjustment.approved')[0]).to.deep.include({
      id: request.id,
      code: request.number,
      branchId: setup.branchId,
      resource: 'STOCK_ADJUSTMENT',
      action: 'APPROVE',
    });
    expect(
      receiver.on('/voids').some((r: Received) => r.headers['x-pos-event'] === 'inventory.adjustment.approved'),
    ).to.equal(false);
  });
});
