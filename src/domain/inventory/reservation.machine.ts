import { setup } from 'xstate';
import { nextStatus, statesThatAccept, statusMoveOf } from '../shared/lifecycle.js';

/** The statuses of a stock reservation. */
export const RESERVATION_STATUSES = ['ACTIVE', 'COMMITTED', 'RELEASED', 'EXPIRED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const RESERVATION_EVENTS = ['COMMIT', 'RELEASE', 'EXPIRE'] as const;
export type ReservationEventType = (typeof RESERVATION_EVENTS)[number];

/**
 * ACTIVE --COMMIT--> COMMITTED (the goods leave stock), --RELEASE--> RELEASED (the caller lets
 * them go), --EXPIRE--> EXPIRED (its time ran out). All three outcomes are terminal.
 */
export const reservationMachine = setup({ types: {} as { events: { type: ReservationEventType } } }).createMachine({
  id: 'reservation',
  initial: 'ACTIVE',
  states: {
    ACTIVE: { on: { COMMIT: 'COMMITTED', RELEASE: 'RELEASED', EXPIRE: 'EXPIRED' } },
    COMMITTED: { type: 'final' },
    RELEASED: { type: 'final' },
    EXPIRED: { type: 'final' },
  },
});

export function nextReservationStatus(
  status: ReservationStatus,
  event: ReservationEventType,
): ReservationStatus | null {
  return nextStatus(reservationMachine, status, { type: event });
}

/** The stored statuses `event` may start from: the conditional UPDATE's `status IN (...)`. */
export function reservationStatusesAccepting(event: ReservationEventType): ReservationStatus[] {
  return statesThatAccept(reservationMachine, RESERVATION_STATUSES, { type: event });
}

/**
 * What expiry does to a stored reservation: the statuses it expires from and the one it moves
 * them to. `Reservation.statusAt` and the expiry SQL of the persistence adapter both read it.
 */
export const EXPIRY_MOVE = statusMoveOf(reservationMachine, RESERVATION_STATUSES, { type: 'EXPIRE' });
