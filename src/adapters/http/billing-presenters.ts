import type { InvoiceSummary } from '../../application/ports/billing-repositories.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { Note } from '../../domain/billing/note.js';
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
