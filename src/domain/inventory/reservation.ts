import { drawnNumber, UNNUMBERED } from '../shared/document-number.js';
import { ReservationNotActive } from './errors.js';
import {
  EXPIRY_MOVE,
  nextReservationStatus,
  type ReservationEventType,
  type ReservationStatus,
} from './reservation.machine.js';
import type { StockLine } from './stock-lines.js';

export { RESERVATION_STATUSES, type ReservationStatus } from './reservation.machine.js';

/** How long a reservation may hold stock: 1..86400 seconds, default 900. */
export const MIN_RESERVATION_SECONDS = 1;
export const MAX_RESERVATION_SECONDS = 86_400;
export const DEFAULT_RESERVATION_SECONDS = 900;

/**
 * The expiry rule, in one place: a reservation stops holding stock at `expiresAt` exactly, so
 * at `now >= expiresAt` it is expired. Its one SQL form is `pastExpiry` of the persistence
 * adapter (test/adapters/persistence/reservation-expiry.test.ts runs both on the same instants).
 */
export function hasExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

export interface ReservationState {
  readonly id: string;
  readonly tenantId: string;
  readonly number: string;
  readonly warehouseId: string;
  readonly branchId: string;
  readonly fiscalYearId: string;
  readonly integrationId: string;
  readonly reference: string | null;
  /** The stored status: ACTIVE may already be past its expiry (see `statusAt`). */
  readonly status: ReservationStatus;
  readonly items: readonly StockLine[];
  readonly expiresAt: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * A hold on available stock in one warehouse. Its lifecycle is the machine in
 * `reservation.machine.ts`; expiry is decided from the clock the caller passes, never from a
 * sweeper having run: an ACTIVE reservation past `expiresAt` reads EXPIRED and can no longer
 * be committed or released.
 */
export class Reservation {
  private _transition: ReservationEventType | null = null;

  private constructor(private s: ReservationState) {}

  /** A new ACTIVE reservation, UNNUMBERED until its store draws its number (`numbered`). */
  static create(
    meta: Omit<ReservationState, 'number' | 'status' | 'expiresAt' | 'createdAt' | 'updatedAt' | 'reference' | 'items'>,
    input: { items: readonly StockLine[]; reference?: string; expiresInSeconds?: number },
    now: Date,
  ): Reservation {
    const seconds = input.expiresInSeconds ?? DEFAULT_RESERVATION_SECONDS;
    if (!Number.isInteger(seconds) || seconds < MIN_RESERVATION_SECONDS || seconds > MAX_RESERVATION_SECONDS) {
      throw new RangeError(`Not a reservation lifetime: ${seconds}`);
    }
    return new Reservation({
      ...meta,
      number: UNNUMBERED,
      reference: input.reference?.trim() || null,
      status: 'ACTIVE',
      items: [...input.items],
      expiresAt: new Date(now.getTime() + seconds * 1000),
      createdAt: now,
      updatedAt: now,
    });
  }

  static restore(state: ReservationState): Reservation {
    return new Reservation({ ...state, items: [...state.items] });
  }

  get id(): string {
    return this.s.id;
  }
  get tenantId(): string {
    return this.s.tenantId;
  }
  get number(): string {
    return this.s.number;
  }

  /** The number the store drew for this new reservation, in the statement that stored it. */
  numbered(number: string): void {
    this.s = { ...this.s, number: drawnNumber(this.s.number, number, `reservation ${this.s.id}`) };
  }
  get warehouseId(): string {
    return this.s.warehouseId;
  }
  get items(): readonly StockLine[] {
    return this.s.items;
  }
  get expiresAt(): Date {
    return this.s.expiresAt;
  }
  /** The stored status (for the conditional save); callers showing it use `statusAt`. */
  get storedStatus(): ReservationStatus {
    return this.s.status;
  }

  /** The status at `now`: an ACTIVE reservation past its expiry is EXPIRED, whether or not it was swept. */
  statusAt(now: Date): ReservationStatus {
    const expires = EXPIRY_MOVE.from.includes(this.s.status);
    return expires && hasExpired(this.s.expiresAt, now) ? EXPIRY_MOVE.to : this.s.status;
  }

  /** ACTIVE → COMMITTED: the reserved goods leave stock (the use case moves them). */
  commit(now: Date): void {
    this.step('COMMIT', now);
  }

  /** ACTIVE → RELEASED: the held stock becomes available again. */
  release(now: Date): void {
    this.step('RELEASE', now);
  }

  /** The transition taken since loading, if any: a conditional save stores only that. */
  get transition(): ReservationEventType | null {
    return this._transition;
  }

  /** The stored form (for mappers and presenters). */
  state(): Readonly<ReservationState> {
    return this.s;
  }

  private step(event: ReservationEventType, now: Date): void {
    const next = nextReservationStatus(this.statusAt(now), event);
    if (next === null) throw new ReservationNotActive();
    this.s = { ...this.s, status: next, updatedAt: now };
    this._transition = event;
  }
}
