import { expect } from 'chai';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { TEST_DATABASE_URL } from '../support/database.js';
import { clientFor, createBillingTenant, createIntegration, type BillingTenant } from '../support/mothers.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';

/**
 * Payments and refunds under real parallel HTTP requests through the signing SDK, on a
 * PostgreSQL server (each succeeds unless it would exceed the amount due, or
 * the refundable amount, at its turn; never a 409/503 because two requests met).
 */
describe('e2e: parallel payments and refunds (PostgreSQL server)', () => {
  let h: ServiceHarness;
  let n = 0;
  before(async function () {
    if (!TEST_DATABASE_URL) {
      console.log(
        '      skipped: these races need a PostgreSQL server in TEST_DATABASE_URL (the embedded database has one connection)',
      );
      this.skip();
    }
    h = await startServiceHarness();
  });
  after(async () => {
    await h?.stop();
  });

  interface World extends BillingTenant {
    api: ExternalApiClient;
  }

  async function world(): Promise<World> {
    n += 1;
    const t = await createBillingTenant(h.svc.baseUrl, `Payments race ${n}`);
    return { ...t, api: clientFor(h.svc.baseUrl, await createIntegration(h.svc.baseUrl, t, { role: 'BILLING' })) };
  }

  async function draftInvoice(w: World, total: number): Promise<string> {
    const r = await w.api.request('POST', '/billing/invoices', {
      customerId: w.customerId,
      paymentMethod: 'CARD',
      items: [{ productId: w.productIds[0], quantity: 1, unitPrice: total }],
    });
    expect(r.status).to.equal(201);
    return (r.body as any).data.id;
  }

  const knex = () => h.svc.database.knex;
  const eventsOf = (tenantId: string, name: string) =>
    knex()('outbox_events').where({ tenant_id: tenantId, event_name: name }).select('payload');
  const invoiceRow = (id: string) => knex()('invoices').where({ id }).first();

  it('12 parallel payments of 10 on an amount due of 70: exactly 7 accepted, PAID, amount paid 100, one billing.invoice.created, seven billing.payment.received', async () => {
    const w = await world();
    const id = await draftInvoice(w, 100);
    // The first payment approves the DRAFT (billing.invoice.created) and leaves 70 due.
    const first = await w.api.request('POST', `/billing/invoices/${id}/payments`, { amount: 30, method: 'CASH' });
    expect((first.body as any).data).to.include({ invoiceStatus: 'APPROVED', amountDue: 70 });

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        w.api.request('POST', `/billing/invoices/${id}/payments`, { amount: 10, method: 'CARD', reference: `r${i}` }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(accepted).to.have.length(7);
    expect(refused).to.have.length(5);
    // The seventh made the invoice PAID: those after it meet a PAID invoice, which takes no payment.
    for (const r of refused) {
      expect(r.body).to.include({
        status: 409,
        code: 'INVALID_STATE',
        message: 'Cannot record a payment on an invoice in status PAID',
      });
    }
    // Each accepted payment saw the amount due of its turn: 60, 50, ..., 0, the last one PAID.
    const dues = accepted.map((r) => (r.body as any).data.amountDue).sort((a: number, b: number) => b - a);
    expect(dues).to.deep.equal([60, 50, 40, 30, 20, 10, 0]);
    expect(accepted.filter((r) => (r.body as any).data.invoiceStatus === 'PAID')).to.have.length(1);

    const detail = ((await w.api.request('GET', `/billing/invoices/${id}`)).body as any).data;
    expect(detail).to.include({ status: 'PAID', amountPaid: 100, amountDue: 0 });
    expect(detail.payments).to.have.length(8);
    expect(await invoiceRow(id)).to.include({ status: 'PAID', payments_total: '100.00' });
    const { rows } = await knex().raw(`SELECT sum(amount) AS s FROM payments WHERE invoice_id = ?`, [id]);
    expect(rows[0].s).to.equal('100.00');

    expect(await eventsOf(w.tenantId, 'billing.invoice.created')).to.have.length(1);
    const received = (await eventsOf(w.tenantId, 'billing.payment.received')).map((e: any) => e.payload.id);
    const raceIds = accepted.map((r) => (r.body as any).data.id);
    expect(received.filter((eventId: string) => raceIds.includes(eventId))).to.have.length(7);
    expect(received).to.have.length(8); // the seven of the race and the first payment's
    // Gapless PAY- numbers: the refused payments gave theirs back.
    const numbers = (await knex()('payments').where({ invoice_id: id }).pluck('number')).sort();
    expect(numbers).to.deep.equal(Array.from({ length: 8 }, (_, i) => `PAY-2026-${String(i + 1).padStart(6, '0')}`));
  });

  it('12 parallel first payments of 10 on a DRAFT of 70: 7 accepted, the invoice approved once (one billing.invoice.created)', async () => {
    const w = await world();
    const id = await draftInvoice(w, 70);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        w.api.request('POST', `/billing/invoices/${id}/payments`, { amount: 10, method: 'QR' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).to.have.length(7);
    expect(results.filter((r) => r.status === 409)).to.have.length(5);
    expect(await invoiceRow(id)).to.include({ status: 'PAID', payments_total: '70.00' });
    expect(await eventsOf(w.tenantId, 'billing.invoice.created')).to.have.length(1);
    expect(await eventsOf(w.tenantId, 'billing.payment.received')).to.have.length(7);
  });

  it('13 parallel payments of 6 on 70 due: 11 accepted, 2 refused as exceeding the 4 left; still APPROVED', async () => {
    const w = await world();
    const id = await draftInvoice(w, 70);
    const results = await Promise.all(
      Array.from({ length: 13 }, () =>
        w.api.request('POST', `/billing/invoices/${id}/payments`, { amount: 6, method: 'CARD' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).to.have.length(11);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => (r.body as any).message)).to.deep.equal(Array(2).fill('Payment exceeds the amount due'));
    expect(await invoiceRow(id)).to.include({ status: 'APPROVED', payments_total: '66.00' });
    expect(
      ((await w.api.request('POST', `/billing/invoices/${id}/payments`, { amount: 4, method: 'CASH' })).body as any)
        .data,
    ).to.include({
      invoiceStatus: 'PAID',
      amountDue: 0,
    });
  });

  it('parallel refunds never exceed the refundable amount (APPROVED: the amount paid; PAID: the overpayment)', async () => {
    const w = await world();
    const approved = await draftInvoice(w, 100);
    expect(
      (await w.api.request('POST', `/billing/invoices/${approved}/payments`, { amount: 50, method: 'CASH' })).status,
    ).to.equal(201);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        w.api.request('POST', '/billing/refunds', { invoiceId: approved, amount: 7, reason: 'Return' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).to.have.length(7);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.body).to.include({ status: 400, message: 'Refund exceeds the refundable amount' });
    }
    expect(await invoiceRow(approved)).to.include({
      status: 'APPROVED',
      payments_total: '50.00',
      refunds_total: '49.00',
    });

    // PAID with an approved credit note of 10: only 10 may go back, whoever asks first.
    const paid = await draftInvoice(w, 40);
    expect(
      (await w.api.request('POST', `/billing/invoices/${paid}/payments`, { amount: 40, method: 'CARD' })).status,
    ).to.equal(201);
    const note = await w.api.request('POST', '/billing/notes', {
      type: 'CREDIT',
      invoiceId: paid,
      amount: 10,
      reason: 'Discount',
    });
    expect((await h.admin('POST', `/credit-notes/${(note.body as any).data.id}/approve`)).status).to.equal(200);
    const overpaid = await Promise.all(
      Array.from({ length: 10 }, () =>
        w.api.request('POST', '/billing/refunds', { invoiceId: paid, amount: 3, reason: 'Overpaid' }),
      ),
    );
    expect(overpaid.filter((r) => r.status === 201)).to.have.length(3);
    expect(await invoiceRow(paid)).to.include({ status: 'PAID', refunds_total: '9.00' });
    const { rows } = await knex().raw(
      `SELECT i.id, i.refunds_total, COALESCE(sum(r.amount), 0) AS refunded FROM invoices i
         LEFT JOIN refunds r ON r.invoice_id = i.id WHERE i.tenant_id = ? GROUP BY i.tenant_id, i.id, i.refunds_total`,
      [w.tenantId],
    );
    for (const row of rows) expect(Number(row.refunded)).to.equal(Number(row.refunds_total));
    expect(await eventsOf(w.tenantId, 'billing.refund.processed')).to.have.length(10);
  });

  it('a payment racing a void: exactly one wins, and the balances agree with the winner', async () => {
    const w = await world();
    const outcomes = { paid: 0, voided: 0 };
    for (let round = 0; round < 8; round++) {
      const id = await draftInvoice(w, 25);
      const ordered = [
        () => w.api.request('POST', `/billing/invoices/${id}/payments`, { amount: 25, method: 'CASH' }),
        () => w.api.request('PATCH', `/billing/invoices/${id}/void`, { reason: 'Customer left' }),
      ];
      if (round % 2 === 1) ordered.reverse();
      const [a, b] = await Promise.all(ordered.map((send) => send()));
      const [payment, voided] = round % 2 === 1 ? [b!, a!] : [a!, b!];
      const row = await invoiceRow(id);
      const paymentRows = await knex()('payments').where({ invoice_id: id });
      if (payment.status === 201) {
        outcomes.paid += 1;
        expect(voided.body).to.include({ status: 409, code: 'INVALID_STATE' });
        expect(row).to.include({ status: 'PAID', payments_total: '25.00' });
        expect(paymentRows).to.have.length(1);
      } else {
        outcomes.voided += 1;
        expect(voided.status, JSON.stringify(voided.body)).to.equal(200);
        expect(payment.body).to.include({ status: 409, code: 'INVALID_STATE' });
        expect(row).to.include({ status: 'VOIDED', payments_total: '0.00' });
        expect(paymentRows).to.have.length(0);
      }
    }
    expect(outcomes.paid + outcomes.voided).to.equal(8);
    if (process.env.TEST_TIMINGS) console.log(`      payment won ${outcomes.paid}, void won ${outcomes.voided}`);
  });
});
