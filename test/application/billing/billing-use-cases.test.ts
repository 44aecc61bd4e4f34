import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { invoiceView, noteView } from '../../../src/adapters/shared/billing-views.js';
import type { Caller } from '../../../src/application/access/caller.js';
import { ApproveInvoice } from '../../../src/application/billing/approve-invoice.js';
import { CreateCustomer } from '../../../src/application/billing/create-customer.js';
import { CreateInvoice } from '../../../src/application/billing/create-invoice.js';
import { CreateNote } from '../../../src/application/billing/create-note.js';
import { ListInvoices } from '../../../src/application/billing/list-invoices.js';
import { ListNotes } from '../../../src/application/billing/list-notes.js';
import { ApproveNote, VoidNote } from '../../../src/application/billing/note-lifecycle.js';
import { VoidInvoice } from '../../../src/application/billing/void-invoice.js';
import { CreateProduct } from '../../../src/application/inventory/create-product.js';
import { CreateBranch } from '../../../src/application/organization/create-branch.js';
import { CreateFiscalYear } from '../../../src/application/organization/create-fiscal-year.js';
import { CreateTenant } from '../../../src/application/organization/create-tenant.js';
import {
  CreditNoteExceedsBalance,
  CustomerNotFound,
  InvalidDateRange,
  InvoiceAlreadyVoided,
  InvoiceInvalidState,
  InvoiceNotFound,
  NoteInvalidState,
  NoteNotFound,
  ReferencedInvoiceNotFound,
} from '../../../src/domain/billing/errors.js';
import { ProductNotFound } from '../../../src/domain/inventory/errors.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase } from '../../support/database.js';
import { FixedClock, SequentialIds } from '../../support/fakes.js';

const MISSING = '99999999-9999-4999-8999-999999999999';
const PAGE = { page: 1, limit: 10 };

/** The event names and payload actions in the outbox, oldest first. */
interface OutboxRow {
  event_name: string;
  tenant_id: string;
  occurred_at: Date;
  payload: Record<string, unknown>;
}

/** The use cases over the real knex repositories, on an emptied test database. */
async function world() {
  const db: Database = await testDatabase();
  await resetData(db.knex);
  const f = {
    uow: new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32))),
    ids: new SequentialIds(),
    clock: new FixedClock(),
  };
  const std = [f.uow, f.ids, f.clock] as const;
  const k = db.knex;
  /** What the database holds: rows of a table, one row by id, the outbox. */
  const count = async (table: string) => Number((await k(table).count({ n: '*' }).first())!.n);
  const row = (table: string, id: string) => k(table).where({ id }).first();
  const published = async () => {
    const rows: OutboxRow[] = await k('outbox_events').orderBy([{ column: 'occurred_at' }, { column: 'event_name' }]);
    return rows.map((r) => ({
      name: r.event_name,
      tenantId: r.tenant_id,
      occurredAt: r.occurred_at,
      payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
    }));
  };
  const loadInvoice = (tenantId: string, id: string) => f.uow.read((r) => r.invoices.findById(tenantId, id));
  async function tenant(name: string) {
    const t = await new CreateTenant(...std).execute({ name });
    const b = await new CreateBranch(...std).execute({ tenantId: t.id, name: 'HQ', code: 'HQ' });
    const y = await new CreateFiscalYear(...std).execute({
      tenantId: t.id,
      code: '2026',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
    });
    const customer = await new CreateCustomer(...std).execute({ tenantId: t.id, name: 'Ann' });
    const mug = await new CreateProduct(...std).execute({ tenantId: t.id, name: 'Mug', sku: 'MUG', price: 5 });
    const tea = await new CreateProduct(...std).execute({ tenantId: t.id, name: 'Tea', sku: 'TEA', price: 3 });
    const caller: Caller = { integrationId: `int-${name}`, tenantId: t.id, branchId: b.id, fiscalYearId: y.id };
    return { caller, customerId: customer.id, mugId: mug.id, teaId: tea.id };
  }
  const a = await tenant('A');
  const b = await tenant('B');
  const uc = {
    createInvoice: new CreateInvoice(...std),
    listInvoices: new ListInvoices(f.uow),
    voidInvoice: new VoidInvoice(f.uow, f.clock),
    approveInvoice: new ApproveInvoice(f.uow, f.clock),
    createCreditNote: new CreateNote(...std, 'CREDIT'),
    createDebitNote: new CreateNote(...std, 'DEBIT'),
    listCreditNotes: new ListNotes(f.uow, 'CREDIT'),
    listDebitNotes: new ListNotes(f.uow, 'DEBIT'),
    approveCreditNote: new ApproveNote(f.uow, f.clock, 'CREDIT'),
    approveDebitNote: new ApproveNote(f.uow, f.clock, 'DEBIT'),
    voidCreditNote: new VoidNote(f.uow, f.clock, 'CREDIT'),
    voidDebitNote: new VoidNote(f.uow, f.clock, 'DEBIT'),
  };
  /** An invoice of `total` for tenant `t` (one line), APPROVED unless told otherwise. */
  async function invoice(t = a, total = 100, approve = true) {
    const inv = await uc.createInvoice.execute(t.caller, {
      customerId: t.customerId,
      paymentMethod: 'CASH',
      items: [{ productId: t.mugId, quantity: 1, unitPrice: total }],
    });
    return approve ? uc.approveInvoice.execute(inv.id, 'approver@example.com') : inv;
  }
  return { ...f, a, b, uc, invoice, count, row, published, loadInvoice };
}

describe('billing use cases (knex repositories on the test database)', () => {
  describe('CreateInvoice', () => {
    it('creates DRAFT invoices in the caller tenant, branch and fiscal year, numbered gaplessly', async () => {
      const w = await world();
      const first = await w.uc.createInvoice.execute(w.a.caller, {
        customerId: w.a.customerId,
        paymentMethod: 'QR',
        items: [
          { productId: w.a.mugId, quantity: 3, unitPrice: 19.99 },
          { productId: w.a.teaId, quantity: 1, unitPrice: 0.1 },
          { productId: w.a.teaId, quantity: 2, unitPrice: 0.1 },
        ],
      });
      const s = invoiceView(first);
      expect(s).to.include({
        billNumber: 'INV-2026-000001',
        status: 'DRAFT',
        totalAmount: 60.27,
        netAmount: 60.27,
        amountDue: 60.27,
        tenantId: w.a.caller.tenantId,
        branchId: w.a.caller.branchId,
        fiscalYearId: w.a.caller.fiscalYearId,
        paymentMethod: 'QR',
        createdAt: '2026-03-01T10:00:00.000Z',
      });
      expect(s.items.map((i) => i.lineTotal)).to.deep.equal([59.97, 0.1, 0.2]);
      expect((await w.row('invoices', first.id)).status).to.equal('DRAFT');
      expect(await w.published()).to.deep.equal([]);
      expect((await w.invoice(w.a, 1, false)).number).to.equal('INV-2026-000002');
      expect((await w.invoice(w.b, 1, false)).number).to.equal('INV-2026-000001');
    });

    it("refuses a missing or another tenant's customer, writing nothing and consuming no number", async () => {
      const w = await world();
      for (const customerId of [MISSING, w.b.customerId]) {
        await expect(
          w.uc.createInvoice.execute(w.a.caller, {
            customerId,
            paymentMethod: 'CASH',
            items: [{ productId: w.a.mugId, quantity: 1, unitPrice: 1 }],
          }),
        ).to.be.rejectedWith(CustomerNotFound, 'Customer not found');
      }
      expect(await w.count('invoices')).to.equal(0);
      expect((await w.invoice(w.a, 1, false)).number).to.equal('INV-2026-000001');
    });

    it("names the first row whose product is missing or another tenant's", async () => {
      const w = await world();
      const items = [
        { productId: w.a.mugId, quantity: 1, unitPrice: 1 },
        { productId: w.b.mugId, quantity: 1, unitPrice: 1 },
        { productId: MISSING, quantity: 1, unitPrice: 1 },
      ];
      await expect(
        w.uc.createInvoice.execute(w.a.caller, { customerId: w.a.customerId, paymentMethod: 'CASH', items }),
      ).to.be.rejectedWith(ProductNotFound, 'Row 2: Product not found');
      expect(await w.count('invoices')).to.equal(0);
    });

    it('refuses a line total beyond numeric(14,2), writing nothing and consuming no number', async () => {
      const w = await world();
      await expect(
        w.uc.createInvoice.execute(w.a.caller, {
          customerId: w.a.customerId,
          paymentMethod: 'CASH',
          items: [
            { productId: w.a.mugId, quantity: 1, unitPrice: 1 },
            { productId: w.a.mugId, quantity: 2, unitPrice: 999999999999.99 },
          ],
        }),
      ).to.be.rejectedWith(ValidationError, 'Row 2: Items line total must not be greater than 999999999999.99');
      expect(await w.count('invoices')).to.equal(0);
      expect((await w.invoice(w.a, 1, false)).number).to.equal('INV-2026-000001');
    });
  });

  describe('ListInvoices', () => {
    it('lists the caller tenant only, newest first, filtered by status and creation time', async () => {
      const w = await world();
      const first = await w.invoice(w.a, 10, false);
      w.clock.advance(60_000);
      const second = await w.invoice(w.a, 20);
      w.clock.advance(60_000);
      const third = await w.invoice(w.a, 30, false);
      await w.invoice(w.b, 40);
      const all = await w.uc.listInvoices.execute(w.a.caller, PAGE);
      expect(all.total).to.equal(3);
      expect(all.items.map((i) => i.id)).to.deep.equal([third.id, second.id, first.id]);
      expect(all.items[1]!.totalAmount.toString()).to.equal('20.00');
      const approved = await w.uc.listInvoices.execute(w.a.caller, { ...PAGE, status: 'APPROVED' });
      expect(approved.items.map((i) => i.id)).to.deep.equal([second.id]);
      const window = await w.uc.listInvoices.execute(w.a.caller, {
        ...PAGE,
        fromDate: '2026-03-01T10:01:00.000Z', // inclusive
        toDate: '2026-03-01T11:02:00.000+01:00', // exclusive
      });
      expect(window.items.map((i) => i.id)).to.deep.equal([second.id]);
      const page2 = await w.uc.listInvoices.execute(w.a.caller, { page: 2, limit: 2 });
      expect(page2).to.include({ total: 3, page: 2, limit: 2 });
      expect(page2.items.map((i) => i.id)).to.deep.equal([first.id]);
    });

    it('refuses fromDate equal to or after toDate', async () => {
      const w = await world();
      const d = '2026-03-01';
      for (const toDate of [d, '2026-03-01T00:00:00Z', '2026-02-28T23:59:59.999Z']) {
        await expect(w.uc.listInvoices.execute(w.a.caller, { ...PAGE, fromDate: d, toDate })).to.be.rejectedWith(
          InvalidDateRange,
          'fromDate must be prior to toDate',
        );
      }
    });
  });

  describe('VoidInvoice and ApproveInvoice', () => {
    it('voids once, recording billing.invoice.voided in the same unit of work; a second void is 409', async () => {
      const w = await world();
      const inv = await w.invoice(w.a, 10, false);
      const voided = await w.uc.voidInvoice.execute(w.a.caller, inv.id, { reason: 'Cancelled' });
      expect(voided.status).to.equal('VOIDED');
      expect((await w.row('invoices', inv.id)).void_reason).to.equal('Cancelled');
      expect((await w.published()).map((e) => [e.name, e.payload.action])).to.deep.equal([
        ['billing.invoice.voided', 'VOID'],
      ]);
      await expect(w.uc.voidInvoice.execute(w.a.caller, inv.id, { reason: 'again' })).to.be.rejectedWith(
        InvoiceAlreadyVoided,
      );
      expect(await w.published()).to.have.length(1);
    });

    it("treats another tenant's invoice, a missing one and a malformed id alike: Invoice not found", async () => {
      const w = await world();
      const ofB = await w.invoice(w.b, 10, false);
      for (const id of [ofB.id, MISSING, 'not-a-uuid']) {
        await expect(w.uc.voidInvoice.execute(w.a.caller, id, { reason: 'x' })).to.be.rejectedWith(
          InvoiceNotFound,
          'Invoice not found',
        );
      }
      expect((await w.row('invoices', ofB.id)).status).to.equal('DRAFT');
    });

    it('approves across tenants, recording billing.invoice.created; approving twice is refused', async () => {
      const w = await world();
      const inv = await w.invoice(w.b, 10, false);
      const approved = await w.uc.approveInvoice.execute(inv.id, 'approver@example.com');
      expect(approved.status).to.equal('APPROVED');
      expect(invoiceView(approved).approvedBy).to.equal('approver@example.com');
      expect(await w.published()).to.deep.equal([
        {
          name: 'billing.invoice.created',
          tenantId: w.b.caller.tenantId,
          occurredAt: new Date('2026-03-01T10:00:00.000Z'),
          payload: {
            id: inv.id,
            code: 'INV-2026-000001',
            branchId: w.b.caller.branchId,
            resource: 'INVOICE',
            action: 'CREATE',
            timestamp: '2026-03-01T10:00:00.000Z',
          },
        },
      ]);
      await expect(w.uc.approveInvoice.execute(inv.id, 'approver@example.com')).to.be.rejectedWith(InvoiceInvalidState);
      await expect(w.uc.approveInvoice.execute(MISSING, 'approver@example.com')).to.be.rejectedWith(InvoiceNotFound);
      expect(await w.published()).to.have.length(1);
    });
  });

  describe('credit and debit notes', () => {
    it('creates a DRAFT credit note numbered CN-, holding its part of the balance until approved', async () => {
      const w = await world();
      const inv = await w.invoice(w.a, 100);
      const cn = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 60, reason: 'Broken' });
      expect(noteView(cn)).to.include({ number: 'CN-2026-000001', status: 'DRAFT', amount: 60, invoiceId: inv.id });
      await expect(
        w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 40.01, reason: 'More' }),
      ).to.be.rejectedWith(CreditNoteExceedsBalance, 'Credit note amount exceeds invoice balance');
      const second = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 40, reason: 'More' });
      expect(noteView(second).number).to.equal('CN-2026-000002'); // the refused one gave its number back
    });

    it('approving credit notes lowers the net amount; crediting everything settles the invoice', async () => {
      const w = await world();
      const inv = await w.invoice(w.a, 100);
      const cn1 = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 30, reason: 'a' });
      const cn2 = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 70, reason: 'b' });
      await w.uc.approveCreditNote.execute(cn1.id, 'approver@example.com');
      let reloaded = await w.loadInvoice(w.a.caller.tenantId, inv.id);
      expect(invoiceView(reloaded!)).to.include({ status: 'APPROVED', netAmount: 70, amountDue: 70 });
      expect(reloaded!.creditableBalance().isZero()).to.equal(true);
      await w.uc.approveCreditNote.execute(cn2.id, 'approver@example.com');
      reloaded = await w.loadInvoice(w.a.caller.tenantId, inv.id);
      expect(invoiceView(reloaded!)).to.include({ status: 'PAID', netAmount: 0, amountDue: 0 });
      await expect(w.uc.approveCreditNote.execute(cn2.id, 'approver@example.com')).to.be.rejectedWith(NoteInvalidState);
      await expect(w.uc.approveCreditNote.execute(MISSING, 'approver@example.com')).to.be.rejectedWith(
        NoteNotFound,
        'Credit note not found',
      );
      // A credit note against a PAID invoice is allowed (up to its net amount, now 0).
      await expect(
        w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 0.01, reason: 'c' }),
      ).to.be.rejectedWith(CreditNoteExceedsBalance);
    });

    it('voiding a DRAFT credit note frees its balance; an approved note cannot be voided', async () => {
      const w = await world();
      const inv = await w.invoice(w.a, 50);
      const cn = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 50, reason: 'a' });
      const voided = await w.uc.voidCreditNote.execute(cn.id, { reason: 'Duplicate' }, 'approver@example.com');
      expect(noteView(voided)).to.include({
        status: 'VOIDED',
        voidReason: 'Duplicate',
        voidedBy: 'approver@example.com',
      });
      const again = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 50, reason: 'b' });
      await w.uc.approveCreditNote.execute(again.id, 'approver@example.com');
      await expect(w.uc.voidCreditNote.execute(again.id, {}, 'approver@example.com')).to.be.rejectedWith(
        NoteInvalidState,
      );
    });

    it('needs an APPROVED or PAID invoice for a credit note, an APPROVED one for a debit note', async () => {
      const w = await world();
      const draft = await w.invoice(w.a, 10, false);
      await expect(
        w.uc.createCreditNote.execute(w.a.caller, { invoiceId: draft.id, amount: 1, reason: 'x' }),
      ).to.be.rejectedWith(InvoiceInvalidState);
      await expect(
        w.uc.createDebitNote.execute(w.a.caller, { invoiceId: draft.id, amount: 1, reason: 'x' }),
      ).to.be.rejectedWith(InvoiceInvalidState);
      const approved = await w.invoice(w.a, 10);
      const dn = await w.uc.createDebitNote.execute(w.a.caller, { invoiceId: approved.id, amount: 2.5, reason: 'Fee' });
      expect(noteView(dn)).to.include({ number: 'DN-2026-000001', status: 'DRAFT', kind: 'DEBIT' });
      await w.uc.approveDebitNote.execute(dn.id, 'approver@example.com');
      const reloaded = await w.loadInvoice(w.a.caller.tenantId, approved.id);
      expect(invoiceView(reloaded!)).to.include({ netAmount: 12.5, amountDue: 12.5 });
      const dn2 = await w.uc.createDebitNote.execute(w.a.caller, { invoiceId: approved.id, amount: 1, reason: 'y' });
      await w.uc.voidDebitNote.execute(dn2.id, {}, 'approver@example.com');
      expect((await w.row('debit_notes', dn2.id)).status).to.equal('VOIDED');
    });

    it("answers 'Referenced invoice not found' for a missing or another tenant's invoice", async () => {
      const w = await world();
      const ofB = await w.invoice(w.b, 10);
      for (const uc of [w.uc.createCreditNote, w.uc.createDebitNote]) {
        for (const invoiceId of [MISSING, ofB.id]) {
          await expect(uc.execute(w.a.caller, { invoiceId, amount: 1, reason: 'x' })).to.be.rejectedWith(
            ReferencedInvoiceNotFound,
            'Referenced invoice not found',
          );
        }
      }
      expect((await w.count('credit_notes')) + (await w.count('debit_notes'))).to.equal(0);
    });

    it('lists notes of the caller tenant, newest first', async () => {
      const w = await world();
      const inv = await w.invoice(w.a, 100);
      const first = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 1, reason: 'a' });
      w.clock.advance(1000);
      const second = await w.uc.createCreditNote.execute(w.a.caller, { invoiceId: inv.id, amount: 1, reason: 'b' });
      await w.uc.createDebitNote.execute(w.a.caller, { invoiceId: inv.id, amount: 1, reason: 'c' });
      const credits = await w.uc.listCreditNotes.execute(w.a.caller, PAGE);
      expect(credits.items.map((n) => n.id)).to.deep.equal([second.id, first.id]);
      expect((await w.uc.listDebitNotes.execute(w.a.caller, PAGE)).total).to.equal(1);
      expect((await w.uc.listCreditNotes.execute(w.b.caller, PAGE)).total).to.equal(0);
    });
  });
});
