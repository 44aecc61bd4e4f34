import { expect } from 'chai';
import { startExternalHarness, type ExternalHarness } from '../../support/external-harness.js';
import { cliFor, type CliRun } from '../../support/cli.js';
import { createBillingTenant } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: billing', () => {
  let svc: TestService;
  let h: ExternalHarness;
  let run: (...argv: string[]) => Promise<CliRun>;
  before(async () => {
    svc = await startTestService();
    h = await startExternalHarness(svc);
    run = cliFor(svc);
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  it('approves invoices and approves or voids credit and debit notes', async () => {
    const t = await createBillingTenant(svc.baseUrl, 'CLI billing');
    const inv = await h.call(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CASH',
      items: [{ productId: t.productIds[0], quantity: 2, unitPrice: 10 }],
    });
    expect(inv.status, JSON.stringify(inv.body)).to.equal(201);
    const invoiceId: string = inv.body.data.id;
    const approved = await run('invoice:approve', '--id', invoiceId, '--json');
    expect(approved.code, approved.err).to.equal(0);
    expect(approved.json()).to.include({
      id: invoiceId,
      status: 'APPROVED',
      billNumber: 'INV-2026-000001',
      amountDue: 20,
    });
    const events = await svc.database.knex('outbox_events').where({ tenant_id: t.tenantId });
    expect(events.map((e: { event_name: string }) => e.event_name)).to.deep.equal(['billing.invoice.created']);

    const note = async (kind: 'credit' | 'debit') => {
      const r = await h.call(t.caller, 'POST', `/billing/${kind}-notes`, { invoiceId, amount: 5, reason: 'r' });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      return r.body.data.id as string;
    };
    const [cn, dn, cn2, dn2] = [await note('credit'), await note('debit'), await note('credit'), await note('debit')];
    expect((await run('credit-note:approve', '--id', cn, '--json')).json()).to.include({ id: cn, status: 'APPROVED' });
    expect((await run('debit-note:approve', '--id', dn, '--json')).json()).to.include({ id: dn, status: 'APPROVED' });
    expect((await run('credit-note:void', '--id', cn2, '--reason', 'Typo', '--json')).json()).to.include({
      id: cn2,
      status: 'VOIDED',
      voidReason: 'Typo',
    });
    expect((await run('debit-note:void', '--id', dn2, '--json')).json()).to.include({ status: 'VOIDED' });
  });

  it("records a payment, lists an invoice's payments and refunds (table and --json)", async () => {
    const t = await createBillingTenant(svc.baseUrl, 'CLI payments');
    const inv = await h.call(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CARD',
      items: [{ productId: t.productIds[0], quantity: 1, unitPrice: 50 }],
    });
    const invoiceId: string = inv.body.data.id;
    const paid = await run(
      'payment:record',
      '--invoice',
      invoiceId,
      '--amount',
      '20.5',
      '--method',
      'CASH',
      '--reference',
      'till-1',
      '--json',
    );
    expect(paid.code, paid.err).to.equal(0);
    expect(paid.json()).to.include({
      paymentNumber: 'PAY-2026-000001',
      amount: 20.5,
      method: 'CASH',
      reference: 'till-1',
      invoiceStatus: 'APPROVED',
      amountDue: 29.5,
    });
    const refund = await h.call(t.caller, 'POST', '/billing/refunds', { invoiceId, amount: 0.5, reason: 'Rounding' });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(201);

    const table = await run('invoice:payments', '--id', invoiceId);
    expect(table.code, table.err).to.equal(0);
    expect(table.out).to.contain('paymentNumber').and.contain('PAY-2026-000001').and.contain('till-1');
    expect(table.out.split('\n').at(-1)).to.equal('1 of 1 (page 1, limit 10)');
    const refunds = await run('invoice:refunds', '--id', invoiceId, '--json');
    expect(refunds.json().map((r: any) => [r.refundNumber, r.amount, r.status])).to.deep.equal([
      ['RF-2026-000001', 0.5, 'PROCESSED'],
    ]);

    const tooMuch = await run('payment:record', '--invoice', invoiceId, '--amount', '31', '--method', 'CARD');
    expect(tooMuch.code).to.equal(2); // a 400 is the caller's input: printed with the command's usage
    expect(tooMuch.err).to.match(/^VALIDATION_ERROR: Payment exceeds the amount due\n/);
    expect((await run('payment:record', '--invoice', invoiceId, '--amount', '30', '--method', 'QR')).code).to.equal(0);
    const onPaid = await run('payment:record', '--invoice', invoiceId, '--amount', '1', '--method', 'QR');
    expect(onPaid.code).to.equal(1);
    expect(onPaid.err).to.equal('INVALID_STATE: Cannot record a payment on an invoice in status PAID');
    const badMethod = await run('payment:record', '--invoice', invoiceId, '--amount', '1', '--method', 'GOLD');
    expect(badMethod.code).to.equal(2);
  });

  it('reports refusals with their code (exit 1) and bad ids as usage errors (exit 2)', async () => {
    const missing = await run('invoice:approve', '--id', '99999999-9999-4999-8999-999999999999');
    expect(missing.code).to.equal(1);
    expect(missing.err).to.equal('NOT_FOUND: Invoice not found');
    const bad = await run('credit-note:approve', '--id', 'nope');
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain('VALIDATION_ERROR: Invalid id parameter. Must be a valid UUID.');
    const noId = await run('debit-note:void');
    expect(noId.code).to.equal(2);
    expect(noId.err).to.contain("required option '--id <id>' not specified");
  });
});
