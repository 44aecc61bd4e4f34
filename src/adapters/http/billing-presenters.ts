import { Type, type Static } from '@sinclair/typebox';
import type { InvoiceDetail } from '../../application/billing/get-invoice.js';
import type { RecordedPayment } from '../../application/billing/record-payment.js';
import type { InvoiceSummary } from '../../application/ports/billing-repositories.js';
import type { Customer } from '../../domain/billing/customer.js';
import { PAYMENT_METHODS } from '../../domain/billing/invoice-line.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import { INVOICE_STATUSES } from '../../domain/billing/invoice.machine.js';
import { NOTE_STATUSES } from '../../domain/billing/note.machine.js';
import type { Note } from '../../domain/billing/note.js';
import { PAYMENT_STATUS, type Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import { invoiceView, noteView } from '../shared/billing-views.js';

/** Invoices and notes → response objects (spec 2.5, 2.7, 2.8 plus CONTRACT §3's extra fields). */
export function presentInvoice(invoice: Invoice) {
  const { tenantId: _tenant, ...fields } = invoiceView(invoice);
  return fields;
}

export function presentInvoiceSummary(s: InvoiceSummary) {
  return {
    id: s.id,
    billNumber: s.billNumber,
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
export function presentNote(note: Note) {
  const s = noteView(note);
  return {
    id: s.id,
    [s.kind === 'CREDIT' ? 'creditNoteNumber' : 'debitNoteNumber']: s.number,
    amount: s.amount,
    status: s.status,
    invoiceId: s.invoiceId,
    reason: s.reason,
    branchId: s.branchId,
    voidReason: s.voidReason,
    approvedAt: s.approvedAt,
    voidedAt: s.voidedAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/*
 * CONTRACT §7.2: the billing roadmap's responses. Each `data` shape is declared once as a
 * TypeBox schema beside its presenter (the presenter is typed by it, the OpenAPI document
 * publishes it).
 */

const Instant = Type.String({ format: 'date-time' });
const NullableInstant = Type.Union([Instant, Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const MethodValue = Type.Union(PAYMENT_METHODS.map((m) => Type.Literal(m)));

export const CustomerData = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  email: NullableString,
  phone: NullableString,
  taxId: NullableString,
  address: NullableString,
  createdAt: Instant,
});

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

/** A payment as listed (back office). */
export const PaymentData = Type.Object({
  id: Type.String({ format: 'uuid' }),
  paymentNumber: Type.String(),
  invoiceId: Type.String({ format: 'uuid' }),
  amount: Type.Number(),
  method: MethodValue,
  reference: NullableString,
  receivedAt: Instant,
  branchId: Type.String({ format: 'uuid' }),
});

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
  };
}

/** POST /billing/invoices/:id/payments: the payment and where it left the invoice. */
export const RecordedPaymentData = Type.Object({
  ...PaymentData.properties,
  invoiceStatus: Type.Union(INVOICE_STATUSES.map((s) => Type.Literal(s))),
  amountDue: Type.Number(),
});

export function presentRecordedPayment({ payment, invoice }: RecordedPayment): Static<typeof RecordedPaymentData> {
  return {
    ...presentPayment(payment),
    invoiceStatus: invoice.status,
    amountDue: invoice.amounts().amountDue.toNumber(),
  };
}

/** POST /billing/refunds, and the back office's refund list. */
export const RefundData = Type.Object({
  id: Type.String({ format: 'uuid' }),
  refundNumber: Type.String(),
  invoiceId: Type.String({ format: 'uuid' }),
  amount: Type.Number(),
  reason: Type.String(),
  method: Type.Union([MethodValue, Type.Null()]),
  status: Type.Literal('PROCESSED'),
  branchId: Type.String({ format: 'uuid' }),
  createdAt: Instant,
});

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

/** The fields every note response has, beside its `creditNoteNumber` or `debitNoteNumber`. */
const NoteFields = {
  id: Type.String({ format: 'uuid' }),
  amount: Type.Number(),
  status: Type.Union(NOTE_STATUSES.map((s) => Type.Literal(s))),
  invoiceId: Type.String({ format: 'uuid' }),
  reason: Type.String(),
  branchId: Type.String({ format: 'uuid' }),
  voidReason: NullableString,
  approvedAt: NullableInstant,
  voidedAt: NullableInstant,
  createdAt: Instant,
  updatedAt: Instant,
};

/** POST /billing/notes: what the per-type endpoint answers, plus `type`. */
export const IssuedNoteData = Type.Union([
  Type.Object({ type: Type.Literal('CREDIT'), creditNoteNumber: Type.String(), ...NoteFields }),
  Type.Object({ type: Type.Literal('DEBIT'), debitNoteNumber: Type.String(), ...NoteFields }),
]);

export function presentIssuedNote(note: Note): Static<typeof IssuedNoteData> {
  return { type: note.kind, ...presentNote(note) } as Static<typeof IssuedNoteData>;
}

/** One entry of an invoice's `payments`, `refunds`, `creditNotes` or `debitNotes`. */
const DocumentEntry = {
  id: Type.String({ format: 'uuid' }),
  number: Type.String(),
  amount: Type.Number(),
};

export const InvoiceDetailData = Type.Object({
  id: Type.String({ format: 'uuid' }),
  billNumber: Type.String(),
  status: Type.Union(INVOICE_STATUSES.map((s) => Type.Literal(s))),
  customerId: Type.String({ format: 'uuid' }),
  paymentMethod: MethodValue,
  branchId: Type.String({ format: 'uuid' }),
  fiscalYearId: Type.String({ format: 'uuid' }),
  totalAmount: Type.Number(),
  netAmount: Type.Number(),
  amountPaid: Type.Number(),
  amountDue: Type.Number(),
  items: Type.Array(
    Type.Object({
      productId: Type.String({ format: 'uuid' }),
      quantity: Type.Number(),
      unitPrice: Type.Number(),
      lineTotal: Type.Number(),
    }),
  ),
  payments: Type.Array(
    Type.Object({
      ...DocumentEntry,
      status: Type.Literal(PAYMENT_STATUS),
      method: MethodValue,
      reference: NullableString,
      receivedAt: Instant,
    }),
  ),
  refunds: Type.Array(
    Type.Object({
      ...DocumentEntry,
      status: Type.Literal('PROCESSED'),
      reason: Type.String(),
      method: Type.Union([MethodValue, Type.Null()]),
      createdAt: Instant,
    }),
  ),
  creditNotes: Type.Array(Type.Object({ ...DocumentEntry, status: NoteFields.status, createdAt: Instant })),
  debitNotes: Type.Array(Type.Object({ ...DocumentEntry, status: NoteFields.status, createdAt: Instant })),
  voidReason: NullableString,
  approvedAt: NullableInstant,
  voidedAt: NullableInstant,
  createdAt: Instant,
  updatedAt: Instant,
});

/** GET /billing/invoices/:id (CONTRACT §7.2). */
export function presentInvoiceDetail(d: InvoiceDetail): Static<typeof InvoiceDetailData> {
  const noteEntry = (n: Note) => {
    const s = n.state();
    return {
      id: s.id,
      number: s.number,
      amount: s.amount.toNumber(),
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
