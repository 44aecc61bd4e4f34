import { setup } from 'xstate';
import { nextStatus, statesThatAccept } from '../shared/lifecycle.js';

/** The statuses of a purchase order. */
export const PURCHASE_ORDER_STATUSES = ['OPEN', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_EVENTS = ['RECEIVE_PART', 'RECEIVE_REST', 'CANCEL'] as const;
export type PurchaseOrderEventType = (typeof PURCHASE_ORDER_EVENTS)[number];

/**
 * OPEN --RECEIVE_PART--> PARTIALLY_RECEIVED (--RECEIVE_PART--> itself, repeatable);
 * OPEN | PARTIALLY_RECEIVED --RECEIVE_REST--> RECEIVED (a receipt that completes every row);
 * OPEN | PARTIALLY_RECEIVED --CANCEL--> CANCELLED (back office). RECEIVED and CANCELLED are terminal.
 */
export const purchaseOrderMachine = setup({
  types: {} as { events: { type: PurchaseOrderEventType } },
}).createMachine({
  id: 'purchaseOrder',
  initial: 'OPEN',
  states: {
    OPEN: { on: { RECEIVE_PART: 'PARTIALLY_RECEIVED', RECEIVE_REST: 'RECEIVED', CANCEL: 'CANCELLED' } },
    PARTIALLY_RECEIVED: {
      on: { RECEIVE_PART: 'PARTIALLY_RECEIVED', RECEIVE_REST: 'RECEIVED', CANCEL: 'CANCELLED' },
    },
    RECEIVED: { type: 'final' },
    CANCELLED: { type: 'final' },
  },
});

export function nextPurchaseOrderStatus(
  status: PurchaseOrderStatus,
  event: PurchaseOrderEventType,
): PurchaseOrderStatus | null {
  return nextStatus(purchaseOrderMachine, status, { type: event });
}

/** The stored statuses `event` may start from: the conditional UPDATE's `status IN (...)`. */
export function purchaseOrderStatusesAccepting(event: PurchaseOrderEventType): PurchaseOrderStatus[] {
  return statesThatAccept(purchaseOrderMachine, PURCHASE_ORDER_STATUSES, { type: event });
}
