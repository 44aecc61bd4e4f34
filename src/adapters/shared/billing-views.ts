import type { Invoice } from '../../domain/billing/invoice.js';
import type { Note } from '../../domain/billing/note.js';

/**
 * Invoices and notes as plain JSON data (money as exact JSON numbers, instants as ISO 8601):
 * what the back-office tools print, and what the HTTP presenters shape responses from.
 */
export function invoiceView(invoice: Invoice) {
  const s = invoice.state();
  const a = invoice.amounts();
  return {
    id: s.id,
    tenantId: s.tenantId,
    billNumber: s.number,
    status: s.status,
    customerId: s.customerId,
    paymentMethod: s.paymentMethod,
    branchId: s.branchId,
    fiscalYearId: s.fiscalYearId,
    subtotal: s.subtotal.toNumber(),
    taxAmount: s.taxAmount.toNumber(),
    totalAmount: a.totalAmount.toNumber(),
    netAmount: a.netAmount.toNumber(),
    amountPaid: a.amountPaid.toNumber(),
    amountDue: a.amountDue.toNumber(),
    items: s.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity.toNumber(),
      unitPrice: l.unitPrice.toNumber(),
      lineTotal: l.lineTotal.toNumber(),
      taxRate: l.taxRate.toNumber(),
      untaxedAmount: l.untaxedAmount.toNumber(),
      taxAmount: l.taxAmount.toNumber(),
      grossAmount: l.grossAmount.toNumber(),
    })),
    taxBreakdown: invoice.taxBreakdown().map((b) => ({
      taxRate: b.taxRate.toNumber(),
      untaxedAmount: b.untaxedAmount.toNumber(),
      taxAmount: b.taxAmount.toNumber(),
    })),
    voidReason: s.voidReason,
    approvedAt: s.approvedAt?.toISOString() ?? null,
    approvedBy: s.approvedBy,
    voidedAt: s.voidedAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function noteView(note: Note) {
  const s = note.state();
  return {
    id: s.id,
    tenantId: s.tenantId,
    kind: s.kind,
    number: s.number,
    invoiceId: s.invoiceId,
    branchId: s.branchId,
    fiscalYearId: s.fiscalYearId,
    amount: s.amount.toNumber(),
    taxAmount: s.taxAmount.toNumber(),
    untaxedAmount: s.untaxedAmount.toNumber(),
    reason: s.reason,
    status: s.status,
    voidReason: s.voidReason,
    approvedAt: s.approvedAt?.toISOString() ?? null,
    approvedBy: s.approvedBy,
    voidedAt: s.voidedAt?.toISOString() ?? null,
    voidedBy: s.voidedBy,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
