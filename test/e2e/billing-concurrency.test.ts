import { expect } from 'chai';
import { TEST_DATABASE_URL } from '../support/database.js';
import type { BillingUseCases } from '../../src/application/billing/index.js';
import { TOKENS } from '../../src/application/tokens.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';

/** Runs `count` tasks with at most `inFlight` of them running at once. */
async function bounded<T>(count: number, inFlight: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  return results;
}

describe('e2e: billing under concurrency (real database)', () => {
  let h: ServiceHarness;
  let uc: BillingUseCases;
  let n = 0;
  before(async () => {
    h = await startServiceHarness();
    uc = h.svc.container.get<BillingUseCases>(TOKENS.BillingUseCases);
  });
  after(async () => {
    await h.stop();
  });

  async function tenant(): Promise<BillingTenant> {
    n += 1;
    return createBillingTenant(h.svc.baseUrl, `Concurrent ${n}`);
  }

  async function approvedInvoice(t: BillingTenant, total: number): Promise<{ id: string; billNumber: string }> {
    const created = await h.external(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CARD',
      items: [{ productId: t.productIds[0], quantity: 1, unitPrice: total }],
    });
    const approved = await h.admin('POST', `/invoices/${created.body.data.id}/approve`);
    expect(approved.status).to.equal(200);
    return approved.body.data;
  }

  it('50 parallel voids of one invoice: one 200, 49 × 409 "Invoice is already voided", one outbox event', async () => {
    const t = await tenant();
    const inv = await approvedInvoice(t, 42);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.external(t.caller, 'PATCH', `/billing/invoices/${inv.id}/void`, { reason: `attempt ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).to.have.length(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).to.have.length(49);
    for (const r of refused) expect(r.body).to.include({ code: 'CONFLICT', message: 'Invoice is already voided' });
    const events = await h.svc.database
      .knex('outbox_events')
      .where({ tenant_id: t.tenantId, event_name: 'billing.invoice.voided' });
    expect(events).to.have.length(1);
    expect(events[0].payload).to.include({ id: inv.id, code: inv.billNumber, action: 'VOID' });
  });

  for (const count of [15, 20]) {
    it(`${count} parallel credit notes of 10 against a balance of 100: exactly 10 created, their sum is 100`, async () => {
      const t = await tenant();
      const inv = await approvedInvoice(t, 100);
      const results = await Promise.all(
        Array.from({ length: count }, () =>
          h.external(t.caller, 'POST', '/billing/credit-notes', { invoiceId: inv.id, amount: 10, reason: 'Refund' }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).to.have.length(10);
      const refused = results.filter((r) => r.status === 400);
      expect(refused).to.have.length(count - 10);
      for (const r of refused) expect(r.body.message).to.equal('Credit note amount exceeds invoice balance');
      const rows = await h.svc.database.knex('credit_notes').where({ tenant_id: t.tenantId, invoice_id: inv.id });
      expect(rows.reduce((sum: number, r: { amount: string }) => sum + Number(r.amount), 0)).to.equal(100);
      // Gapless: the refused notes gave their numbers back.
      expect(rows.map((r: { number: string }) => r.number).sort()).to.deep.equal(
        Array.from({ length: 10 }, (_, i) => `CN-2026-${String(i + 1).padStart(6, '0')}`),
      );
    });
  }

  it('parallel credit-note creations and approvals on one invoice never take the net amount below 0', async () => {
    const t = await tenant();
    const inv = await approvedInvoice(t, 50);
    const first = await h.external(t.caller, 'POST', '/billing/credit-notes', {
      invoiceId: inv.id,
      amount: 20,
      reason: 'a',
    });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => h.admin('POST', `/credit-notes/${first.body.data.id}/approve`)),
      ...Array.from({ length: 10 }, () =>
        h.external(t.caller, 'POST', '/billing/credit-notes', { invoiceId: inv.id, amount: 5, reason: 'b' }),
      ),
    ]);
    expect(results.slice(0, 10).filter((r) => r.status === 200)).to.have.length(1);
    expect(results.slice(10).filter((r) => r.status === 201)).to.have.length(6);
    const { rows } = await h.svc.database.knex.raw(
      `SELECT sum(amount) FILTER (WHERE status = 'APPROVED') AS approved, sum(amount) AS all FROM credit_notes WHERE invoice_id = ?`,
      [inv.id],
    );
    expect(Number(rows[0].approved)).to.equal(20);
    expect(Number(rows[0].all)).to.equal(50);
  });

  // 1,000 on PostgreSQL (about 5 s). The embedded database runs one statement at a time and
  // needs 8-12 s for 1,000, so it runs 300 (about 3 s) to keep the suite fast.
  const CREATES = TEST_DATABASE_URL ? 1000 : 300;
  const where = TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database, 1,000 on PostgreSQL';
  it(`${CREATES} invoice creates across two tenants (${where}; 50 in flight): no duplicate and no missing number`, async function () {
    this.timeout(30_000);
    const tenants = [await tenant(), await tenant()];
    const started = Date.now();
    const invoices = await bounded(CREATES, 50, (i) => {
      const t = tenants[i % 2]!;
      return uc.createInvoice.execute(t.caller, {
        customerId: t.customerId,
        paymentMethod: 'CASH',
        items: [{ productId: t.productIds[i % 2]!, quantity: 1, unitPrice: 1 }],
      });
    });
    const elapsed = Date.now() - started;
    expect(invoices).to.have.length(CREATES);
    for (const t of tenants) {
      const rows = await h.svc.database.knex('invoices').where({ tenant_id: t.tenantId }).select('number');
      const numbers = rows.map((r: { number: string }) => r.number).sort();
      expect(numbers).to.deep.equal(
        Array.from({ length: CREATES / 2 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`),
      );
    }
    expect(elapsed, `${CREATES} creates took ${elapsed} ms`).to.be.below(15_000);
    if (process.env.TEST_TIMINGS) console.log(`      ${CREATES} invoice creates: ${elapsed} ms`);
  });
});
