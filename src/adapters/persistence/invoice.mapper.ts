import type { InvoiceSummary } from '../../application/ports/billing-repositories.js';
import { Invoice, type InvoiceNoteTotals } from '../../domain/billing/invoice.js';
import { invoiceAmounts } from '../../domain/billing/invoice-amounts.js';
import type { InvoiceLine, InvoicePricing, PaymentMethod } from '../../domain/billing/invoice-line.js';
import type { InvoiceStatus } from '../../domain/billing/invoice.machine.js';
import { Money } from '../../domain/shared/money.js';
import { Quantity } from '../../domain/shared/quantity.js';
import { TaxRate } from '../../domain/shared/tax-rate.js';
import { jsonValue } from './db.js';

export interface InvoiceRow {
  tenant_id: string;
  id: string;
  number: string;
  fiscal_year_id: string;
  branch_id: string;
  customer_id: string;
  payment_method: string;
  status: string;
  subtotal: string;
  tax_amount: string;
  total_amount: string;
  payments_total: string;
  refunds_total: string;
  void_reason: string | null;
  approved_at: Date | null;
  approved_by: string | null;
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
  tax_rate: string;
  untaxed_amount: string;
  tax_amount: string;
  gross_amount: string;
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
      subtotal: Money.of(row.subtotal),
      taxAmount: Money.of(row.tax_amount),
      totalAmount: Money.of(row.total_amount),
      payments: Money.of(row.payments_total),
      refunds: Money.of(row.refunds_total),
      voidReason: row.void_reason,
      approvedAt: row.approved_at,
      approvedBy: row.approved_by,
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
    taxRate: TaxRate.of(row.tax_rate),
    untaxedAmount: Money.of(row.untaxed_amount),
    taxAmount: Money.of(row.tax_amount),
    grossAmount: Money.of(row.gross_amount),
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
    subtotal: s.subtotal.toString(),
    tax_amount: s.taxAmount.toString(),
    total_amount: s.totalAmount.toString(),
    payments_total: s.payments.toString(),
    refunds_total: s.refunds.toString(),
    void_reason: s.voidReason,
    approved_at: s.approvedAt,
    approved_by: s.approvedBy,
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
    tax_rate: l.taxRate.toString(),
    untaxed_amount: l.untaxedAmount.toString(),
    tax_amount: l.taxAmount.toString(),
    gross_amount: l.grossAmount.toString(),
  }));
}

/** A list row: the invoice row (its stored totals) plus the sums of its approved notes. */
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
    subtotal: Money.of(row.subtotal),
    taxAmount: Money.of(row.tax_amount),
    ...amounts,
  };
}

/** The pricing read: the tenant's mode and `{ productId: rate as text }` (JSON, or its text). */
export function toInvoicePricing(row: { prices_include_tax: boolean; tax_rates: unknown }): InvoicePricing {
  const rates = jsonValue<Record<string, string>>(row.tax_rates);
  return {
    pricesIncludeTax: row.prices_include_tax,
    productTaxRates: new Map(Object.entries(rates).map(([id, rate]) => [id, TaxRate.of(rate)])),
  };
}
