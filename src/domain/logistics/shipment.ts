import { drawnNumber, UNNUMBERED } from '../shared/document-number.js';
import { ValidationError } from '../shared/errors.js';
import { AggregateRoot } from '../shared/events.js';
import { type Money } from '../shared/money.js';
import { type Quantity } from '../shared/quantity.js';
import { ShipmentInvalidState } from './errors.js';
import { nextShipmentStatus, type ShipmentEvent, type ShipmentStatus } from './shipment.machine.js';

/** The rules of a shipment's numbers, stated once (the request schema shows the same text). */
export const WEIGHT_RULE = 'weightKg must be a positive number with at most 3 decimals';
export const COD_RULE = 'codAmount must be a number >= 0 with at most 2 decimals';
export const NOTE_MAX_LENGTH = 500;
/** Upper bounds of the numeric(9,3) weight and numeric(14,2) amount columns. */
export const MAX_WEIGHT_KG = 999_999.999;
export const MAX_COD_AMOUNT = 999_999_999_999.99;

/** What a carrier reports, and what each report means to the machine and to subscribers. */
export const CARRIER_STATUSES = ['PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED'] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];

export const SHIPMENT_PICKUP = 'logistics.shipment.pickup';
export const SHIPMENT_TRANSIT = 'logistics.shipment.transit';
export const SHIPMENT_DELIVERED = 'logistics.shipment.delivered';
export const SHIPMENT_FAILED = 'logistics.shipment.failed';

const CARRIER_STEP: Record<CarrierStatus, { event: ShipmentEvent; name: string; action: string }> = {
  PICKED_UP: { event: { type: 'PICK_UP' }, name: SHIPMENT_PICKUP, action: 'PICKUP' },
  IN_TRANSIT: { event: { type: 'TRANSIT' }, name: SHIPMENT_TRANSIT, action: 'TRANSIT' },
  DELIVERED: { event: { type: 'DELIVER' }, name: SHIPMENT_DELIVERED, action: 'DELIVER' },
  FAILED: { event: { type: 'FAIL' }, name: SHIPMENT_FAILED, action: 'FAIL' },
};

/** The machine event a carrier status stands for. */
export function carrierEventOf(status: CarrierStatus): ShipmentEvent {
  return CARRIER_STEP[status].event;
}

export interface Address {
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2, checked at the edge against the list of assigned codes. */
  country: string;
}

export interface Recipient {
  name: string;
  phone: string;
  address: Address;
}

/** One line of the append-only tracking history. */
export interface TrackingEntry {
  status: ShipmentStatus;
  at: Date;
  location: string | null;
  note: string | null;
  /** The carrier's own id of the report, when it gave one: a repeat is ignored. */
  carrierEventId: string | null;
}

/** What the shipment row and its history hold. */
export interface ShipmentState {
  id: string;
  tenantId: string;
  number: string;
  branchId: string;
  fiscalYearId: string;
  invoiceId: string | null;
  reference: string | null;
  weightKg: Quantity;
  codAmount: Money;
  recipient: Recipient;
  carrier: string;
  trackingNumber: string;
  status: ShipmentStatus;
  /** Oldest first, starting with BOOKED. */
  history: readonly TrackingEntry[];
  cancelReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewShipment {
  id: string;
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  invoiceId: string | null;
  reference: string | null;
  weightKg: Quantity;
  codAmount: Money;
  recipient: Recipient;
  carrier: string;
  trackingNumber: string;
}

export interface CarrierReport {
  status: CarrierStatus;
  at: Date;
  location: string | null;
  note: string | null;
  carrierEventId: string | null;
}

/**
 * A parcel booked with a carrier. Its lifecycle is `shipment.machine.ts`;
 * every step asks the machine and refuses with ShipmentInvalidState. Progress arrives as
 * carrier reports, each appended to the tracking history and recorded as one event.
 */
export class Shipment extends AggregateRoot {
  private constructor(private s: ShipmentState) {
    super();
  }

  /**
   * A new BOOKED shipment; its history starts with BOOKED. Records no event. UNNUMBERED until
   * its store draws its number (`numbered`).
   */
  static book(input: NewShipment, now: Date): Shipment {
    if (!input.weightKg.isPositive()) throw new ValidationError(WEIGHT_RULE, 'weightKg');
    if (input.codAmount.isNegative()) throw new ValidationError(COD_RULE, 'codAmount');
    return new Shipment({
      ...input,
      number: UNNUMBERED,
      status: 'BOOKED',
      history: [{ status: 'BOOKED', at: now, location: null, note: null, carrierEventId: null }],
      cancelReason: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Rebuilds a stored shipment; no validation, no events. */
  static restore(state: ShipmentState): Shipment {
    return new Shipment({ ...state, history: [...state.history] });
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

  /** The number the store drew for this new shipment, in the statement that stored it. */
  numbered(number: string): void {
    this.s = { ...this.s, number: drawnNumber(this.s.number, number, `shipment ${this.s.id}`) };
  }

  get status(): ShipmentStatus {
    return this.s.status;
  }
  get trackingNumber(): string {
    return this.s.trackingNumber;
  }
  get history(): readonly TrackingEntry[] {
    return this.s.history;
  }

  /**
   * A carrier's report. A report whose `carrierEventId` is already in the history is a repeat:
   * ignored (returns false), nothing recorded. Otherwise the machine decides; the report is
   * appended and one `logistics.shipment.*` event recorded (returns true).
   */
  recordCarrierEvent(report: CarrierReport, now: Date): boolean {
    if (report.carrierEventId !== null && this.s.history.some((h) => h.carrierEventId === report.carrierEventId)) {
      return false;
    }
    const step = CARRIER_STEP[report.status];
    const next = this.refuseUnless(step.event, `record ${report.status} on`);
    this.append(next, report, now);
    this.record({
      name: step.name,
      tenantId: this.s.tenantId,
      occurredAt: now,
      payload: {
        id: this.s.id,
        code: this.s.number,
        branchId: this.s.branchId,
        resource: 'SHIPMENT',
        action: step.action,
        status: next,
        trackingNumber: this.s.trackingNumber,
      },
    });
    return true;
  }

  /** BOOKED → CANCELLED with a reason (kept as the history line's note). Records no event. */
  cancel(reason: string, now: Date): void {
    const next = this.refuseUnless({ type: 'CANCEL' }, 'cancel');
    this.append(next, { at: now, location: null, note: reason, carrierEventId: null }, now);
    this.s = { ...this.s, cancelReason: reason };
  }

  private append(status: ShipmentStatus, entry: Omit<TrackingEntry, 'status'>, now: Date): void {
    this.s = {
      ...this.s,
      status,
      history: [...this.s.history, { status, ...entry }],
      updatedAt: now,
    };
  }

  private refuseUnless(event: ShipmentEvent, verb: string): ShipmentStatus {
    const next = nextShipmentStatus(this.s.status, event);
    if (next === null) throw new ShipmentInvalidState(`Cannot ${verb} a shipment in status ${this.s.status}`);
    return next;
  }

  /** The stored form (for mappers and presenters). */
  state(): Readonly<ShipmentState> {
    return this.s;
  }
}
