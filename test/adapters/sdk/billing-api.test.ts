import { expect } from 'chai';
import { BillingApi, type PageOf, type QueryInput, type Transport } from '@inventory-billing/sdk';
import { createBillingTenant, type BillingTenant } from '../../support/mothers.js';
import { startExternalHarness } from '../../support/external-harness.js';
import { checkResponse } from '../../support/openapi-check.js';
import { call, startTestService, type TestService } from '../../support/service.js';

/**
 * The SDK's billing methods against the real service: each method sends the route
 * its operationId names and gets back the `data` its type promises. The tiny transport signs
 * with the SDK's own client, checks every answer against the OpenAPI document, and throws on
 * an error status so a method's happy call cannot pass by accident.
 */
describe('SDK: BillingApi against the real service', () => {
  let svc: TestService;
  let tenant: BillingTenant;
  let billing: BillingApi;
  const sent: string[] = [];

  before(async () => {
    svc = await startTestService();
    tenant = await createBillingTenant(svc.baseUrl);
    const client = await (await startExternalHarness(svc)).clientFor(tenant.caller);
    const answer = async (method: string, path: string, body?: object) => {
      const res = await client.request<{ data: unknown; pagination?: unknown }>(method, path, body);
      sent.push(`${method} ${path.split('?')[0]}`);
      checkResponse(method, `/api/v1/external${path}`, res.status, res.body);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const withQuery = (path: string, query: QueryInput = {}) => {
      const qs = new URLSearchParams(
        Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
      ).toString();
      return qs ? `${path}?${qs}` : path;
    };
    const transport: Transport = {
      send: async <T>(method: string, path: string, input: { query?: QueryInput; body?: object } = {}) =>
        (await answer(method, withQuery(path, input.query), input.body)).data as T,
      sendPage: async <T>(path: string, query?: QueryInput) =>
        (await answer('GET', withQuery(path, query))) as PageOf<T>,
    };
    billing = new BillingApi(transport);
  });
  after(() => svc.stop());

  const newInvoice = () =>
    billing.createInvoice({
      customerId: tenant.customerId,
      paymentMethod: 'CASH',
      items: [
        { productId: tenant.productIds[0], quantity: 2, unitPrice: 10 },
        { productId: tenant.productIds[1], quantity: 1, unitPrice: 5.5 },
      ],
    });
  const approve = async (id: string) => {
    const res = await call(svc.baseUrl, 'POST', `/api/v1/admin/invoices/${id}/approve`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };

  it('customers: createCustomer, then listCustomers finds it', async () => {
    const created = await billing.createCustomer({ name: 'Zed Shop', email: 'zed@example.com' });
    expect(created).to.include({ name: 'Zed Shop', email: 'zed@example.com', phone: null });
    const page = await billing.listCustomers({ search: 'Zed', limit: 5 });
    expect(page.data.map((c) => c.id)).to.deep.equal([created.id]);
    expect(page.pagination).to.include({ total: 1, page: 1, limit: 5 });
  });

  it('invoices: createInvoice, listInvoices, getInvoice, voidInvoice', async () => {
    const invoice = await newInvoice();
    expect(invoice).to.include({ status: 'DRAFT', totalAmount: 25.5, customerId: tenant.customerId });
    expect(invoice.items).to.have.length(2);

    const page = await billing.listInvoices({ status: 'DRAFT' });
    expect(page.data.map((i) => i.id)).to.include(invoice.id);

    const detail = await billing.getInvoice(invoice.id);
    expect(detail).to.include({ id: invoice.id, billNumber: invoice.billNumber, amountDue: 25.5 });
    expect(detail.payments).to.deep.equal([]);

    const voided = await billing.voidInvoice(invoice.id, { reason: 'Wrong customer' });
    expect(voided).to.include({ id: invoice.id, status: 'VOIDED', voidReason: 'Wrong customer' });
  });

  it('payments and refunds: recordPayment, createRefund', async () => {
    const invoice = await newInvoice();
    await approve(invoice.id);
    const payment = await billing.recordPayment(invoice.id, { amount: 20, method: 'CARD', reference: 'POS-1' });
    expect(payment).to.include({ invoiceId: invoice.id, amount: 20, method: 'CARD', amountDue: 5.5 });

    const refund = await billing.createRefund({ invoiceId: invoice.id, amount: 5, reason: 'One mug broken' });
    expect(refund).to.include({ invoiceId: invoice.id, amount: 5, status: 'PROCESSED', method: null });

    const detail = await billing.getInvoice(invoice.id);
    expect(detail.payments.map((p) => p.id)).to.deep.equal([payment.id]);
    expect(detail.refunds.map((r) => r.id)).to.deep.equal([refund.id]);
  });

  it('notes: createCreditNote, createDebitNote, createNote, listCreditNotes, listDebitNotes', async () => {
    const invoice = await newInvoice();
    await approve(invoice.id);
    const credit = await billing.createCreditNote({ invoiceId: invoice.id, amount: 3, reason: 'Discount' });
    expect(credit).to.include({ invoiceId: invoice.id, amount: 3, status: 'DRAFT' });
    expect(credit.creditNoteNumber).to.be.a('string');

    const debit = await billing.createDebitNote({ invoiceId: invoice.id, amount: 2, reason: 'Delivery' });
    expect(debit.debitNoteNumber).to.be.a('string');

    const issued = await billing.createNote({ type: 'DEBIT', invoiceId: invoice.id, amount: 1, reason: 'Packing' });
    expect(issued.type).to.equal('DEBIT');
    expect(issued).to.have.property('debitNoteNumber');

    expect((await billing.listCreditNotes()).data.map((n) => n.id)).to.deep.equal([credit.id]);
    expect((await billing.listDebitNotes({ limit: 10 })).data.map((n) => n.id)).to.have.members([debit.id, issued.id]);
  });

  it('every method of BillingApi was called, each on its own route', () => {
    const methods = Object.getOwnPropertyNames(BillingApi.prototype).filter((m) => m !== 'constructor');
    expect(methods).to.have.length(13);
    // 13 routes of the external billing API, each reached at least once.
    const routes = new Set(sent.map((s) => s.replace(/[0-9a-f-]{36}/g, ':id')));
    expect([...routes].sort()).to.deep.equal(
      [
        'GET /billing/credit-notes',
        'GET /billing/customers',
        'GET /billing/debit-notes',
        'GET /billing/invoices',
        'GET /billing/invoices/:id',
        'PATCH /billing/invoices/:id/void',
        'POST /billing/credit-notes',
        'POST /billing/customers',
        'POST /billing/debit-notes',
        'POST /billing/invoices',
        'POST /billing/invoices/:id/payments',
        'POST /billing/notes',
        'POST /billing/refunds',
      ].sort(),
    );
  });
});
