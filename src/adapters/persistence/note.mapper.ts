import { Note, type NoteKind } from '../../domain/billing/note.js';
import type { NoteStatus } from '../../domain/billing/note.machine.js';
import { Money } from '../../domain/shared/money.js';

/** A row of `credit_notes` or `debit_notes` (same columns; the table gives the kind). */
export interface NoteRow {
  tenant_id: string;
  id: string;
  number: string;
  invoice_id: string;
  fiscal_year_id: string;
  branch_id: string;
  amount: string;
  tax_amount: string;
  untaxed_amount: string;
  reason: string;
  status: string;
  void_reason: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  voided_at: Date | null;
  voided_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toNote(kind: NoteKind, row: NoteRow): Note {
  return Note.restore({
    id: row.id,
    tenantId: row.tenant_id,
    kind,
    number: row.number,
    invoiceId: row.invoice_id,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    amount: Money.of(row.amount),
    taxAmount: Money.of(row.tax_amount),
    untaxedAmount: Money.of(row.untaxed_amount),
    reason: row.reason,
    status: row.status as NoteStatus,
    voidReason: row.void_reason,
    approvedAt: row.approved_at,
    approvedBy: row.approved_by,
    voidedAt: row.voided_at,
    voidedBy: row.voided_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

export function toNoteRow(note: Note): NoteRow {
  const s = note.state();
  return {
    tenant_id: s.tenantId,
    id: s.id,
    number: s.number,
    invoice_id: s.invoiceId,
    fiscal_year_id: s.fiscalYearId,
    branch_id: s.branchId,
    amount: s.amount.toString(),
    tax_amount: s.taxAmount.toString(),
    untaxed_amount: s.untaxedAmount.toString(),
    reason: s.reason,
    status: s.status,
    void_reason: s.voidReason,
    approved_at: s.approvedAt,
    approved_by: s.approvedBy,
    voided_at: s.voidedAt,
    voided_by: s.voidedBy,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}
