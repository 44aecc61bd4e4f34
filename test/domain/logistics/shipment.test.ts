import { expect } from 'chai';
import { SUPPORTED_EVENTS } from '../../../src/domain/access/webhook-events.js';
import { ShipmentInvalidState } from '../../../src/domain/logistics/errors.js';
import {
  SHIPMENT_EVENT_TYPES,
  SHIPMENT_STATUSES,
  nextShipmentStatus,
  shipmentMachine,
  type ShipmentEventType,
  type ShipmentStatus,
} from '../../../src/domain/logistics/shipment.machine.js';
import {
  CARRIER_STATUSES,
  Shipment,
  type CarrierReport,
  type CarrierStatus,
} from '../../../src/domain/logistics/shipment.js';
import { statesThatAccept } from '../../../src/domain/shared/lifecycle.js';
import { Money } from '../../../src/domain/shared/money.js';
import { Quantity } from '../../../src/domain/shared/quantity.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A booked shipment, numbered as its store numbers it. */
function booked(overrides: { weightKg?: string; codAmount?: string } = {}): Shipment {
  const shipment = unnumbered(overrides);
  shipment.numbered('SHP-2026-000001');
  return shipment;
}

function unnumbered(overrides: { weightKg?: string; codAmount?: string } = {}): Shipment {
  return Shipment.book(
    {
      id: '0b5c6f3e-3a1d-4c1e-9a55-1f0e2d3c4b5a',
      tenantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
      branchId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      fiscalYearId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      invoiceId: null,
      reference: 'ORDER-1',
      weightKg: Quantity.of(overrides.weightKg ?? '2.5'),
      codAmount: Money.of(overrides.codAmount ?? '0'),
      recipient: {
        name: 'Ann',
        phone: '+49 30 1234',
        address: { line1: 'Main St 1', line2: null, city: 'Berlin', postalCode: '10115', country: 'DE' },
      },
      carrier: 'BUILTIN',
      trackingNumber: 'BI0123456789ABCDEF',
    },
    T0,
  );
}

const report = (status: CarrierStatus, minutes: number, extra: Partial<CarrierReport> = {}): CarrierReport => ({
  status,
  at: at(minutes),
  location: null,
  note: null,
  carrierEventId: null,
  ...extra,
});

describe('logistics: the shipment machine and aggregate', () => {
  it('every status × event, allowed and refused', () => {
    const expected: Record<ShipmentStatus, Record<ShipmentEventType, ShipmentStatus | null>> = {
      BOOKED: { PICK_UP: 'PICKED_UP', TRANSIT: null, DELIVER: null, FAIL: null, CANCEL: 'CANCELLED' },
      PICKED_UP: { PICK_UP: null, TRANSIT: 'IN_TRANSIT', DELIVER: 'DELIVERED', FAIL: 'FAILED', CANCEL: null },
      IN_TRANSIT: { PICK_UP: null, TRANSIT: 'IN_TRANSIT', DELIVER: 'DELIVERED', FAIL: 'FAILED', CANCEL: null },
      DELIVERED: { PICK_UP: null, TRANSIT: null, DELIVER: null, FAIL: null, CANCEL: null },
      FAILED: { PICK_UP: null, TRANSIT: null, DELIVER: null, FAIL: null, CANCEL: null },
      CANCELLED: { PICK_UP: null, TRANSIT: null, DELIVER: null, FAIL: null, CANCEL: null },
    };
    let checked = 0;
    for (const status of SHIPMENT_STATUSES) {
      for (const type of SHIPMENT_EVENT_TYPES) {
        expect(nextShipmentStatus(status, { type }), `${status} --${type}-->`).to.equal(expected[status][type]);
        checked += 1;
      }
    }
    expect(checked).to.equal(30);
    expect(statesThatAccept(shipmentMachine, SHIPMENT_STATUSES, { type: 'CANCEL' })).to.deep.equal(['BOOKED']);
  });

  it('every carrier status in every shipment status: the aggregate follows the machine or refuses with 409', () => {
    const EVENT_OF: Record<CarrierStatus, ShipmentEventType> = {
      PICKED_UP: 'PICK_UP',
      IN_TRANSIT: 'TRANSIT',
      DELIVERED: 'DELIVER',
      FAILED: 'FAIL',
    };
    // A path from BOOKED to each status, through carrier reports (CANCELLED through cancel).
    const reach: Record<ShipmentStatus, (s: Shipment) => void> = {
      BOOKED: () => {},
      PICKED_UP: (s) => s.recordCarrierEvent(report('PICKED_UP', 1), at(1)),
      IN_TRANSIT: (s) => {
        s.recordCarrierEvent(report('PICKED_UP', 1), at(1));
        s.recordCarrierEvent(report('IN_TRANSIT', 2), at(2));
      },
      DELIVERED: (s) => {
        s.recordCarrierEvent(report('PICKED_UP', 1), at(1));
        s.recordCarrierEvent(report('DELIVERED', 2), at(2));
      },
      FAILED: (s) => {
        s.recordCarrierEvent(report('PICKED_UP', 1), at(1));
        s.recordCarrierEvent(report('FAILED', 2), at(2));
      },
      CANCELLED: (s) => s.cancel('Customer changed their mind', at(1)),
    };
    for (const from of SHIPMENT_STATUSES) {
      for (const status of CARRIER_STATUSES) {
        const s = booked();
        reach[from](s);
        expect(s.status).to.equal(from);
        s.pullEvents();
        const before = s.history.length;
        const next = nextShipmentStatus(from, { type: EVENT_OF[status] });
        if (next === null) {
          expect(() => s.recordCarrierEvent(report(status, 9), at(9)), `${from} + ${status}`).to.throw(
            ShipmentInvalidState,
          );
          expect(s.history).to.have.length(before);
          expect(s.pullEvents()).to.deep.equal([]);
        } else {
          expect(s.recordCarrierEvent(report(status, 9), at(9))).to.equal(true);
          expect(s.status).to.equal(next);
          expect(s.history).to.have.length(before + 1);
          expect(s.pullEvents()).to.have.length(1);
        }
      }
    }
  });

  it('keeps an append-only history, oldest first, starting with BOOKED, and records one event per report', () => {
    const s = booked();
    s.recordCarrierEvent(report('PICKED_UP', 5, { location: 'Depot A', carrierEventId: 'e1' }), at(5));
    s.recordCarrierEvent(report('IN_TRANSIT', 60, { location: 'Hub B' }), at(60));
    s.recordCarrierEvent(report('IN_TRANSIT', 120, { location: 'Hub C', note: 'Sorted' }), at(120));
    s.recordCarrierEvent(report('DELIVERED', 180, { location: 'Berlin', note: 'Signed by Ann' }), at(180));
    expect(s.history.map((h) => [h.status, h.at.toISOString(), h.location, h.note])).to.deep.equal([
      ['BOOKED', T0.toISOString(), null, null],
      ['PICKED_UP', at(5).toISOString(), 'Depot A', null],
      ['IN_TRANSIT', at(60).toISOString(), 'Hub B', null],
      ['IN_TRANSIT', at(120).toISOString(), 'Hub C', 'Sorted'],
      ['DELIVERED', at(180).toISOString(), 'Berlin', 'Signed by Ann'],
    ]);
    const events = s.pullEvents();
    expect(events.map((e) => e.name)).to.deep.equal([
      'logistics.shipment.pickup',
      'logistics.shipment.transit',
      'logistics.shipment.transit',
      'logistics.shipment.delivered',
    ]);
    expect(events[3]!.payload).to.deep.equal({
      id: s.id,
      code: 'SHP-2026-000001',
      branchId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      resource: 'SHIPMENT',
      action: 'DELIVER',
      status: 'DELIVERED',
      trackingNumber: 'BI0123456789ABCDEF',
    });
    for (const e of events) expect(SUPPORTED_EVENTS as readonly string[]).to.include(e.name);
  });

  it('ignores a report that repeats a recorded carrierEventId, even after the status moved on', () => {
    const s = booked();
    expect(s.recordCarrierEvent(report('PICKED_UP', 1, { carrierEventId: 'c-1' }), at(1))).to.equal(true);
    expect(s.recordCarrierEvent(report('IN_TRANSIT', 2, { carrierEventId: 'c-2' }), at(2))).to.equal(true);
    expect(s.recordCarrierEvent(report('PICKED_UP', 1, { carrierEventId: 'c-1' }), at(3))).to.equal(false);
    expect(s.history.map((h) => h.status)).to.deep.equal(['BOOKED', 'PICKED_UP', 'IN_TRANSIT']);
    expect(s.pullEvents()).to.have.length(2);
  });

  it('cancels only a BOOKED shipment, keeping the reason on the history line and recording no event', () => {
    const s = booked();
    s.cancel('Duplicate order', at(1));
    expect(s.status).to.equal('CANCELLED');
    expect(s.history.at(-1)).to.deep.include({ status: 'CANCELLED', note: 'Duplicate order' });
    expect(s.pullEvents()).to.deep.equal([]);
    expect(() => s.cancel('again', at(2))).to.throw(
      ShipmentInvalidState,
      'Cannot cancel a shipment in status CANCELLED',
    );

    const picked = booked();
    picked.recordCarrierEvent(report('PICKED_UP', 1), at(1));
    expect(() => picked.cancel('too late', at(2))).to.throw(ShipmentInvalidState);
    expect(picked.status).to.equal('PICKED_UP');
  });

  it('refuses a weight of 0 and a negative cash-on-delivery amount', () => {
    expect(() => booked({ weightKg: '0' })).to.throw(ValidationError, 'weightKg');
    expect(() => booked({ codAmount: '-0.01' })).to.throw(ValidationError, 'codAmount');
    expect(booked({ codAmount: '0' }).status).to.equal('BOOKED');
  });

  it('is booked without a number and numbered once, by its store', () => {
    const shipment = unnumbered();
    expect(shipment.number).to.equal('');
    shipment.numbered('SHP-2026-000007');
    expect(shipment.number).to.equal('SHP-2026-000007');
    expect(() => shipment.numbered('SHP-2026-000008')).to.throw('already has a number');
    expect(() => unnumbered().numbered('')).to.throw('empty number');
  });
});
