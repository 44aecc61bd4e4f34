import { expect } from 'chai';
import { ReservationNotActive } from '../../../src/domain/inventory/errors.js';
import { DEFAULT_RESERVATION_SECONDS, hasExpired, Reservation } from '../../../src/domain/inventory/reservation.js';
import {
  nextReservationStatus,
  RESERVATION_EVENTS,
  RESERVATION_STATUSES,
  reservationMachine,
  reservationStatusesAccepting,
  type ReservationEventType,
  type ReservationStatus,
} from '../../../src/domain/inventory/reservation.machine.js';
import { DuplicateProductRow } from '../../../src/domain/inventory/errors.js';
import { distinctStockLinesOf } from '../../../src/domain/inventory/stock-lines.js';

const T0 = new Date('2026-05-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';

function reservation(expiresInSeconds?: number): Reservation {
  const created = Reservation.create(
    { id: 'r1', tenantId: 't1', warehouseId: 'w1', branchId: 'b1', fiscalYearId: 'y1', integrationId: 'i1' },
    { items: distinctStockLinesOf([{ productId: P1, quantity: 2 }]), expiresInSeconds },
    T0,
  );
  // The store numbers a new reservation in the statement that stores it.
  created.numbered('RSV-2026-000001');
  return created;
}

describe('reservation machine (pure transitions)', () => {
  const table: [ReservationStatus, ReservationEventType, ReservationStatus | null][] = [
    ['ACTIVE', 'COMMIT', 'COMMITTED'],
    ['ACTIVE', 'RELEASE', 'RELEASED'],
    ['ACTIVE', 'EXPIRE', 'EXPIRED'],
    ['COMMITTED', 'COMMIT', null],
    ['COMMITTED', 'RELEASE', null],
    ['COMMITTED', 'EXPIRE', null],
    ['RELEASED', 'COMMIT', null],
    ['RELEASED', 'RELEASE', null],
    ['RELEASED', 'EXPIRE', null],
    ['EXPIRED', 'COMMIT', null],
    ['EXPIRED', 'RELEASE', null],
    ['EXPIRED', 'EXPIRE', null],
  ];

  for (const [from, event, to] of table) {
    it(`${from} --${event}--> ${to ?? 'refused'}`, () => {
      expect(nextReservationStatus(from, event)).to.equal(to);
    });
  }

  it('covers every status × event pair, and the machine has no other', () => {
    const config = reservationMachine.config.states ?? {};
    expect(Object.keys(config)).to.have.members([...RESERVATION_STATUSES]);
    const every = RESERVATION_STATUSES.flatMap((s) => RESERVATION_EVENTS.map((e) => `${s}/${e}`));
    expect(table.map(([from, event]) => `${from}/${event}`)).to.have.members(every);
  });

  it('gives the conditional SQL its from-states', () => {
    for (const event of RESERVATION_EVENTS) {
      const expected = table.filter(([, e, to]) => e === event && to !== null).map(([from]) => from);
      expect(reservationStatusesAccepting(event)).to.deep.equal(expected);
    }
  });
});

describe('Reservation aggregate: expiry decided from the clock given', () => {
  it('expires exactly at expiresAt (default 900 s), not a millisecond earlier', () => {
    const r = reservation();
    expect(r.expiresAt.toISOString()).to.equal(at(DEFAULT_RESERVATION_SECONDS * 1000).toISOString());
    expect(r.statusAt(at(900_000 - 1))).to.equal('ACTIVE');
    expect(r.statusAt(at(900_000))).to.equal('EXPIRED');
    expect(hasExpired(r.expiresAt, at(900_000 - 1))).to.equal(false);
    expect(hasExpired(r.expiresAt, at(900_000))).to.equal(true);
  });

  it('commits or releases only while ACTIVE at the clock given', () => {
    const c = reservation(60);
    c.commit(at(59_999));
    expect(c.storedStatus).to.equal('COMMITTED');
    expect(c.transition).to.equal('COMMIT');
    expect(() => c.release(at(1))).to.throw(ReservationNotActive, 'Reservation is not active');

    const r = reservation(60);
    r.release(at(1_000));
    expect(r.statusAt(at(120_000)), 'a released reservation never reads EXPIRED').to.equal('RELEASED');
    expect(() => r.commit(at(2_000))).to.throw(ReservationNotActive);
  });

  it('refuses commit and release once expired, though no sweep stored it', () => {
    const r = reservation(60);
    expect(() => r.commit(at(60_000))).to.throw(ReservationNotActive);
    expect(() => r.release(at(61_000))).to.throw(ReservationNotActive);
    expect(r.storedStatus).to.equal('ACTIVE');
    expect(r.transition).to.equal(null);
  });

  it('refuses a lifetime outside 1..86400 seconds', () => {
    expect(() => reservation(0)).to.throw(RangeError);
    expect(() => reservation(86_401)).to.throw(RangeError);
    expect(reservation(86_400).expiresAt.getTime() - T0.getTime()).to.equal(86_400_000);
  });

  it('refuses a product on two rows', () => {
    expect(() =>
      distinctStockLinesOf([
        { productId: P1, quantity: 1 },
        { productId: P2, quantity: 1 },
        { productId: P1, quantity: 1 },
      ]),
    ).to.throw(DuplicateProductRow, 'Row 3: Product appears on an earlier row');
  });
});
