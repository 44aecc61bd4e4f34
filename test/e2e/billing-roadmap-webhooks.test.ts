import { expect } from 'chai';
import { verifyWebhookSignature } from '@inventory-billing/sdk';
import {
  clientFor,
  createBillingTenant,
  createIntegration,
  type BillingTenant,
  type Credentials,
} from '../support/mothers.js';
import { startTestService, type TestService } from '../support/service.js';
import { WebhookReceiver, type Received } from '../support/webhook-receiver.js';

/**
 * billing.payment.received and billing.refund.processed from the signed
 * request to the subscribed endpoints: written with the change, delivered by the worker,
 * signed with each integration's webhook secret, filtered by `webhookEvents`.
 */
describe('e2e: payment and refund events reach subscribed webhooks', () => {
  let receiver: WebhookReceiver;
  let svc: TestService;
  let t: BillingTenant;
  let billing: Credentials;
  let moneyOnly: Credentials;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    svc = await startTestService({ webhookRetrySchedule: [100, 200, 300, 400, 500] }, { mode: 'all' });
    t = await createBillingTenant(svc.baseUrl);
    billing = await createIntegration(svc.baseUrl, t, { role: 'BILLING', webhookUrl: receiver.url('/all') });
    moneyOnly = await createIntegration(svc.baseUrl, t, {
      role: 'READ_ONLY',
      webhookUrl: receiver.url('/money'),
      webhookEvents: 'billing.payment.received,billing.refund.processed',
    });
  });
  after(async () => {
    await svc?.stop();
    await receiver.stop();
  });

  const on = (path: string, event: string) =>
    receiver.on(path).filter((r: Received) => r.headers['x-pos-event'] === event);
  const payloadsOn = (path: string, event: string) => on(path, event).map((r: Received) => JSON.parse(r.body).payload);

  it('delivers billing.payment.received and billing.refund.processed with their payloads, signed, to the subscribers', async () => {
    const api = clientFor(svc.baseUrl, billing);
    const created = await api.request('POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CARD',
      items: [{ productId: t.productIds[0], quantity: 2, unitPrice: 10.05 }],
    });
    const invoice = (created.body as any).data;
    const paid = await api.request('POST', `/billing/invoices/${invoice.id}/payments`, {
      amount: 20.1,
      method: 'CARD',
      reference: 'AUTH-991',
    });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(201);
    const payment = (paid.body as any).data;
    const note = await api.request('POST', '/billing/notes', {
      type: 'CREDIT',
      invoiceId: invoice.id,
      amount: 5,
      reason: 'Discount',
    });
    expect(
      (
        await fetch(`${svc.baseUrl}/api/v1/admin/credit-notes/${(note.body as any).data.id}/approve`, {
          method: 'POST',
          headers: { authorization: `Bearer ${svc.config.adminToken}` },
        })
      ).status,
    ).to.equal(200);
    const refunded = await api.request('POST', '/billing/refunds', {
      invoiceId: invoice.id,
      amount: 5,
      reason: 'Overpaid',
      method: 'CARD',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).to.equal(201);
    const refund = (refunded.body as any).data;

    await receiver.waitFor(
      () =>
        on('/all', 'billing.invoice.created').length === 1 &&
        on('/all', 'billing.payment.received').length === 1 &&
        on('/all', 'billing.refund.processed').length === 1 &&
        on('/money', 'billing.payment.received').length === 1 &&
        on('/money', 'billing.refund.processed').length === 1,
      15_000,
      'the payment and refund events on both endpoints',
    );

    const paymentPayload = {
      id: payment.id,
      code: payment.paymentNumber,
      branchId: t.branchId,
      resource: 'PAYMENT',
      action: 'RECEIVE',
      invoiceId: invoice.id,
      paymentMethod: 'CARD',
      reference: 'AUTH-991',
      amount: 20.1,
    };
    const refundPayload = {
      id: refund.id,
      code: refund.refundNumber,
      branchId: t.branchId,
      resource: 'REFUND',
      action: 'PROCESS',
      invoiceId: invoice.id,
      amount: 5,
    };
    for (const path of ['/all', '/money']) {
      expect(payloadsOn(path, 'billing.payment.received')[0]).to.deep.include(paymentPayload);
      expect(payloadsOn(path, 'billing.refund.processed')[0]).to.deep.include(refundPayload);
      for (const event of ['billing.payment.received', 'billing.refund.processed']) {
        const [delivery] = on(path, event) as [Received];
        const body = JSON.parse(delivery.body);
        expect(body.event).to.equal(event);
        expect(body.payload.timestamp).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        const secret = path === '/all' ? billing.webhookSecret! : moneyOnly.webhookSecret!;
        const other = path === '/all' ? moneyOnly.webhookSecret! : billing.webhookSecret!;
        const signature = delivery.headers['x-pos-signature'] as string;
        expect(verifyWebhookSignature(delivery.body, signature, secret), `${path} ${event}`).to.equal(true);
        expect(verifyWebhookSignature(delivery.body, signature, other)).to.equal(false);
      }
    }
    // The filtered endpoint got nothing but the two events it subscribed to.
    expect([...new Set(receiver.on('/money').map((r: Received) => r.headers['x-pos-event']))].sort()).to.deep.equal([
      'billing.payment.received',
      'billing.refund.processed',
    ]);
  });

  it('the back office may subscribe an integration to the new events by name; an unknown name is refused', async () => {
    const ok = await createIntegration(svc.baseUrl, t, {
      webhookUrl: receiver.url('/x'),
      webhookEvents: 'billing.refund.processed',
    });
    expect(ok.id).to.be.a('string');
    const bad = await fetch(`${svc.baseUrl}/api/v1/admin/integrations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${svc.config.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        tenantId: t.tenantId,
        branchId: t.branchId,
        fiscalYearId: t.fiscalYearId,
        role: 'BILLING',
        clientName: 'x',
        webhookUrl: receiver.url('/y'),
        webhookEvents: 'billing.payment.refunded',
      }),
    });
    expect(bad.status).to.equal(400);
  });
});
