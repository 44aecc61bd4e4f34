import { setup } from 'xstate';
import { nextStatus, statesThatAccept, statusMoveOf } from '../shared/lifecycle.js';

/** The statuses of a webhook delivery. */
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

export type DeliveryEventType = DeliveryMachineEvent['type'];

/** The status `event` moves a delivery in `status` to, or null when the machine refuses it. */
export function nextDeliveryStatus(status: DeliveryStatus, type: DeliveryEventType): DeliveryStatus | null {
  return nextStatus(deliveryMachine, status, { type });
}

const accepting = (type: DeliveryEventType) => statesThatAccept(deliveryMachine, DELIVERY_STATUSES, { type });

/** The statuses a delivery is queued in (due at `nextAttemptAt`): the ones a claim takes. */
export const QUEUED_STATUSES: readonly DeliveryStatus[] = accepting('CLAIM');

/** The statuses holding a lease on one of the tenant's in-flight slots: the ones a lease can expire in. */
export const LEASED_STATUSES: readonly DeliveryStatus[] = accepting('LEASE_EXPIRED');

/** A transition applied to many deliveries at once: the statuses it moves, and where to. */
export interface StatusMove {
  event: DeliveryEventType;
  from: readonly DeliveryStatus[];
  to: DeliveryStatus;
}

/**
 * What `event` does to the deliveries whose status is among `among`, asked of the machine: the
 * statuses it accepts (a conditional UPDATE's `WHERE status IN (...)`) and the one status they
 * all move to (its `SET status = ...`).
 */
export function statusMove(type: DeliveryEventType, among: readonly DeliveryStatus[] = DELIVERY_STATUSES): StatusMove {
  return { event: type, ...statusMoveOf(deliveryMachine, DELIVERY_STATUSES, { type }, among) };
}

/** The status a dead letter is in (where DEAD_LETTER leads). */
export const DEAD_LETTER_STATUS: DeliveryStatus = statusMove('DEAD_LETTER').to;

/** The status a delivery awaiting its next attempt is in (where RETRY leads). */
export const RETRYING_STATUS: DeliveryStatus = statusMove('RETRY').to;

/** The status of a delivery its endpoint accepted (where SUCCEED leads): history, no longer queued. */
export const DELIVERED_STATUS: DeliveryStatus = statusMove('SUCCEED').to;

/**
 * Every status but DELIVERED: the deliveries waiting, in flight, held or dead, which the queue
 * metrics count per status.
 */
export const UNDELIVERED_STATUSES: readonly DeliveryStatus[] = DELIVERY_STATUSES.filter((s) => s !== DELIVERED_STATUS);

/**
 * The transitions the database applies in one statement (delivery.ts says the same of one
 * delivery; test/adapters/persistence/delivery-transitions.test.ts shows both agree):
 */
export const DELIVERY_MOVES = {
  /** A worker takes a due delivery: one of its tenant's slots, under a lease. */
  claim: statusMove('CLAIM'),
  /** The endpoint was paused: its queued deliveries are kept, not sent. */
  holdQueued: statusMove('HOLD', QUEUED_STATUSES),
  /** Back-office resume: held deliveries are due again. */
  requeueHeld: statusMove('REQUEUE'),
  /** Back-office resume with `replayDeadLetters`: the dead letters start again. */
  replayDeadLetters: statusMove('REPLAY', [DEAD_LETTER_STATUS]),
} as const;
