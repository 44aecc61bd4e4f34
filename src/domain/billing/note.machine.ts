import { setup, type EventFromLogic } from 'xstate';
import { nextStatus } from '../shared/lifecycle.js';

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
