import { drawnNumber, UNNUMBERED } from '../shared/document-number.js';
import { AggregateRoot } from '../shared/events.js';
import { Money } from '../shared/money.js';
import {
  CreditNoteExceedsBalance,
  InvoiceAlreadyVoided,
  InvoiceInvalidState,
  PaymentExceedsAmountDue,
  RefundExceedsRefundable,
} from './errors.js';
import {
  MAX_AMOUNT,
  creditableBalance,
  invoiceAmounts,
  positiveAmount,
  type InvoiceAmounts,
} from './invoice-amounts.js';
import {
  invoiceLines,
  type InvoiceLine,
  type InvoicePricing,
  type NewInvoice,
  type PaymentMethod,
} from './invoice-line.js';
import { nextInvoiceStatus, type InvoiceEvent, type InvoiceStatus } from './invoice.machine.js';
import { AWAITING_APPROVAL_NOTE_STATUSES } from './note.machine.js';
import { Note, reasonText, type NoteKind } from './note.js';
import { Payment, referenceText, type PaymentInput } from './payment.js';
import { Refund, type RefundInput } from './refund.js';
import { noteTax, taxBreakdown, type InvoiceTotals, type TaxBreakdownEntry } from './tax.js';

export const INVOICE_CREATED = 'billing.invoice.created';
export const INVOICE_VOIDED = 'billing.invoice.voided';

/** What the invoice row holds; its totals (subtotal, taxAmount, totalAmount) are those of its lines. */
export interface InvoiceState extends InvoiceTotals {
  id: string;
  tenantId: string;
  number: string;
  customerId: string;
  paymentMethod: PaymentMethod;
  branchId: string;
  fiscalYearId: string;
  status: InvoiceStatus;
  lines: readonly InvoiceLine[];
  /** Sum of the invoice's payments, and of its refunds (kept with the row, under its lock). */
  payments: Money;
  refunds: Money;
  voidReason: string | null;
  approvedAt: Date | null;
  /** Who approved it in the back office; null before people signed in, or when an integration's first payment did. */
  approvedBy: string | null;
  voidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Sums over the invoice's notes, read with the invoice (never stored on it). */
export interface InvoiceNoteTotals {
  approvedDebits: Money;
  approvedCredits: Money;
  /** DRAFT credit notes: they hold part of the creditable balance until approved or voided. */
  pendingCredits: Money;
}

export const NO_NOTES: InvoiceNoteTotals = {
  approvedDebits: Money.ZERO,
  approvedCredits: Money.ZERO,
  pendingCredits: Money.ZERO,
};

/**
 * A sales invoice (spec 2.5, 3.1). Its lifecycle is `invoice.machine.ts`; every step asks the
 * machine first and refuses with a typed error. It also owns the rules between an invoice and
 * its notes: which states accept a credit or debit note, and the creditable balance.
 */
export class Invoice extends AggregateRoot {
  private constructor(
    private s: InvoiceState,
    private notes: InvoiceNoteTotals,
  ) {
    super();
  }

  /**
   * A new DRAFT invoice with exact line amounts and totals, taxed as `pricing` says, without its
   * number until the store draws it (`numbered`). Records no event: `billing.invoice.created`
   * fires on approval. Throws ValidationError when a line amount or the total is too large.
   */
  static create(
    ids: { id: string; tenantId: string; branchId: string; fiscalYearId: string },
    request: NewInvoice,
    pricing: InvoicePricing,
    now: Date,
  ): Invoice {
    const { lines, totals } = invoiceLines(request.items, pricing);
    return new Invoice(
      {
        ...ids,
        number: UNNUMBERED,
        customerId: request.customerId,
        paymentMethod: request.paymentMethod,
        status: 'DRAFT',
        lines,
        ...totals,
        payments: Money.ZERO,
        refunds: Money.ZERO,
        voidReason: null,
        approvedAt: null,
        approvedBy: null,
        voidedAt: null,
        createdAt: now,
        updatedAt: now,
      },
      NO_NOTES,
    );
  }

  /** Rebuilds a stored invoice; no validation, no events. */
  static restore(state: InvoiceState, notes: InvoiceNoteTotals): Invoice {
    return new Invoice({ ...state }, { ...notes });
  }

  get id(): string {
    return this.s.id;
  }
  get tenantId(): string {
    return this.s.tenantId;
  }
  /** `INV-2026-000042`; empty until the invoice is stored. */
  get number(): string {
    return this.s.number;
  }

  /** The number the store drew for this new invoice, in the statement that stored it. */
  numbered(number: string): void {
    this.s = { ...this.s, number: drawnNumber(this.s.number, number, `invoice ${this.s.id}`) };
  }
  get status(): InvoiceStatus {
    return this.s.status;
  }

  amounts(): InvoiceAmounts {
    return invoiceAmounts({ ...this.s, ...this.notes });
  }

  /** The lines' amounts per tax rate, by rate ascending. */
  taxBreakdown(): TaxBreakdownEntry[] {
    return taxBreakdown(this.s.lines);
  }

  /** What a new credit note may not exceed: netAmount minus the DRAFT credit notes. */
  creditableBalance(): Money {
    return creditableBalance(this.amounts().netAmount, this.notes.pendingCredits);
  }

  /** Back-office approval by `by` (the caller's email): DRAFT → APPROVED, records `billing.invoice.created`. */
  approve(now: Date, by: string): void {
    const next = this.refuseUnless({ type: 'APPROVE' }, 'approve');
    this.s = { ...this.s, status: next, approvedAt: now, approvedBy: by, updatedAt: now };
    this.recordLifecycleEvent(INVOICE_CREATED, 'CREATE', now);
    this.settleIfDue(now);
  }

  /**
   * A payment: the machine must accept PAY (DRAFT or APPROVED, else 409
   * INVALID_STATE) and the amount may not exceed the amount due (400). The first payment
   * approves a DRAFT invoice (recording `billing.invoice.created`); when the amount due reaches
   * 0 the invoice is PAID. Returns the new Payment, which records `billing.payment.received`.
   * The payment's recorder approves a DRAFT invoice it pays (null: an integration).
   */
  recordPayment(input: PaymentInput, now: Date): Payment {
    const next = this.refuseUnless({ type: 'PAY' }, 'record a payment on');
    const amount = positiveAmount(input.amount);
    if (amount.greaterThan(this.amounts().amountDue)) throw new PaymentExceedsAmountDue();
    const wasDraft = this.s.status === 'DRAFT';
    this.s = { ...this.s, status: next, payments: this.s.payments.plus(amount), updatedAt: now };
    if (wasDraft) {
      this.s = { ...this.s, approvedAt: now, approvedBy: input.recordedBy };
      this.recordLifecycleEvent(INVOICE_CREATED, 'CREATE', now);
    }
    this.settleIfDue(now);
    return Payment.received({
      id: input.id,
      tenantId: this.s.tenantId,
      invoiceId: this.s.id,
      branchId: input.branchId,
      fiscalYearId: input.fiscalYearId,
      amount,
      method: input.method,
      reference: input.reference === undefined ? null : referenceText(input.reference),
      recordedBy: input.recordedBy,
      receivedAt: now,
    });
  }

  /**
   * What may still be refunded: on an APPROVED or VOIDED invoice, the amount
   * paid; on a PAID one, only what was paid above the net amount (an overpayment left by
   * approved credit notes); on a DRAFT, nothing (it has received nothing).
   */
  refundableAmount(): Money {
    if (nextInvoiceStatus(this.s.status, { type: 'REFUND' }) === null) return Money.ZERO;
    const { amountPaid, amountDue } = this.amounts();
    if (this.s.status !== 'PAID') return amountPaid;
    return amountDue.isNegative() ? Money.ZERO.minus(amountDue) : Money.ZERO;
  }

  /**
   * A refund: the machine must accept REFUND (APPROVED, PAID or VOIDED, else
   * 409 INVALID_STATE) and the amount may not exceed the refundable amount (400). The status
   * stays. Returns the new Refund, which records `billing.refund.processed`.
   */
  refund(input: RefundInput, now: Date): Refund {
    const next = this.refuseUnless({ type: 'REFUND' }, 'refund');
    const amount = positiveAmount(input.amount);
    const reason = reasonText(input.reason);
    if (amount.greaterThan(this.refundableAmount())) throw new RefundExceedsRefundable();
    this.s = { ...this.s, status: next, refunds: this.s.refunds.plus(amount), updatedAt: now };
    return Refund.processed({
      id: input.id,
      tenantId: this.s.tenantId,
      invoiceId: this.s.id,
      branchId: input.branchId,
      fiscalYearId: input.fiscalYearId,
      amount,
      reason,
      method: input.method ?? null,
      createdAt: now,
    });
  }

  /** DRAFT | APPROVED → VOIDED with a reason, records `billing.invoice.voided`. */
  void(reason: string, now: Date): void {
    if (this.s.status === 'VOIDED') throw new InvoiceAlreadyVoided();
    const next = this.refuseUnless({ type: 'VOID' }, 'void');
    const voidReason = reasonText(reason);
    this.s = { ...this.s, status: next, voidReason, voidedAt: now, updatedAt: now };
    this.recordLifecycleEvent(INVOICE_VOIDED, 'VOID', now);
  }

  /**
   * A new DRAFT note against this invoice. A credit note needs an APPROVED or PAID invoice and
   * may not exceed the creditable balance; a debit note needs an APPROVED invoice. `amount` is
   * > 0 with at most 2 decimals (the request schema checks it; Money refuses anything else); it
   * is gross, and carries this invoice's share of tax (`noteTax`).
   */
  issueNote(
    kind: NoteKind,
    input: { id: string; number: string; amount: number; reason: string; branchId: string; fiscalYearId: string },
    now: Date,
  ): Note {
    const amount = Money.of(input.amount);
    if (!amount.isPositive() || amount.greaterThan(MAX_AMOUNT)) {
      throw new RangeError(`Not a note amount: ${amount.toString()}`);
    }
    const reason = reasonText(input.reason);
    this.assertAcceptsNotes(kind, 'reference');
    if (kind === 'CREDIT') {
      if (amount.greaterThan(this.creditableBalance())) throw new CreditNoteExceedsBalance('request');
      this.notes = { ...this.notes, pendingCredits: this.notes.pendingCredits.plus(amount) };
    }
    const tax = noteTax(amount, this.s);
    return Note.draft({ ...input, amount, ...tax, reason, kind, tenantId: this.s.tenantId, invoiceId: this.s.id }, now);
  }

  /**
   * Approves one of this invoice's notes. Re-checks the invoice's state and, for a credit
   * note, the balance rule against the other DRAFT credit notes. An approved credit note that
   * brings the amount due to 0 settles the invoice (PAID). `by`: the caller's email.
   */
  approveNote(note: Note, now: Date, by: string): void {
    this.assertOwns(note);
    this.assertAcceptsNotes(note.kind, 'be approved against');
    if (note.kind === 'CREDIT') {
      if (AWAITING_APPROVAL_NOTE_STATUSES.includes(note.status)) {
        const others = this.notes.pendingCredits.minus(note.amount);
        const balance = creditableBalance(this.amounts().netAmount, others);
        if (note.amount.greaterThan(balance)) throw new CreditNoteExceedsBalance('approval');
      }
      note.approve(now, by);
      this.notes = {
        ...this.notes,
        approvedCredits: this.notes.approvedCredits.plus(note.amount),
        pendingCredits: this.notes.pendingCredits.minus(note.amount),
      };
      this.settleIfDue(now);
    } else {
      note.approve(now, by);
      this.notes = { ...this.notes, approvedDebits: this.notes.approvedDebits.plus(note.amount) };
    }
  }

  /** Voids a DRAFT note of this invoice (`by`: the caller's email); a voided credit note frees its part of the balance. */
  voidNote(note: Note, reason: string | undefined, now: Date, by: string): void {
    this.assertOwns(note);
    note.void(reason, now, by);
    if (note.kind === 'CREDIT') {
      this.notes = { ...this.notes, pendingCredits: this.notes.pendingCredits.minus(note.amount) };
    }
  }

  private assertAcceptsNotes(kind: NoteKind, verb: string): void {
    const accepted: readonly InvoiceStatus[] = kind === 'CREDIT' ? ['APPROVED', 'PAID'] : ['APPROVED'];
    if (!accepted.includes(this.s.status)) {
      const label = kind === 'CREDIT' ? 'A credit note' : 'A debit note';
      throw new InvoiceInvalidState(
        `${label} can only ${verb} an ${accepted.join(' or ')} invoice; this invoice is ${this.s.status}`,
      );
    }
  }

  private assertOwns(note: Note): void {
    if (note.invoiceId !== this.s.id || note.tenantId !== this.s.tenantId) {
      throw new Error(`Note ${note.id} does not belong to invoice ${this.s.id}`);
    }
  }

  /** APPROVED with nothing left to pay → PAID. */
  private settleIfDue(now: Date): void {
    if (this.amounts().amountDue.isPositive()) return;
    const next = nextInvoiceStatus(this.s.status, { type: 'SETTLE' });
    if (next !== null) this.s = { ...this.s, status: next, updatedAt: now };
  }

  private refuseUnless(event: InvoiceEvent, verb: string): InvoiceStatus {
    const next = nextInvoiceStatus(this.s.status, event);
    if (next === null) throw new InvoiceInvalidState(`Cannot ${verb} an invoice in status ${this.s.status}`);
    return next;
  }

  private recordLifecycleEvent(name: string, action: 'CREATE' | 'VOID', now: Date): void {
    this.record({
      name,
      tenantId: this.s.tenantId,
      occurredAt: now,
      payload: { id: this.s.id, code: this.s.number, branchId: this.s.branchId, resource: 'INVOICE', action },
    });
  }

  /** The stored form (for mappers). */
  state(): Readonly<InvoiceState> {
    return this.s;
  }
}
