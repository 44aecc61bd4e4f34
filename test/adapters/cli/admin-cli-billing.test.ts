import { expect } from 'chai';
import type { BackOfficeUseCases } from '../../../src/application/back-office.js';
import type { BillingUseCases } from '../../../src/application/billing/index.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { runAdminCli } from '../../../src/adapters/cli/admin-cli.js';
import { createBillingTenant } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: billing', () => {
  let svc: TestService;
  let uc: BackOfficeUseCases;
  let billing: BillingUseCases;
  before(async () => {
    svc = await startTestService();
    uc = svc.container.get<BackOfficeUseCases>(TOKENS.BackOfficeUseCases);
    billing = svc.container.get<BillingUseCases>(TOKENS.BillingUseCases);
  });
  after(async () => {
    await svc.stop();
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(argv, uc, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.length ? JSON.parse(out.join('\n')) : null, err: err.join('\n') };
  }

  it('approves invoices and approves or voids credit and debit notes', async () => {
    const t = await createBillingTenant(svc.baseUrl, 'CLI billing');
    const inv = await billing.createInvoice.execute(t.caller, {
      customerId: t.customerId,
      paymentMethod: 'CASH',
      items: [{ productId: t.productIds[0], quantity: 2, unitPrice: 10 }],
    });
    const approved = await run('invoice:approve', '--id', inv.id);
    expect(approved.code, approved.err).to.equal(0);
    expect(approved.out).to.include({ id: inv.id, status: 'APPROVED', billNumber: 'INV-2026-000001', amountDue: 20 });
    const events = await svc.database.knex('outbox_events').where({ tenant_id: t.tenantId });
    expect(events.map((e: { event_name: string }) => e.event_name)).to.deep.equal(['billing.invoice.created']);

    const input = { invoiceId: inv.id, amount: 5, reason: 'r' };
    const cn = await billing.createCreditNote.execute(t.caller, input);
    const dn = await billing.createDebitNote.execute(t.caller, input);
    const cn2 = await billing.createCreditNote.execute(t.caller, input);
    const dn2 = await billing.createDebitNote.execute(t.caller, input);
    expect((await run('credit-note:approve', '--id', cn.id)).out).to.include({ status: 'APPROVED', kind: 'CREDIT' });
    expect((await run('debit-note:approve', '--id', dn.id)).out).to.include({ status: 'APPROVED', kind: 'DEBIT' });
    expect((await run('credit-note:void', '--id', cn2.id, '--reason', 'Typo')).out).to.include({
      status: 'VOIDED',
      voidReason: 'Typo',
    });
    expect((await run('debit-note:void', '--id', dn2.id)).out).to.include({ status: 'VOIDED' });
  });

  it('reports refusals with their code (exit 1) and bad ids as usage errors (exit 2)', async () => {
    const missing = await run('invoice:approve', '--id', '99999999-9999-4999-8999-999999999999');
    expect(missing.code).to.equal(1);
    expect(missing.err).to.equal('NOT_FOUND: Invoice not found');
    const bad = await run('credit-note:approve', '--id', 'nope');
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain('--id must be a UUID');
    expect((await run('debit-note:void')).err).to.contain('--id is required');
  });
});
