import { setup, transition } from 'xstate';

/** The statuses of a stock adjustment request (spec 2.4, 3.2). */
export const ADJUSTMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export type AdjustmentEvent = { type: 'APPROVE' } | { type: 'REJECT' };

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

/**
 * The machine as a pure transition function: the snapshot is rebuilt from the stored status
 * (no running actor), and the result is the status after `event`, or null when the event
 * causes no transition from `status`.
 */
export function nextAdjustmentStatus(
  status: AdjustmentStatus,
  event: AdjustmentEvent['type'],
): AdjustmentStatus | null {
  const snapshot = adjustmentRequestMachine.resolveState({ value: status, context: {} });
  if (!snapshot.can({ type: event })) return null;
  const [next] = transition(adjustmentRequestMachine, snapshot, { type: event });
  return next.value as AdjustmentStatus;
}
