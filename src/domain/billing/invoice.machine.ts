import { setup, type EventFromLogic } from 'xstate';
import { nextStatus, statesThatAccept } from '../shared/lifecycle.js';

export const INVOICE_STATUSES = ['DRAFT', 'APPROVED', 'PAID', 'VOIDED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * The invoice lifecycle (spec 3.1):
 * DRAFT --APPROVE (back office) or PAY (first payment)--> APPROVED;
 * APPROVED --PAY--> APPROVED (a further payment);
 * APPROVED --SETTLE (amount due reached 0)--> PAID;
 * DRAFT | APPROVED --VOID--> VOIDED;
 * APPROVED | PAID | VOIDED --REFUND--> the same status (money goes back, the
 * status stays; a DRAFT has received nothing to refund).
 * No status leaves PAID or VOIDED: they accept only REFUND.
 */
export const invoiceMachine = setup({
  types: {} as {
    events: { type: 'APPROVE' } | { type: 'PAY' } | { type: 'SETTLE' } | { type: 'VOID' } | { type: 'REFUND' };
  },
}).createMachine({
  id: 'invoice',
  initial: 'DRAFT',
  states: {
    DRAFT: { on: { APPROVE: 'APPROVED', PAY: 'APPROVED', VOID: 'VOIDED' } },
    APPROVED: { on: { PAY: 'APPROVED', SETTLE: 'PAID', VOID: 'VOIDED', REFUND: 'APPROVED' } },
    PAID: { on: { REFUND: 'PAID' } },
    VOIDED: { on: { REFUND: 'VOIDED' } },
  },
});

export type InvoiceEvent = EventFromLogic<typeof invoiceMachine>;

/** The status after `event`, or null when `status` refuses it. */
export function nextInvoiceStatus(status: InvoiceStatus, event: InvoiceEvent): InvoiceStatus | null {
  return nextStatus(invoiceMachine, status, event);
}

/** The statuses of an invoice waiting for the back office's approval (the ones APPROVE accepts from it). */
export const AWAITING_APPROVAL_INVOICE_STATUSES: readonly InvoiceStatus[] = statesThatAccept(
  invoiceMachine,
  INVOICE_STATUSES,
  { type: 'APPROVE' },
);
