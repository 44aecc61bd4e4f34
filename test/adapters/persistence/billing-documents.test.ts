import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { invoiceView } from '../../../src/adapters/shared/billing-views.js';
import { insertNumbered } from '../../../src/adapters/persistence/document-numbers.js';
import { FiscalYearNotFound } from '../../../src/domain/organization/errors.js';
import { UNNUMBERED } from '../../../src/domain/shared/document-number.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { billingWorld, type BillingIds } from '../../support/billing-world.js';

/** Reading an invoice with its documents, and numbering documents in the statement that stores them. */
describe('billing documents (real database)', () => {
  let db: Database;
  let uow: KnexUnitOfWork;
  let newInvoice: Awaited<ReturnType<typeof billingWorld>>['newInvoice'];
  let tenantId: string, branchId: string, fiscalYearId: string, productId: string;
  const now = new Date('2026-03-01T10:00:00.123Z');

  before(async () => {
    let ids: BillingIds;
    ({ db, uow, ids, newInvoice } = await billingWorld(now));
    ({ tenantId, branchId, fiscalYearId, productId } = ids);
  });

  it('numbers a payment and a refund in the statement that stores each, their events included; a foreign fiscal year writes nothing', async () => {
    const inv = newInvoice([{ productId, quantity: 1, unitPrice: 500 }]);
    inv.approve(now, 'approver@example.com');
    await uow.run((r) => r.invoices.add(inv));
    const ids = { branchId, fiscalYearId };
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    const [payment, refund] = await uow.run(async (r) => {
      const locked = (await r.invoices.findById(tenantId, inv.id, { forUpdate: true }))!;
      const payment = locked.recordPayment(
        { id: randomUUID(), ...ids, amount: 40, method: 'CASH', recordedBy: null },
        now,
      );
      const refund = locked.refund({ id: randomUUID(), ...ids, amount: 15, reason: 'Chipped' }, now);
      db.knex.on('query', record);
      await r.payments.add(payment);
      await r.refunds.add(refund);
      db.knex.off('query', record);
      return [payment, refund];
    });
    expect(statements, 'one statement each').to.have.length(2);
    const [paid, refunded] = [payment!.state().number, refund!.state().number];
    expect(paid).to.match(/^PAY-2026-\d{6}$/);
    expect(refunded).to.match(/^RF-2026-\d{6}$/);
    const stored = await db.knex('payments').where({ id: payment!.id }).first('number');
    expect(stored.number).to.equal(paid);
    const events = await db.knex('outbox_events').whereRaw("payload->>'id' IN (?, ?)", [payment!.id, refund!.id]);
    expect(events.map((e) => [e.event_name, e.payload.code]).sort()).to.deep.equal([
      ['billing.payment.received', paid],
      ['billing.refund.processed', refunded],
    ]);

    const counters = async () => db.knex('document_sequences').where({ tenant_id: tenantId }).orderBy('kind');
    const before = await counters();
    const foreignYear = { branchId, fiscalYearId: randomUUID() };
    await expect(
      uow.run(async (r) => {
        const locked = (await r.invoices.findById(tenantId, inv.id, { forUpdate: true }))!;
        const orphan = locked.recordPayment(
          { id: randomUUID(), ...foreignYear, amount: 1, method: 'CASH', recordedBy: null },
          now,
        );
        await r.payments.add(orphan);
      }),
    ).to.be.rejectedWith(FiscalYearNotFound);
    expect(await counters()).to.deep.equal(before);
    // Nor do the rows that would have gone with it (here, an outbox row standing for items).
    const outbox = async () => Number((await db.knex('outbox_events').count({ n: '*' }).first())!.n);
    const outboxBefore = await outbox();
    const row = { tenant_id: tenantId, fiscal_year_id: foreignYear.fiscalYearId, number: UNNUMBERED };
    const item = { tenant_id: tenantId, id: randomUUID(), event_name: 'x', payload: {}, occurred_at: now };
    await expect(
      insertNumbered(db.knex, 'payments', row, 'PAY', [], [{ table: 'outbox_events', rows: [item] }]),
    ).to.be.rejectedWith(FiscalYearNotFound);
    expect(await outbox()).to.equal(outboxBefore);
    expect(await db.knex('payments').where({ invoice_id: inv.id }).count({ n: '*' }).first()).to.deep.equal({ n: '1' });
  });

  it("reads an invoice's detail in one statement: each document as its repository stores it, newest first, then id", async () => {
    const inv = newInvoice([{ productId, quantity: 1, unitPrice: 987654321.99 }]);
    inv.approve(now, 'approver@example.com');
    await uow.run((r) => r.invoices.add(inv));
    const at = (s: number) => new Date(`2026-03-02T10:00:0${s}.123Z`);
    const document = () => ({ id: randomUUID(), branchId, fiscalYearId });
    const numbered = (prefix: string, n: number) => ({ ...document(), number: `${prefix}-2026-90000${n}` });
    const written = await uow.run(async (r) => {
      const locked = (await r.invoices.findById(tenantId, inv.id, { forUpdate: true }))!;
      const payments = [
        locked.recordPayment({ ...document(), amount: 123456789.01, method: 'CARD', recordedBy: null }, at(1)),
        locked.recordPayment(
          { ...document(), amount: 0.1, method: 'CASH', reference: 'slip', recordedBy: 'a@example.com' },
          at(3),
        ),
        locked.recordPayment({ ...document(), amount: 0.2, method: 'QR', recordedBy: null }, at(3)),
      ];
      for (const p of payments) await r.payments.add(p);
      const refund = locked.refund({ ...document(), amount: 0.3, reason: 'Chipped', method: 'CASH' }, at(4));
      await r.refunds.add(refund);
      const note = (kind: 'CREDIT' | 'DEBIT', n: number, amount: number, s: number) =>
        locked.issueNote(kind, { ...numbered(kind === 'CREDIT' ? 'CN' : 'DN', n), amount, reason: 'r' }, at(s));
      const credits = [note('CREDIT', 1, 10.01, 5), note('CREDIT', 2, 20.02, 6)];
      const debit = note('DEBIT', 1, 30.03, 7);
      for (const n of credits) await r.creditNotes.add(n);
      await r.debitNotes.add(debit);
      locked.approveNote(credits[0]!, at(8), 'approver@example.com');
      await r.creditNotes.save(credits[0]!);
      await r.invoices.save(locked);
      return { payments, refund, credits, debit };
    });
    let statements = 0;
    const count = () => statements++;
    db.knex.on('query', count);
    const detail = (await uow.read((r) => r.invoices.findDetail(tenantId, inv.id)))!;
    db.knex.off('query', count);
    expect(statements, 'statements').to.equal(1);
    const states = (docs: { state(): object }[]) => docs.map((d) => d.state());
    // Newest first; two payments of the same instant in id order.
    const [first, second, third] = written.payments;
    const sameInstant = [second!, third!].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(states(detail.payments)).to.deep.equal(states([...sameInstant, first!]));
    expect(detail.payments[2]!.state().amount.toString()).to.equal('123456789.01');
    expect(states(detail.refunds)).to.deep.equal(states([written.refund]));
    expect(states(detail.creditNotes)).to.deep.equal(states([...written.credits].reverse()));
    expect(detail.creditNotes[1]!.state().approvedAt).to.deep.equal(at(8));
    expect(states(detail.debitNotes)).to.deep.equal(states([written.debit]));
    // The invoice itself is the one `findById` reads (lines and note totals included).
    const loaded = (await uow.read((r) => r.invoices.findById(tenantId, inv.id)))!;
    expect(invoiceView(detail.invoice)).to.deep.equal(invoiceView(loaded));
    expect(await uow.read((r) => r.invoices.findDetail(tenantId, randomUUID()))).to.equal(null);
  });
});
