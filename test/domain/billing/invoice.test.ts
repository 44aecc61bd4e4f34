import { expect } from 'chai';
import {
  CreditNoteExceedsBalance,
  InvoiceAlreadyVoided,
  InvoiceInvalidState,
  NoteInvalidState,
} from '../../../src/domain/billing/errors.js';
import type { InvoiceStatus } from '../../../src/domain/billing/invoice.machine.js';
import { Invoice, NO_NOTES, type InvoiceNoteTotals } from '../../../src/domain/billing/invoice.js';
import { REASON_RULE, type Note, type NoteKind } from '../../../src/domain/billing/note.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { Money } from '../../../src/domain/shared/money.js';
import { pricingOf } from '../../support/pricing.js';

const T = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const F = '00000000-0000-4000-8000-00000000000f';
const P = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const I = '33333333-3333-4333-8333-333333333333';
const NOW = new Date('2026-03-01T10:00:00.000Z');
const LATER = new Date('2026-03-02T10:00:00.000Z');
const m = (v: string | number) => Money.of(v);

/** A DRAFT invoice of `total` (one line of 1 × total). */
function draft(total: number | string = 100): Invoice {
  const request = {
    customerId: C,
    paymentMethod: 'CARD' as const,
    items: [{ productId: P, quantity: 1, unitPrice: Number(total) }],
  };
  const invoice = Invoice.create(
    { id: I, tenantId: T, branchId: B, fiscalYearId: F },
    request,
    pricingOf({ [P]: 0 }),
    NOW,
  );
  invoice.numbered('INV-2026-000007');
  return invoice;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The invoice's state with its amounts, as plain numbers and ISO instants (for assertions). */
function view(inv: Invoice) {
  const s = inv.state();
  const a = inv.amounts();
  return {
    ...s,
    billNumber: s.number,
    totalAmount: a.totalAmount.toNumber(),
    netAmount: a.netAmount.toNumber(),
    amountPaid: a.amountPaid.toNumber(),
    amountDue: a.amountDue.toNumber(),
    items: s.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity.toNumber(),
      unitPrice: l.unitPrice.toNumber(),
      lineTotal: l.lineTotal.toNumber(),
    })),
    approvedAt: iso(s.approvedAt),
    voidedAt: iso(s.voidedAt),
  };
}

function noteView(n: Note) {
  const s = n.state();
  return { ...s, amount: s.amount.toNumber(), approvedAt: iso(s.approvedAt), voidedAt: iso(s.voidedAt) };
}

/** A stored invoice in `status`, rebuilt as the repository would. */
function stored(status: InvoiceStatus, total = 100, notes: Partial<InvoiceNoteTotals> = {}, payments = 0): Invoice {
  const s = draft(total).state();
  return Invoice.restore(
    { ...s, status, payments: m(payments), approvedAt: status === 'DRAFT' ? null : NOW },
    { ...NO_NOTES, ...notes },
  );
}

let seq = 0;
function note(invoice: Invoice, kind: NoteKind, amount: number, reason = 'Damaged goods'): Note {
  seq += 1;
  return invoice.issueNote(
    kind,
    {
      id: `44444444-4444-4444-8444-${String(seq).padStart(12, '0')}`,
      number: `${kind === 'CREDIT' ? 'CN' : 'DN'}-2026-${String(seq).padStart(6, '0')}`,
      amount,
      reason,
      branchId: B,
      fiscalYearId: F,
    },
    NOW,
  );
}

const ALL: InvoiceStatus[] = ['DRAFT', 'APPROVED', 'PAID', 'VOIDED'];

describe('Invoice aggregate', () => {
  describe('creation', () => {
    it('starts as DRAFT with its lines and totals, recording no event', () => {
      const inv = draft('60.27');
      expect(inv.status).to.equal('DRAFT');
      expect(inv.pullEvents()).to.deep.equal([]);
      const s = view(inv);
      expect(s).to.include({
        billNumber: 'INV-2026-000007',
        status: 'DRAFT',
        totalAmount: 60.27,
        netAmount: 60.27,
        amountPaid: 0,
        amountDue: 60.27,
        customerId: C,
        paymentMethod: 'CARD',
        branchId: B,
      });
      expect(s.items).to.deep.equal([{ productId: P, quantity: 1, unitPrice: 60.27, lineTotal: 60.27 }]);
      expect(inv.state()).to.deep.include({ subtotal: m('60.27'), taxAmount: m(0), totalAmount: m('60.27') });
    });

    it('rebuilding from storage records no event', () => {
      for (const status of ALL) expect(stored(status).pullEvents()).to.deep.equal([]);
    });
  });

  describe('approve (back office)', () => {
    it('DRAFT → APPROVED, recording billing.invoice.created with the spec 2.10 payload', () => {
      const inv = draft();
      inv.approve(LATER, 'approver@example.com');
      expect(inv.status).to.equal('APPROVED');
      expect(view(inv)).to.include({ approvedAt: LATER.toISOString(), approvedBy: 'approver@example.com' });
      expect(inv.pullEvents()).to.deep.equal([
        {
          name: 'billing.invoice.created',
          tenantId: T,
          occurredAt: LATER,
          payload: { id: I, code: 'INV-2026-000007', branchId: B, resource: 'INVOICE', action: 'CREATE' },
        },
      ]);
    });

    it('is refused in APPROVED, PAID and VOIDED with INVALID_STATE, recording nothing', () => {
      for (const status of ['APPROVED', 'PAID', 'VOIDED'] as const) {
        const inv = stored(status);
        expect(() => inv.approve(LATER, 'approver@example.com'), status).to.throw(
          InvoiceInvalidState,
          `Cannot approve an invoice in status ${status}`,
        );
        expect(inv.status).to.equal(status);
        expect(inv.pullEvents()).to.deep.equal([]);
      }
    });

    it('settles an invoice of 0 at once: APPROVED with nothing due is PAID', () => {
      const inv = draft(0);
      inv.approve(LATER, 'approver@example.com');
      expect(inv.status).to.equal('PAID');
      expect(inv.pullEvents().map((e) => e.name)).to.deep.equal(['billing.invoice.created']);
    });
  });

  describe('void', () => {
    it('DRAFT and APPROVED → VOIDED with a reason, recording billing.invoice.voided', () => {
      for (const status of ['DRAFT', 'APPROVED'] as const) {
        const inv = stored(status);
        inv.void('  Customer cancelled ', LATER);
        expect(inv.status).to.equal('VOIDED');
        expect(view(inv)).to.include({ voidReason: 'Customer cancelled', voidedAt: LATER.toISOString() });
        expect(inv.pullEvents()).to.deep.equal([
          {
            name: 'billing.invoice.voided',
            tenantId: T,
            occurredAt: LATER,
            payload: { id: I, code: 'INV-2026-000007', branchId: B, resource: 'INVOICE', action: 'VOID' },
          },
        ]);
      }
    });

    it('of a VOIDED invoice is 409 "Invoice is already voided"', () => {
      const inv = stored('VOIDED');
      const err = (() => {
        try {
          inv.void('again', LATER);
        } catch (e) {
          return e as InvoiceAlreadyVoided;
        }
        throw new Error('not refused');
      })();
      expect(err).to.be.instanceOf(InvoiceAlreadyVoided);
      expect(err).to.include({ kind: 'conflict', code: 'CONFLICT', message: 'Invoice is already voided' });
      expect(inv.pullEvents()).to.deep.equal([]);
    });

    it('of a PAID invoice is 409 INVALID_STATE', () => {
      const inv = stored('PAID');
      expect(() => inv.void('too late', LATER))
        .to.throw(InvoiceInvalidState)
        .that.includes({ kind: 'conflict', code: 'INVALID_STATE' });
      expect(inv.status).to.equal('PAID');
    });

    it('needs a non-empty reason', () => {
      for (const reason of ['', '   ', 'x'.repeat(501)]) {
        const inv = draft();
        expect(() => inv.void(reason, LATER)).to.throw(ValidationError, REASON_RULE);
        expect(inv.status).to.equal('DRAFT');
        expect(inv.pullEvents()).to.deep.equal([]);
      }
    });
  });

  // Payments and refunds: test/domain/billing/payments-refunds.test.ts.

  describe('amounts', () => {
    it('net = total + approved debits − approved credits; due = net − paid; balance = net − DRAFT credits', () => {
      const inv = stored(
        'APPROVED',
        100,
        { approvedDebits: m('12.50'), approvedCredits: m('20.00'), pendingCredits: m('30.25') },
        40,
      );
      const a = inv.amounts();
      expect(a.totalAmount.toString()).to.equal('100.00');
      expect(a.netAmount.toString()).to.equal('92.50');
      expect(a.amountPaid.toString()).to.equal('40.00');
      expect(a.amountDue.toString()).to.equal('52.50');
      expect(inv.creditableBalance().toString()).to.equal('62.25');
      expect(view(inv)).to.include({ netAmount: 92.5, amountDue: 52.5 });
    });
  });

  describe('credit notes', () => {
    it('are issued against APPROVED or PAID invoices as DRAFT, holding part of the balance', () => {
      for (const status of ['APPROVED', 'PAID'] as const) {
        const inv = stored(status, 100);
        const n = note(inv, 'CREDIT', 30);
        expect(n.status).to.equal('DRAFT');
        expect(noteView(n)).to.include({
          kind: 'CREDIT',
          invoiceId: I,
          amount: 30,
          reason: 'Damaged goods',
          tenantId: T,
        });
        expect(inv.creditableBalance().toString()).to.equal('70.00');
        expect(inv.amounts().netAmount.toString()).to.equal('100.00');
        note(inv, 'CREDIT', 70); // exactly the balance is fine
        expect(inv.creditableBalance().isZero()).to.equal(true);
      }
    });

    it('are refused against DRAFT and VOIDED invoices (409 INVALID_STATE)', () => {
      for (const status of ['DRAFT', 'VOIDED'] as const) {
        expect(() => note(stored(status), 'CREDIT', 1)).to.throw(
          InvoiceInvalidState,
          `A credit note can only reference an APPROVED or PAID invoice; this invoice is ${status}`,
        );
      }
    });

    it('may not exceed the creditable balance (400 with the spec message)', () => {
      const inv = stored('APPROVED', 100, { pendingCredits: m(60) });
      expect(() => note(inv, 'CREDIT', 40.01))
        .to.throw(CreditNoteExceedsBalance, 'Credit note amount exceeds invoice balance')
        .that.includes({ kind: 'validation', code: 'VALIDATION_ERROR' });
      expect(inv.creditableBalance().toString()).to.equal('40.00');
    });

    it('on approval lower the net amount; reaching 0 due settles the invoice (PAID)', () => {
      const inv = stored('APPROVED', 100, {}, 40);
      const n = note(inv, 'CREDIT', 60);
      inv.approveNote(n, LATER, 'approver@example.com');
      expect(n.status).to.equal('APPROVED');
      expect(noteView(n).approvedAt).to.equal(LATER.toISOString());
      expect(inv.amounts().netAmount.toString()).to.equal('40.00');
      expect(inv.amounts().amountDue.isZero()).to.equal(true);
      expect(inv.status).to.equal('PAID');
      expect(inv.creditableBalance().toString()).to.equal('40.00');
      expect(inv.pullEvents()).to.deep.equal([]);
    });

    it('a partial credit keeps the invoice APPROVED', () => {
      const inv = stored('APPROVED', 100);
      const n = note(inv, 'CREDIT', 10);
      inv.approveNote(n, LATER, 'approver@example.com');
      expect(inv.status).to.equal('APPROVED');
      expect(inv.amounts().amountDue.toString()).to.equal('90.00');
    });

    it('approval re-checks the balance against the other DRAFT credit notes (409 when it no longer holds)', () => {
      const inv = stored('APPROVED', 100);
      const n = note(inv, 'CREDIT', 50);
      // Another DRAFT credit note of 60 appeared that the first check did not see.
      const tampered = Invoice.restore(inv.state(), { ...NO_NOTES, pendingCredits: m(110) });
      expect(() => tampered.approveNote(n, LATER, 'approver@example.com'))
        .to.throw(CreditNoteExceedsBalance)
        .that.includes({ kind: 'conflict', code: 'INVALID_STATE' });
      expect(n.status).to.equal('DRAFT');
    });

    it('approval is refused for a note that is not DRAFT, and against a DRAFT or VOIDED invoice', () => {
      const inv = stored('APPROVED', 100);
      const n = note(inv, 'CREDIT', 10);
      inv.approveNote(n, LATER, 'approver@example.com');
      expect(() => inv.approveNote(n, LATER, 'approver@example.com')).to.throw(
        NoteInvalidState,
        'Cannot approve a credit note in status APPROVED',
      );
      const other = note(inv, 'CREDIT', 10);
      const voided = Invoice.restore({ ...inv.state(), status: 'VOIDED' }, { ...NO_NOTES, pendingCredits: m(10) });
      expect(() => voided.approveNote(other, LATER, 'approver@example.com')).to.throw(
        InvoiceInvalidState,
        'A credit note can only be approved against an APPROVED or PAID invoice; this invoice is VOIDED',
      );
    });

    it('voiding a DRAFT credit note frees its part of the balance', () => {
      const inv = stored('APPROVED', 100);
      const n = note(inv, 'CREDIT', 30);
      inv.voidNote(n, 'Typo', LATER, 'approver@example.com');
      expect(n.status).to.equal('VOIDED');
      expect(noteView(n)).to.include({ voidReason: 'Typo', voidedAt: LATER.toISOString() });
      expect(inv.creditableBalance().toString()).to.equal('100.00');
      expect(() => inv.voidNote(n, undefined, LATER, 'approver@example.com')).to.throw(
        NoteInvalidState,
        'Cannot void a credit note in status VOIDED',
      );
    });
  });

  describe('debit notes', () => {
    it('are issued against APPROVED invoices only', () => {
      const n = note(stored('APPROVED'), 'DEBIT', 5);
      expect(noteView(n)).to.include({ kind: 'DEBIT', status: 'DRAFT', amount: 5 });
      for (const status of ['DRAFT', 'PAID', 'VOIDED'] as const) {
        expect(() => note(stored(status), 'DEBIT', 5)).to.throw(
          InvoiceInvalidState,
          `A debit note can only reference an APPROVED invoice; this invoice is ${status}`,
        );
      }
    });

    it('on approval raise the net amount and the amount due; no balance limit', () => {
      const inv = stored('APPROVED', 100);
      const n = note(inv, 'DEBIT', 250.55);
      inv.approveNote(n, LATER, 'approver@example.com');
      expect(n.status).to.equal('APPROVED');
      expect(inv.amounts().netAmount.toString()).to.equal('350.55');
      expect(inv.amounts().amountDue.toString()).to.equal('350.55');
      expect(inv.status).to.equal('APPROVED');
    });

    it('approval is refused once the invoice is PAID or VOIDED', () => {
      const inv = stored('APPROVED', 100);
      const n = note(inv, 'DEBIT', 5);
      for (const status of ['PAID', 'VOIDED'] as const) {
        const moved = Invoice.restore({ ...inv.state(), status }, NO_NOTES);
        expect(() => moved.approveNote(n, LATER, 'approver@example.com')).to.throw(InvoiceInvalidState);
      }
      expect(n.status).to.equal('DRAFT');
    });
  });

  it('refuses to touch a note of another invoice', () => {
    const n = note(stored('APPROVED'), 'CREDIT', 1);
    const other = Invoice.restore({ ...stored('APPROVED').state(), id: P }, NO_NOTES);
    expect(() => other.approveNote(n, LATER, 'approver@example.com')).to.throw(Error, /does not belong/);
  });

  describe('note requests', () => {
    it('store a trimmed reason and refuse a blank one with the one reason rule', () => {
      expect(noteView(note(stored('APPROVED'), 'DEBIT', 5, '  Late fee ')).reason).to.equal('Late fee');
      for (const reason of ['', '   ', 'x'.repeat(501)]) {
        expect(() => note(stored('APPROVED'), 'DEBIT', 5, reason)).to.throw(ValidationError, REASON_RULE);
      }
    });

    it('refuse impossible amounts in the value object (the request schema keeps them out)', () => {
      for (const amount of [0, -1, 1.001, 1e15]) {
        const inv = stored('APPROVED');
        expect(() => note(inv, 'CREDIT', amount), String(amount)).to.throw(RangeError);
        expect(inv.creditableBalance().toString()).to.equal('100.00');
      }
    });
  });
});
