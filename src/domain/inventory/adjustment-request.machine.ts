import { setup } from 'xstate';
import { nextStatus, statesThatAccept } from '../shared/lifecycle.js';

/** The statuses of a stock adjustment request (spec 2.4, 3.2). */
export const ADJUSTMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const ADJUSTMENT_EVENTS = ['APPROVE', 'REJECT'] as const;
export type AdjustmentEvent = { type: (typeof ADJUSTMENT_EVENTS)[number] };

/**
 * The lifecycle of spec 3.2: a request starts PENDING; the back office approves it (stock
 * changes) or rejects it (a stock audit declines). Both outcomes are terminal.
 */
export const adjustmentRequestMachine = setup({ types: {} as { events: AdjustmentEvent } }).createMachine({
  id: 'stockAdjustmentRequest',
  initial: 'PENDING',
  states: {
    PENDING: { on: { APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    APPROVED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});

/** The status after `event`, or null when `status` does not allow it (the shared helper, typed). */
export function nextAdjustmentStatus(
  status: AdjustmentStatus,
  event: AdjustmentEvent['type'],
): AdjustmentStatus | null {
  return nextStatus(adjustmentRequestMachine, status, { type: event });
}

/** The stored statuses a decision may start from: the conditional UPDATE's `status IN (...)`. */
export function adjustmentStatusesAccepting(event: AdjustmentEvent['type']): AdjustmentStatus[] {
  return statesThatAccept(adjustmentRequestMachine, ADJUSTMENT_STATUSES, { type: event });
}
