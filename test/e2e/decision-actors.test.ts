import { expect } from 'chai';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';
import type { JsonResponse } from '../support/service.js';
import { asStaff, createStaff, signIn } from '../support/staff.js';

/** Calls the admin API as someone: a signed-in member, or the bootstrap token. */
type Admin = (method: string, path: string, body?: unknown) => Promise<JsonResponse>;

/** What one caller's decisions answered: each document as the decision left it. */
interface Decided {
  invoice: any;
  paidDraft: any;
  payment: any;
  credit: any;
  debit: any;
  order: any;
}

describe('e2e: decisions carry their actor (the caller, from its credentials)', () => {
  let h: ServiceHarness;
  let n = 0;
  before(async () => {
    h = await startServiceHarness();
  });
  after(async () => {
    await h.stop();
  });

  const ok = (r: JsonResponse, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201]);
    return r.body.data;
  };

  async function tenant(): Promise<BillingTenant> {
    n += 1;
    return createBillingTenant(h.svc.baseUrl, `Decisions ${n}`);
  }

  async function draftInvoice(t: BillingTenant, total: number) {
    const r = await h.external(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CREDIT',
      items: [{ productId: t.productIds[0], quantity: 1, unitPrice: total }],
    });
    return ok(r, 'invoice');
  }

  /**
   * Every decision that names its actor, taken by `admin`: approving an invoice, paying a DRAFT
   * one (which approves it), approving a credit note, voiding a debit note, cancelling a purchase
   * order. The order is placed with the bootstrap token (placing one is an ADMIN's).
   */
  async function decideEverything(t: BillingTenant, admin: Admin): Promise<Decided> {
    const draft = await draftInvoice(t, 100);
    const invoice = ok(await admin('POST', `/invoices/${draft.id}/approve`), 'approval');
    const toPay = await draftInvoice(t, 50);
    const payment = ok(
      await admin('POST', `/invoices/${toPay.id}/payments`, { amount: 20, method: 'CASH' }),
      'payment',
    );
    const paidDraft = ok(await h.external(t.caller, 'GET', `/billing/invoices/${toPay.id}`), 'paid invoice');
    const note = async (kind: 'credit' | 'debit') =>
      ok(
        await h.external(t.caller, 'POST', `/billing/${kind}-notes`, { invoiceId: invoice.id, amount: 5, reason: 'r' }),
        `${kind} note`,
      );
    const credit = ok(await admin('POST', `/credit-notes/${(await note('credit')).id}/approve`), 'note approval');
    const debit = ok(await admin('POST', `/debit-notes/${(await note('debit')).id}/void`, { reason: 'Typo' }), 'void');
    const placed = ok(
      await h.admin('POST', `/tenants/${t.tenantId}/purchase-orders`, {
        supplierName: 'Acme',
        warehouseId: t.warehouseId,
        items: [{ productId: t.productIds[0], quantity: 5, unitCost: 1 }],
      }),
      'purchase order',
    );
    const order = ok(await admin('POST', `/purchase-orders/${placed.id}/cancel`, {}), 'cancellation');
    return { invoice, paidDraft, payment, credit, debit, order };
  }

  /** Each answer and each stored row names `by`, and nothing that was not decided names anyone. */
  async function expectDecidedBy(d: Decided, by: string): Promise<void> {
    expect(d.invoice).to.include({ status: 'APPROVED', approvedBy: by });
    expect(d.paidDraft).to.include({ status: 'APPROVED', approvedBy: by });
    expect(d.paidDraft.payments).to.have.length(1);
    expect(d.paidDraft.payments[0]).to.include({ id: d.payment.id, recordedBy: by });
    expect(d.payment).to.include({ invoiceStatus: 'APPROVED', recordedBy: by });
    expect(d.credit).to.include({ status: 'APPROVED', approvedBy: by, voidedBy: null });
    expect(d.debit).to.include({ status: 'VOIDED', voidedBy: by, approvedBy: null });
    expect(d.order).to.include({ status: 'CANCELLED', cancelledBy: by });

    const k = h.svc.database.knex;
    const row = async (table: string, id: string) => k(table).where({ id }).first();
    expect((await row('invoices', d.invoice.id)).approved_by).to.equal(by);
    expect((await row('invoices', d.paidDraft.id)).approved_by).to.equal(by);
    expect((await row('payments', d.payment.id)).recorded_by).to.equal(by);
    expect(await row('credit_notes', d.credit.id)).to.include({ approved_by: by, voided_by: null });
    expect(await row('debit_notes', d.debit.id)).to.include({ approved_by: null, voided_by: by });
    expect((await row('purchase_orders', d.order.id)).cancelled_by).to.equal(by);
  }

  it("a staff APPROVER's decisions keep its email on each document, and webhook payloads stay as they were", async () => {
    const t = await tenant();
    const email = `approver-${n}@example.com`;
    await createStaff(h.svc.baseUrl, { email, role: 'APPROVER', tenantIds: [t.tenantId] });
    const { cookie } = await signIn(h.svc.baseUrl, email);
    const decided = await decideEverything(t, asStaff(h.svc.baseUrl, cookie!));
    await expectDecidedBy(decided, email);

    const listed = ok(
      await asStaff(h.svc.baseUrl, cookie!)('GET', `/invoices/${decided.paidDraft.id}/payments`),
      'payments',
    );
    expect(listed.map((p: any) => p.recordedBy)).to.deep.equal([email]);
    // Who decided is in the answers and the audit log, never in what integrations are sent.
    const events = await h.svc.database.knex('outbox_events').where({ tenant_id: t.tenantId });
    expect(events.map((e) => e.event_name)).to.include.members(['billing.invoice.created', 'billing.payment.received']);
    expect(JSON.stringify(events.map((e) => e.payload))).to.not.include(email);
    for (const e of events) expect(e.payload).to.not.have.any.keys('approvedBy', 'recordedBy');
  });

  it('the bootstrap token (and the command line, which acts as it) leaves `bootstrap`', async () => {
    const t = await tenant();
    await expectDecidedBy(await decideEverything(t, h.admin), 'bootstrap');
  });

  it("an integration's payment names no one, nor the invoice it approves; a body cannot name anyone", async () => {
    const t = await tenant();
    const draft = await draftInvoice(t, 40);
    const paid = await h.external(t.caller, 'POST', `/billing/invoices/${draft.id}/payments`, {
      amount: 10,
      method: 'QR',
    });
    expect(ok(paid, 'payment')).to.include({ invoiceStatus: 'APPROVED', recordedBy: null });
    const invoice = ok(await h.external(t.caller, 'GET', `/billing/invoices/${draft.id}`), 'invoice');
    expect(invoice).to.include({ status: 'APPROVED', approvedBy: null });
    expect(invoice.payments[0]).to.include({ recordedBy: null });

    const named = await h.admin('POST', `/invoices/${draft.id}/payments`, {
      amount: 1,
      method: 'CASH',
      recordedBy: 'someone-else',
    });
    expect(named.status).to.equal(400);
    expect(named.body.code).to.equal('VALIDATION_ERROR');
    const order = ok(
      await h.admin('POST', `/tenants/${t.tenantId}/purchase-orders`, {
        supplierName: 'Acme',
        warehouseId: t.warehouseId,
        items: [{ productId: t.productIds[0], quantity: 1, unitCost: 1 }],
      }),
      'purchase order',
    );
    expect(order.cancelledBy).to.equal(null);
    const cancelNamed = await h.admin('POST', `/purchase-orders/${order.id}/cancel`, { cancelledBy: 'someone-else' });
    expect(cancelNamed.status).to.equal(400);
    const orders = () => h.svc.database.knex('purchase_orders').where({ id: order.id });
    expect((await orders().first()).status).to.equal('OPEN');
    // The table refuses a canceller on an order that is not CANCELLED.
    await expect(orders().update({ cancelled_by: 'someone-else' })).to.be.rejected.and.eventually.have.property(
      'code',
      '23514',
    );
  });
});
