import { ValidationError, type ErrorDetail } from '../shared/errors.js';
import { AggregateRoot } from '../shared/events.js';
import { Money } from '../shared/money.js';
import { cleanText } from '../shared/text.js';
import { NoteInvalidState } from './errors.js';
import { MAX_AMOUNT } from './invoice-amounts.js';
import { nextNoteStatus, type NoteEvent, type NoteStatus } from './note.machine.js';

/** A credit note lowers an invoice's net amount, a debit note raises it (once APPROVED). */
export type NoteKind = 'CREDIT' | 'DEBIT';

export const REASON_MAX_LENGTH = 500;

export interface NoteState {
  id: string;
  tenantId: string;
  kind: NoteKind;
  number: string;
  invoiceId: string;
  branchId: string;
  fiscalYearId: string;
  amount: Money;
  reason: string;
  status: NoteStatus;
  voidReason: string | null;
  approvedAt: Date | null;
  voidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A valid note request: amount > 0 with at most 2 decimals, and a non-empty reason. */
export function parseNoteInput(input: { amount: unknown; reason: unknown }): { amount: Money; reason: string } {
  const problems: ErrorDetail[] = [];
  const amount = typeof input.amount === 'number' ? Money.tryParse(input.amount) : null;
  if (!amount || !amount.isPositive() || amount.greaterThan(MAX_AMOUNT)) {
    problems.push({ field: 'amount', issue: 'amount must be a positive number with at most 2 decimals' });
  }
  const reason = cleanText(input.reason, REASON_MAX_LENGTH);
  if (reason === null) {
    problems.push({
      field: 'reason',
      issue: `reason must be a non-empty string of at most ${REASON_MAX_LENGTH} characters`,
    });
  }
  if (problems.length > 0 || !amount || reason === null) throw new ValidationError(problems);
  return { amount, reason };
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
    input: Omit<NoteState, 'status' | 'voidReason' | 'approvedAt' | 'voidedAt' | 'createdAt' | 'updatedAt'>,
    now: Date,
  ): Note {
    return new Note({
      ...input,
      status: 'DRAFT',
      voidReason: null,
      approvedAt: null,
      voidedAt: null,
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

  /** DRAFT → APPROVED. */
  approve(now: Date): void {
    this.s = { ...this.s, status: this.step({ type: 'APPROVE' }, 'approve'), approvedAt: now, updatedAt: now };
  }

  /** DRAFT → VOIDED. The reason is optional; when given it must be non-empty text. */
  void(reason: unknown, now: Date): void {
    let voidReason: string | null = null;
    if (reason !== undefined && reason !== null) {
      voidReason = cleanText(reason, REASON_MAX_LENGTH);
      if (voidReason === null) {
        throw new ValidationError(
          `reason must be a non-empty string of at most ${REASON_MAX_LENGTH} characters`,
          'reason',
        );
      }
    }
    this.s = { ...this.s, status: this.step({ type: 'VOID' }, 'void'), voidReason, voidedAt: now, updatedAt: now };
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

  /** Plain data for presentation and logs. */
  snapshot() {
    const s = this.s;
    return {
      id: s.id,
      tenantId: s.tenantId,
      kind: s.kind,
      number: s.number,
      invoiceId: s.invoiceId,
      branchId: s.branchId,
      fiscalYearId: s.fiscalYearId,
      amount: s.amount.toNumber(),
      reason: s.reason,
      status: s.status,
      voidReason: s.voidReason,
      approvedAt: s.approvedAt?.toISOString() ?? null,
      voidedAt: s.voidedAt?.toISOString() ?? null,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    };
  }
}
