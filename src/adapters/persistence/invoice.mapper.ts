import type { InvoiceSummary } from '../../application/ports/billing-repositories.js';
import { Invoice, type InvoiceNoteTotals } from '../../domain/billing/invoice.js';
import { invoiceAmounts } from '../../domain/billing/invoice-amounts.js';
import type { InvoiceLine, PaymentMethod } from '../../domain/billing/invoice-line.js';
import type { InvoiceStatus } from '../../domain/billing/invoice.machine.js';
import { Money } from '../../domain/shared/money.js';
import { Quantity } from '../../domain/shared/quantity.js';

export interface InvoiceRow {
  tenant_id: string;
  id: string;
  number: string;
  fiscal_year_id: string;
  branch_id: string;
  customer_id: string;
  payment_method: string;
  status: string;
  total_amount: string;
  payments_total: string;
  refunds_total: string;
  void_reason: string | null;
  approved_at: Date | null;
  voided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface InvoiceLineRow {
  tenant_id: string;
  invoice_id: string;
  line_no: number;
  product_id: string;
  quantity: string;
  unit_price: string;
  line_total: string;
}

/** Sums over an invoice's notes, as numeric strings. */
export interface NoteTotalsRow {
  approved_debits: string;
  approved_credits: string;
  pending_credits: string;
}

export function toNoteTotals(row: NoteTotalsRow): InvoiceNoteTotals {
  return {
    approvedDebits: Money.of(row.approved_debits),
    approvedCredits: Money.of(row.approved_credits),
    pendingCredits: Money.of(row.pending_credits),
  };
}

export function toInvoice(row: InvoiceRow, lines: InvoiceLineRow[], totals: NoteTotalsRow): Invoice {
  return Invoice.restore(
    {
      id: row.id,
      tenantId: row.tenant_id,
      number: row.number,
      customerId: row.customer_id,
      paymentMethod: row.payment_method as PaymentMethod,
      branchId: row.branch_id,
      fiscalYearId: row.fiscal_year_id,
      status: row.status as InvoiceStatus,
      lines: [...lines].sort((a, b) => a.line_no - b.line_no).map(toInvoiceLine),
      totalAmount: Money.of(row.total_amount),
      payments: Money.of(row.payments_total),
      refunds: Money.of(row.refunds_total),
      voidReason: row.void_reason,
      approvedAt: row.approved_at,
      voidedAt: row.voided_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    toNoteTotals(totals),
  );
}

function toInvoiceLine(row: InvoiceLineRow): InvoiceLine {
  return {
    productId: row.product_id,
    quantity: Quantity.of(row.quantity),
    unitPrice: Money.of(row.unit_price),
    lineTotal: Money.of(row.line_total),
  };
}

export function toInvoiceRow(invoice: Invoice): InvoiceRow {
  const s = invoice.state();
  return {
    tenant_id: s.tenantId,
    id: s.id,
    number: s.number,
    fiscal_year_id: s.fiscalYearId,
    branch_id: s.branchId,
    customer_id: s.customerId,
    payment_method: s.paymentMethod,
    status: s.status,
    total_amount: s.totalAmount.toString(),
    payments_total: s.payments.toString(),
    refunds_total: s.refunds.toString(),
    void_reason: s.voidReason,
    approved_at: s.approvedAt,
    voided_at: s.voidedAt,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

export function toInvoiceLineRows(invoice: Invoice): InvoiceLineRow[] {
  const s = invoice.state();
  return s.lines.map((l, i) => ({
    tenant_id: s.tenantId,
    invoice_id: s.id,
    line_no: i + 1,
    product_id: l.productId,
    quantity: l.quantity.toString(),
    unit_price: l.unitPrice.toString(),
    line_total: l.lineTotal.toString(),
  }));
}

/** A list row: the invoice row plus the sums of its approved notes. */
export function toInvoiceSummary(row: InvoiceRow & Omit<NoteTotalsRow, 'pending_credits'>): InvoiceSummary {
  const amounts = invoiceAmounts({
    totalAmount: Money.of(row.total_amount),
    approvedDebits: Money.of(row.approved_debits),
    approvedCredits: Money.of(row.approved_credits),
    payments: Money.of(row.payments_total),
    refunds: Money.of(row.refunds_total),
  });
  return {
    id: row.id,
    billNumber: row.number,
    status: row.status as InvoiceStatus,
    customerId: row.customer_id,
    paymentMethod: row.payment_method as PaymentMethod,
    branchId: row.branch_id,
    createdAt: row.created_at,
    ...amounts,
  };
}
