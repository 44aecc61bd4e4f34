import { ValidationError } from '../shared/errors.js';
import { AggregateRoot } from '../shared/events.js';
import type { Money } from '../shared/money.js';
import { cleanText, textRule } from '../shared/text.js';
import { NoteInvalidState } from './errors.js';
import { nextNoteStatus, type NoteEvent, type NoteStatus } from './note.machine.js';

/** A credit note lowers an invoice's net amount, a debit note raises it (once APPROVED). */
export type NoteKind = 'CREDIT' | 'DEBIT';

export const REASON_MAX_LENGTH = 500;

/** The rule of every billing reason (void reasons, note reasons), worded once: the request schemas show it too. */
export const REASON_RULE = textRule('reason', REASON_MAX_LENGTH);

/** A reason as stored: trimmed, 1 to REASON_MAX_LENGTH characters. */
export function reasonText(value: string): string {
  const text = cleanText(value, REASON_MAX_LENGTH);
  if (text === null) throw new ValidationError(REASON_RULE, 'reason');
  return text;
}

export interface NoteState {
  id: string;
  tenantId: string;
  kind: NoteKind;
  number: string;
  invoiceId: string;
  branchId: string;
  fiscalYearId: string;
  /** Gross: what the note takes off or adds to the invoice's net amount. */
  amount: Money;
  /** The invoice's share of tax in `amount`, and the rest (`noteTax`). */
  taxAmount: Money;
  untaxedAmount: Money;
  reason: string;
  status: NoteStatus;
  voidReason: string | null;
  approvedAt: Date | null;
  /** Who approved or voided it (the back office's caller); null on notes decided before people signed in. */
  approvedBy: string | null;
  voidedAt: Date | null;
  voidedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const LABEL: Record<NoteKind, string> = { CREDIT: 'credit note', DEBIT: 'debit note' };

/**
 * A credit or debit note against one invoice. Its lifecycle is `note.machine.ts`; the rules
 * that need the invoice (which invoice states accept a note, the credit balance) live in
 * `Invoice`, which creates notes and drives their approval.
 */
export class Note extends AggregateRoot {
  private constructor(private s: NoteState) {
    super();
  }

  /** A new DRAFT note. Use `Invoice.issueNote`, which checks the invoice's rules first. */
  static draft(
    input: Omit<
      NoteState,
      'status' | 'voidReason' | 'approvedAt' | 'approvedBy' | 'voidedAt' | 'voidedBy' | 'createdAt' | 'updatedAt'
    >,
    now: Date,
  ): Note {
    return new Note({
      ...input,
      status: 'DRAFT',
      voidReason: null,
      approvedAt: null,
      approvedBy: null,
      voidedAt: null,
      voidedBy: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Rebuilds a stored note; no validation, no events. */
  static restore(state: NoteState): Note {
    return new Note({ ...state });
  }

  get id(): string {
    return this.s.id;
  }
  get tenantId(): string {
    return this.s.tenantId;
  }
  get kind(): NoteKind {
    return this.s.kind;
  }
  get invoiceId(): string {
    return this.s.invoiceId;
  }
  get amount(): Money {
    return this.s.amount;
  }
  get status(): NoteStatus {
    return this.s.status;
  }

  /** DRAFT → APPROVED by `by` (the caller's email). */
  approve(now: Date, by: string): void {
    const status = this.step({ type: 'APPROVE' }, 'approve');
    this.s = { ...this.s, status, approvedAt: now, approvedBy: by, updatedAt: now };
  }

  /** DRAFT → VOIDED by `by` (the caller's email). The reason is optional. */
  void(reason: string | undefined, now: Date, by: string): void {
    const voidReason = reason === undefined ? null : reasonText(reason);
    const status = this.step({ type: 'VOID' }, 'void');
    this.s = { ...this.s, status, voidReason, voidedAt: now, voidedBy: by, updatedAt: now };
  }

  private step(event: NoteEvent, verb: string): NoteStatus {
    const next = nextNoteStatus(this.s.status, event);
    if (next === null) {
      throw new NoteInvalidState(`Cannot ${verb} a ${LABEL[this.s.kind]} in status ${this.s.status}`);
    }
    return next;
  }

  /** The stored form (for mappers). */
  state(): Readonly<NoteState> {
    return this.s;
  }
}
