import type { KeyedWrite } from '../ports/gateway-ports.js';
import { ReservationNotActive, ReservationNotFound } from '../../domain/inventory/errors.js';
import type { Reservation } from '../../domain/inventory/reservation.js';
import { movementEntry } from '../../domain/inventory/stock-ledger.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn } from '../shared/known-tenant.js';
import { takeInProductOrder } from './stock-order.js';

/** A reservation and the time it was read at (its status is `reservation.statusAt(at)`). */
export interface ReservationAt {
  reservation: Reservation;
  at: Date;
}

/** `GET /products/reservations/:id`. Errors: ReservationNotFound (also another tenant's), TenantNotFound (back office). */
export class GetReservation {
  constructor(
    private readonly uow: UnitOfWork<'reservations' | 'tenants'>,
    private readonly clock: Clock,
  ) {}

  execute(caller: Pick<Caller, 'tenantId'>, id: string): Promise<ReservationAt> {
    return this.uow.read(async (r) => {
      const reservation = await r.reservations.findById(caller.tenantId, id);
      if (!reservation) return missingIn(r, caller.tenantId, new ReservationNotFound());
      return { reservation, at: this.clock.now() };
    });
  }
}

/**
 * `POST /products/reservations/:id/commit`: ACTIVE → COMMITTED; the reserved quantities leave
 * stock (onHand and reserved both drop) with one RESERVATION_COMMIT ledger entry per item.
 * The reservation row is locked first, so a commit, a release and the sweep of one
 * reservation queue; the save is conditional on ACTIVE and unexpired at this clock.
 * Errors: ReservationNotFound; ReservationNotActive (409, also when it has expired).
 */
export class CommitReservation {
  constructor(
    private readonly uow: UnitOfWork<'reservations' | 'stock' | 'stockLedger'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(caller: Pick<Caller, 'tenantId'>, id: string, keyed?: KeyedWrite): Promise<ReservationAt> {
    const now = this.clock.now();
    return this.uow.run(async (r) => {
      const reservation = await r.reservations.findById(caller.tenantId, id, { forUpdate: true });
      if (!reservation) throw new ReservationNotFound();
      reservation.commit(now);
      if (!(await r.reservations.save(reservation, now))) throw new ReservationNotActive();
      const { tenantId, warehouseId } = reservation;
      const source = { id: reservation.id, number: reservation.number };
      const entries: ReturnType<typeof movementEntry>[] = [];
      await takeInProductOrder(reservation.items, async (item) => {
        const balanceAfter = await r.stock.takeReserved(tenantId, warehouseId, item.productId, item.quantity, now);
        entries.push(
          movementEntry({
            id: this.ids.next(),
            tenantId,
            warehouseId,
            productId: item.productId,
            type: 'RESERVATION_COMMIT',
            quantity: item.quantity,
            balanceAfter,
            source,
            row: item.row,
            at: now,
          }),
        );
      });
      await r.stockLedger.add(entries.sort((a, b) => a.row - b.row));
      return { reservation, at: now };
    }, keyed);
  }
}

/**
 * `POST /products/reservations/:id/release`: ACTIVE → RELEASED; the held quantities become
 * available again. Errors: ReservationNotFound; ReservationNotActive (409).
 */
export class ReleaseReservation {
  constructor(
    private readonly uow: UnitOfWork<'reservations' | 'stock'>,
    private readonly clock: Clock,
  ) {}

  execute(caller: Pick<Caller, 'tenantId'>, id: string, keyed?: KeyedWrite): Promise<ReservationAt> {
    const now = this.clock.now();
    return this.uow.run(async (r) => {
      const reservation = await r.reservations.findById(caller.tenantId, id, { forUpdate: true });
      if (!reservation) throw new ReservationNotFound();
      reservation.release(now);
      if (!(await r.reservations.save(reservation, now))) throw new ReservationNotActive();
      await takeInProductOrder(reservation.items, (item) =>
        r.stock.unreserve(reservation.tenantId, reservation.warehouseId, item.productId, item.quantity, now),
      );
      return { reservation, at: now };
    }, keyed);
  }
}

/** How many expired reservations one sweep frees at most (the job runs again soon after). */
export const EXPIRY_SWEEP_BATCH = 500;

/**
 * The periodic job (on the Agenda worker): marks EXPIRED the ACTIVE reservations past their
 * expiry and frees their stock, a batch per transaction until none is left. Reads and
 * availability checks never wait for it: they treat `expiresAt` as exact on their own.
 */
export class ExpireReservations {
  constructor(
    private readonly uow: UnitOfWork<'reservations'>,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      const expired = await this.uow.run((r) => r.reservations.expireDue(now, { limit: EXPIRY_SWEEP_BATCH }));
      total += expired;
      if (expired < EXPIRY_SWEEP_BATCH) return total;
    }
  }
}
