import type { Money } from '../../domain/shared/money.js';
import type { Quantity } from '../../domain/shared/quantity.js';
import type { Recipient, Shipment } from '../../domain/logistics/shipment.js';
import type { ShipmentStatus } from '../../domain/logistics/shipment.machine.js';
import type { Page, PageRequest } from './pagination.js';

/** Options of a load: `forUpdate` locks the shipment row until the transaction ends. */
export interface ShipmentLoadOptions {
  forUpdate?: boolean;
}

export interface ShipmentRepository {
  /**
   * A new shipment and its first history line. Throws InvoiceNotFound when `invoiceId` is not
   * an invoice of the shipment's tenant.
   */
  add(shipment: Shipment): Promise<void>;
  /** Writes an existing shipment's status and the history lines appended since it was loaded. */
  save(shipment: Shipment): Promise<void>;
  /** The shipment with its whole history, in the tenant; null when absent or another tenant's. */
  findById(tenantId: string, id: string, options?: ShipmentLoadOptions): Promise<Shipment | null>;
  /** The back office names a shipment by its id alone. */
  findByIdAcrossTenants(id: string, options?: ShipmentLoadOptions): Promise<Shipment | null>;
  /** The tenant's shipments with their histories, newest first, then id. */
  list(tenantId: string, query: ShipmentListQuery): Promise<Page<Shipment>>;
}

/** The back office's filters of a tenant's shipments. */
export interface ShipmentListQuery extends PageRequest {
  status?: ShipmentStatus;
  invoiceId?: string;
}

/** What a carrier is asked to carry. */
export interface CarrierBookingRequest {
  /** The carrier's reference for the parcel: the shipment's number is drawn after the booking. */
  shipmentId: string;
  tenantId: string;
  weightKg: Quantity;
  codAmount: Money;
  recipient: Recipient;
}

export interface CarrierBooking {
  /** The carrier's name, shown to the caller (`BUILTIN` for the built-in carrier). */
  carrier: string;
  trackingNumber: string;
}

/**
 * A carrier that takes parcels. `book` may be called again for the same
 * shipment id when the booking transaction is retried: an adapter must answer the same
 * booking (the built-in carrier derives its tracking number from the shipment id). It is
 * called before the shipment's number is drawn, so no other booking of the fiscal year waits on
 * the carrier's answer; a booking whose shipment is then refused (its invoice or fiscal year
 * not found) is not stored. Progress comes back as carrier events through the
 * RecordCarrierEvent use case.
 */
export interface Carrier {
  book(request: CarrierBookingRequest): Promise<CarrierBooking>;
}
