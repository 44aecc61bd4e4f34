import type { Static } from '@sinclair/typebox';
import type { InvoiceDetail } from '../../application/billing/get-invoice.js';
import type { RecordedPayment } from '../../application/billing/record-payment.js';
import type { InvoiceSummary } from '../../application/ports/billing-repositories.js';
import type { Customer } from '../../domain/billing/customer.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { Note } from '../../domain/billing/note.js';
import { PAYMENT_STATUS, type Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import { invoiceView, noteView } from '../shared/billing-views.js';
import type {
  CustomerData,
  InvoiceData,
  InvoiceDetailData,
  InvoiceSummaryData,
  PaymentData,
  RecordedPaymentData,
  RefundData,
} from '../shared/responses/billing.js';
import type { CreditNoteData, DebitNoteData, IssuedNoteData } from '../shared/responses/billing-notes.js';

/**
 * Invoices and notes → response objects (spec 2.5, 2.7, 2.8 plus the fields
 * added to it). Each return type is the static type of the response schema the OpenAPI document
 * publishes (src/adapters/shared/responses/billing.ts), so the two cannot drift apart.
 */
export function presentInvoice(invoice: Invoice): Static<typeof InvoiceData> {
  const { tenantId: _tenant, ...fields } = invoiceView(invoice);
  return fields;
}

export function presentInvoiceSummary(s: InvoiceSummary): Static<typeof InvoiceSummaryData> {
  return {
    id: s.id,
    billNumber: s.billNumber,
    subtotal: s.subtotal.toNumber(),
    taxAmount: s.taxAmount.toNumber(),
    totalAmount: s.totalAmount.toNumber(),
    status: s.status,
    customerId: s.customerId,
    paymentMethod: s.paymentMethod,
    branchId: s.branchId,
    netAmount: s.netAmount.toNumber(),
    amountPaid: s.amountPaid.toNumber(),
    amountDue: s.amountDue.toNumber(),
    createdAt: s.createdAt.toISOString(),
  };
}

/** `creditNoteNumber` or `debitNoteNumber`, as the spec names the number of each kind. */
export function presentNote(note: Note): Static<typeof CreditNoteData> | Static<typeof DebitNoteData> {
  return note.kind === 'CREDIT' ? presentCreditNote(note) : presentDebitNote(note);
}

/** A note's fields, once it is known to be of `kind` (a route of one kind answers that kind only). */
function noteOfKind(note: Note, kind: Note['kind']) {
  const { kind: actual, tenantId: _tenant, fiscalYearId: _year, ...fields } = noteView(note);
  if (actual !== kind) throw new Error(`A ${actual} note where a ${kind} note was expected`);
  return fields;
}

export function presentCreditNote(note: Note): Static<typeof CreditNoteData> {
  const { number, ...fields } = noteOfKind(note, 'CREDIT');
  return { creditNoteNumber: number, ...fields };
}

export function presentDebitNote(note: Note): Static<typeof DebitNoteData> {
  const { number, ...fields } = noteOfKind(note, 'DEBIT');
  return { debitNoteNumber: number, ...fields };
}

export function presentCustomer(c: Customer): Static<typeof CustomerData> {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    taxId: c.taxId,
    address: c.address,
    createdAt: c.createdAt.toISOString(),
  };
}

export function presentPayment(p: Payment): Static<typeof PaymentData> {
  const s = p.state();
  return {
    id: s.id,
    paymentNumber: s.number,
    invoiceId: s.invoiceId,
    amount: s.amount.toNumber(),
    method: s.method,
    reference: s.reference,
    receivedAt: s.receivedAt.toISOString(),
    branchId: s.branchId,
    recordedBy: s.recordedBy,
  };
}

export function presentRecordedPayment({ payment, invoice }: RecordedPayment): Static<typeof RecordedPaymentData> {
  return {
    ...presentPayment(payment),
    invoiceStatus: invoice.status,
    amountDue: invoice.amounts().amountDue.toNumber(),
  };
}

export function presentRefund(r: Refund): Static<typeof RefundData> {
  const s = r.state();
  return {
    id: s.id,
    refundNumber: s.number,
    invoiceId: s.invoiceId,
    amount: s.amount.toNumber(),
    reason: s.reason,
    method: s.method,
    status: s.status,
    branchId: s.branchId,
    createdAt: s.createdAt.toISOString(),
  };
}

export function presentIssuedNote(note: Note): Static<typeof IssuedNoteData> {
  const presented = presentNote(note);
  return 'creditNoteNumber' in presented ? { type: 'CREDIT', ...presented } : { type: 'DEBIT', ...presented };
}

/** GET /billing/invoices/:id: the invoice with its payments, refunds and notes. */
export function presentInvoiceDetail(d: InvoiceDetail): Static<typeof InvoiceDetailData> {
  const noteEntry = (n: Note) => {
    const s = n.state();
    return {
      id: s.id,
      number: s.number,
      amount: s.amount.toNumber(),
      taxAmount: s.taxAmount.toNumber(),
      untaxedAmount: s.untaxedAmount.toNumber(),
      status: s.status,
      createdAt: s.createdAt.toISOString(),
    };
  };
  return {
    ...presentInvoice(d.invoice),
    payments: d.payments.map((p) => {
      const s = p.state();
      return {
        id: s.id,
        number: s.number,
        amount: s.amount.toNumber(),
        status: PAYMENT_STATUS,
        method: s.method,
        reference: s.reference,
        receivedAt: s.receivedAt.toISOString(),
        recordedBy: s.recordedBy,
      };
    }),
    refunds: d.refunds.map((r) => {
      const s = r.state();
      return {
        id: s.id,
        number: s.number,
        amount: s.amount.toNumber(),
        status: s.status,
        reason: s.reason,
        method: s.method,
        createdAt: s.createdAt.toISOString(),
      };
    }),
    creditNotes: d.creditNotes.map(noteEntry),
    debitNotes: d.debitNotes.map(noteEntry),
  };
}
