import { expect } from 'chai';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';
import { call } from '../support/service.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

describe('e2e: back-office billing API', () => {
  let h: ServiceHarness;
  let n = 0;
  before(async () => {
    h = await startServiceHarness();
  });
  after(async () => {
    await h.stop();
  });

  async function tenant(): Promise<BillingTenant> {
    n += 1;
    return createBillingTenant(h.svc.baseUrl, `Back office ${n}`);
  }

  async function draftInvoice(t: BillingTenant, total = 100) {
    const r = await h.external(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CREDIT',
      items: [{ productId: t.productIds[0], quantity: 1, unitPrice: total }],
    });
    return r.body.data;
  }

  async function note(t: BillingTenant, kind: 'credit' | 'debit', invoiceId: string, amount: number) {
    const r = await h.external(t.caller, 'POST', `/billing/${kind}-notes`, { invoiceId, amount, reason: 'r' });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    return r.body.data;
  }

  it('approves an invoice: APPROVED, and billing.invoice.created in the outbox with the spec 2.10 payload', async () => {
    const t = await tenant();
    const inv = await draftInvoice(t);
    const r = await h.admin('POST', `/invoices/${inv.id}/approve`);
    expect(r.status).to.equal(200);
    expect(r.body.data).to.include({ id: inv.id, billNumber: inv.billNumber, status: 'APPROVED', amountDue: 100 });
    expect(r.body.data.approvedAt).to.be.a('string');
    const events = await h.svc.database.knex('outbox_events').where({ tenant_id: t.tenantId });
    expect(events).to.have.length(1);
    expect(events[0].event_name).to.equal('billing.invoice.created');
    const { timestamp, ...payload } = events[0].payload;
    expect(payload).to.deep.equal({
      id: inv.id,
      code: inv.billNumber,
      branchId: t.branchId,
      resource: 'INVOICE',
      action: 'CREATE',
    });
    expect(new Date(timestamp).toISOString()).to.equal(timestamp);

    const again = await h.admin('POST', `/invoices/${inv.id}/approve`);
    expect(again.status).to.equal(409);
    expect(again.body).to.include({ code: 'INVALID_STATE', message: 'Cannot approve an invoice in status APPROVED' });
    expect(await h.svc.database.knex('outbox_events').where({ tenant_id: t.tenantId })).to.have.length(1);
  });

  it('answers 404, 400 and 401 in the envelope', async () => {
    const missing = await h.admin('POST', `/invoices/${MISSING}/approve`);
    expect(missing.status).to.equal(404);
    expect(missing.body.message).to.equal('Invoice not found');
    for (const kind of ['credit', 'debit'] as const) {
      const label = kind === 'credit' ? 'Credit note not found' : 'Debit note not found';
      for (const action of ['approve', 'void']) {
        const r = await h.admin('POST', `/${kind}-notes/${MISSING}/${action}`);
        expect(r.status).to.equal(404);
        expect(r.body.message).to.equal(label);
      }
    }
    const bad = await h.admin('POST', '/credit-notes/nope/approve');
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.equal('Invalid id parameter. Must be a valid UUID.');
    const noToken = await call(h.svc.baseUrl, 'POST', `/api/v1/admin/invoices/${MISSING}/approve`, { token: null });
    expect(noToken.status).to.equal(401);
  });

  it('approves credit notes (lowering the net amount; a full credit settles the invoice) and debit notes', async () => {
    const t = await tenant();
    const inv = await draftInvoice(t, 100);
    await h.admin('POST', `/invoices/${inv.id}/approve`);
    const dn = await note(t, 'debit', inv.id, 20);
    const approvedDn = await h.admin('POST', `/debit-notes/${dn.id}/approve`);
    expect(approvedDn.status).to.equal(200);
    expect(approvedDn.body.data).to.include({ id: dn.id, debitNoteNumber: dn.debitNoteNumber, status: 'APPROVED' });
    const cn1 = await note(t, 'credit', inv.id, 50);
    const cn2 = await note(t, 'credit', inv.id, 70);
    expect((await h.admin('POST', `/credit-notes/${cn1.id}/approve`)).body.data.status).to.equal('APPROVED');
    let list = await h.external(t.caller, 'GET', '/billing/invoices');
    expect(list.body.data[0]).to.include({ status: 'APPROVED', totalAmount: 100, netAmount: 70, amountDue: 70 });
    expect((await h.admin('POST', `/credit-notes/${cn2.id}/approve`)).status).to.equal(200);
    list = await h.external(t.caller, 'GET', '/billing/invoices');
    expect(list.body.data[0]).to.include({ status: 'PAID', netAmount: 0, amountDue: 0 });
    const credits = await h.external(t.caller, 'GET', '/billing/credit-notes');
    expect(credits.body.data.map((c: { status: string }) => c.status)).to.deep.equal(['APPROVED', 'APPROVED']);
    const twice = await h.admin('POST', `/credit-notes/${cn2.id}/approve`);
    expect(twice.status).to.equal(409);
    expect(twice.body.code).to.equal('INVALID_STATE');
  });

  it('voids DRAFT notes (reason optional), freeing a credit note’s balance; approved notes cannot be voided', async () => {
    const t = await tenant();
    const inv = await draftInvoice(t, 30);
    await h.admin('POST', `/invoices/${inv.id}/approve`);
    const cn = await note(t, 'credit', inv.id, 30);
    const refused = await h.external(t.caller, 'POST', '/billing/credit-notes', {
      invoiceId: inv.id,
      amount: 1,
      reason: 'r',
    });
    expect(refused.status).to.equal(400);
    const voided = await h.admin('POST', `/credit-notes/${cn.id}/void`, { reason: 'Duplicate' });
    expect(voided.status).to.equal(200);
    expect(voided.body.data).to.include({ status: 'VOIDED', voidReason: 'Duplicate' });
    await note(t, 'credit', inv.id, 30);
    const dn = await note(t, 'debit', inv.id, 5);
    const dnVoided = await h.admin('POST', `/debit-notes/${dn.id}/void`);
    expect(dnVoided.body.data).to.include({ status: 'VOIDED', voidReason: null });
    const again = await h.admin('POST', `/debit-notes/${dn.id}/void`);
    expect(again.status).to.equal(409);
    expect((await h.admin('POST', `/debit-notes/${dn.id}/approve`)).status).to.equal(409);
    const blank = await h.admin('POST', `/credit-notes/${cn.id}/void`, { reason: ' ' });
    expect(blank.status).to.equal(400);
  });

  it('refuses to approve a note once its invoice is voided (409), leaving it DRAFT', async () => {
    const t = await tenant();
    const inv = await draftInvoice(t, 10);
    await h.admin('POST', `/invoices/${inv.id}/approve`);
    const cn = await note(t, 'credit', inv.id, 5);
    const dn = await note(t, 'debit', inv.id, 5);
    await h.external(t.caller, 'PATCH', `/billing/invoices/${inv.id}/void`, { reason: 'Cancelled' });
    for (const [kind, id] of [
      ['credit', cn.id],
      ['debit', dn.id],
    ]) {
      const r = await h.admin('POST', `/${kind}-notes/${id}/approve`);
      expect(r.status).to.equal(409);
      expect(r.body.code).to.equal('INVALID_STATE');
    }
    const rows = await h.svc.database.knex('credit_notes').where({ id: cn.id });
    expect(rows[0].status).to.equal('DRAFT');
  });
});
