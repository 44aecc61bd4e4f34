import { Type } from '@sinclair/typebox';
import { NOTE_STATUSES } from '../../../domain/billing/note.machine.js';
import { closed, DecidedBy, Decimal, Id, NullableString, Timestamp } from './common.js';

/**
 * The `data` of every credit and debit note answer (spec 2.8 and the fields added to it), and a
 * note's entry in its invoice's detail: declared once, for the presenters, the OpenAPI document
 * and the SDK.
 */

const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const NoteStatus = Type.Union(NOTE_STATUSES.map((s) => Type.Literal(s)));

/** The fields every note response has, beside its `creditNoteNumber` or `debitNoteNumber`. */
const NoteFields = {
  id: Id,
  amount: Type.Number({ description: 'Gross: what the note takes off (credit) or adds to (debit) the invoice.' }),
  taxAmount: Type.Number({
    description:
      "amount × the invoice's taxAmount / its totalAmount, rounded half-up to cents (0 when the total is 0).",
  }),
  untaxedAmount: Type.Number({ description: 'amount − taxAmount.' }),
  status: NoteStatus,
  invoiceId: Id,
  reason: Type.String(),
  branchId: Id,
  voidReason: NullableString,
  approvedAt: NullableTimestamp,
  approvedBy: DecidedBy('Who approved it', 'unless APPROVED'),
  voidedAt: NullableTimestamp,
  voidedBy: DecidedBy('Who voided it', 'unless VOIDED'),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const CreditNoteData = closed({ creditNoteNumber: Type.String(), ...NoteFields }, 'A credit note.');
export const DebitNoteData = closed({ debitNoteNumber: Type.String(), ...NoteFields }, 'A debit note.');
/** A note of either kind (the back office's approve and void answer the note they changed). */
export const NoteData = Type.Union([CreditNoteData, DebitNoteData]);

/** POST /billing/notes: what the per-type endpoint answers, plus `type`. */
export const IssuedNoteData = Type.Union([
  closed({ type: Type.Literal('CREDIT'), creditNoteNumber: Type.String(), ...NoteFields }, 'A credit note.'),
  closed({ type: Type.Literal('DEBIT'), debitNoteNumber: Type.String(), ...NoteFields }, 'A debit note.'),
]);

/** A note's entry in its invoice's `creditNotes` or `debitNotes` (GET /billing/invoices/:id). */
export const InvoiceNoteData = closed({
  id: Id,
  number: Type.String(),
  amount: Decimal,
  taxAmount: NoteFields.taxAmount,
  untaxedAmount: NoteFields.untaxedAmount,
  status: NoteStatus,
  createdAt: Timestamp,
});
