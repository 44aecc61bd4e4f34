import { setup } from 'xstate';

/** The statuses of a webhook delivery (CONTRACT §4). */
export const DELIVERY_STATUSES = ['PENDING', 'IN_FLIGHT', 'RETRYING', 'DELIVERED', 'DEAD', 'HELD'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type DeliveryMachineEvent =
  | { type: 'CLAIM' }
  | { type: 'SUCCEED' }
  | { type: 'RETRY' }
  | { type: 'DEAD_LETTER' }
  | { type: 'HOLD' }
  | { type: 'LEASE_EXPIRED' }
  | { type: 'REQUEUE' }
  | { type: 'REPLAY' };

/**
 * A delivery's lifecycle, used as a pure transition function (no running actor):
 *
 *   PENDING | RETRYING --CLAIM--> IN_FLIGHT (holds one of the tenant's 5 slots, under a lease)
 *   IN_FLIGHT --SUCCEED--> DELIVERED
 *   IN_FLIGHT --RETRY--> RETRYING (a retry is scheduled)
 *   IN_FLIGHT --DEAD_LETTER--> DEAD (the retries are spent)
 *   IN_FLIGHT --LEASE_EXPIRED--> PENDING (the worker died; due again)
 *   PENDING | RETRYING | IN_FLIGHT --HOLD--> HELD (the endpoint is paused)
 *   HELD --REQUEUE--> PENDING (back-office resume)
 *   DEAD | DELIVERED --REPLAY--> PENDING (back-office replay)
 */
export const deliveryMachine = setup({ types: {} as { events: DeliveryMachineEvent } }).createMachine({
  id: 'webhookDelivery',
  initial: 'PENDING',
  states: {
    PENDING: { on: { CLAIM: 'IN_FLIGHT', HOLD: 'HELD' } },
    RETRYING: { on: { CLAIM: 'IN_FLIGHT', HOLD: 'HELD' } },
    IN_FLIGHT: {
      on: {
        SUCCEED: 'DELIVERED',
        RETRY: 'RETRYING',
        DEAD_LETTER: 'DEAD',
        LEASE_EXPIRED: 'PENDING',
        HOLD: 'HELD',
      },
    },
    DELIVERED: { on: { REPLAY: 'PENDING' } },
    DEAD: { on: { REPLAY: 'PENDING' } },
    HELD: { on: { REQUEUE: 'PENDING' } },
  },
});

/** The statuses a delivery is queued in (due at `nextAttemptAt`). */
export const QUEUED_STATUSES: readonly DeliveryStatus[] = ['PENDING', 'RETRYING'];
