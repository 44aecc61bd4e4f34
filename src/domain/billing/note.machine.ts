import { setup, type EventFromLogic } from 'xstate';
import { nextStatus, statusMoveOf } from '../shared/lifecycle.js';

export const NOTE_STATUSES = ['DRAFT', 'APPROVED', 'VOIDED'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/**
 * The lifecycle of credit and debit notes: DRAFT --APPROVE (back office)-->
 * APPROVED; DRAFT --VOID--> VOIDED. APPROVED and VOIDED are terminal.
 */
export const noteMachine = setup({
  types: {} as { events: { type: 'APPROVE' } | { type: 'VOID' } },
}).createMachine({
  id: 'note',
  initial: 'DRAFT',
  states: {
    DRAFT: { on: { APPROVE: 'APPROVED', VOID: 'VOIDED' } },
    APPROVED: { type: 'final' },
    VOIDED: { type: 'final' },
  },
});

export type NoteEvent = EventFromLogic<typeof noteMachine>;

export function nextNoteStatus(status: NoteStatus, event: NoteEvent): NoteStatus | null {
  return nextStatus(noteMachine, status, event);
}

const approval = statusMoveOf(noteMachine, NOTE_STATUSES, { type: 'APPROVE' });

/** The status of a note that counts in its invoice's amounts (where APPROVE leads). */
export const APPROVED_NOTE_STATUS: NoteStatus = approval.to;

/**
 * The statuses of a note still awaiting approval (the ones APPROVE accepts): a credit note in
 * one holds its part of the invoice's creditable balance until it is approved or voided.
 */
export const AWAITING_APPROVAL_NOTE_STATUSES: readonly NoteStatus[] = approval.from;
