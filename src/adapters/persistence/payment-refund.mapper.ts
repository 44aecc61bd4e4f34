import type { PaymentMethod } from '../../domain/billing/invoice-line.js';
import { Payment } from '../../domain/billing/payment.js';
import { Refund, type RefundStatus } from '../../domain/billing/refund.js';
import { Money } from '../../domain/shared/money.js';

export interface PaymentRow {
  tenant_id: string;
  id: string;
  number: string;
  invoice_id: string;
  fiscal_year_id: string;
  branch_id: string;
  amount: string;
  method: string;
  reference: string | null;
  recorded_by: string | null;
  received_at: Date;
}

export interface RefundRow {
  tenant_id: string;
  id: string;
  number: string;
  invoice_id: string;
  fiscal_year_id: string;
  branch_id: string;
  amount: string;
  reason: string;
  method: string | null;
  status: string;
  created_at: Date;
}

export function toPayment(row: PaymentRow): Payment {
  return Payment.restore({
    id: row.id,
    tenantId: row.tenant_id,
    number: row.number,
    invoiceId: row.invoice_id,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    amount: Money.of(row.amount),
    method: row.method as PaymentMethod,
    reference: row.reference,
    recordedBy: row.recorded_by,
    receivedAt: row.received_at,
  });
}

export function toPaymentRow(payment: Payment): PaymentRow {
  const s = payment.state();
  return {
    tenant_id: s.tenantId,
    id: s.id,
    number: s.number,
    invoice_id: s.invoiceId,
    fiscal_year_id: s.fiscalYearId,
    branch_id: s.branchId,
    amount: s.amount.toString(),
    method: s.method,
    reference: s.reference,
    recorded_by: s.recordedBy,
    received_at: s.receivedAt,
  };
}

export function toRefund(row: RefundRow): Refund {
  return Refund.restore({
    id: row.id,
    tenantId: row.tenant_id,
    number: row.number,
    invoiceId: row.invoice_id,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    amount: Money.of(row.amount),
    reason: row.reason,
    method: row.method as PaymentMethod | null,
    status: row.status as RefundStatus,
    createdAt: row.created_at,
  });
}

export function toRefundRow(refund: Refund): RefundRow {
  const s = refund.state();
  return {
    tenant_id: s.tenantId,
    id: s.id,
    number: s.number,
    invoice_id: s.invoiceId,
    fiscal_year_id: s.fiscalYearId,
    branch_id: s.branchId,
    amount: s.amount.toString(),
    reason: s.reason,
    method: s.method,
    status: s.status,
    created_at: s.createdAt,
  };
}
