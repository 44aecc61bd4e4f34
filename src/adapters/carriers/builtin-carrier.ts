import { createHash } from 'node:crypto';
import type { Carrier, CarrierBooking, CarrierBookingRequest } from '../../application/ports/logistics-ports.js';

export const BUILTIN_CARRIER = 'BUILTIN';

/**
 * The built-in carrier: accepts every parcel at once and reports progress only when the back
 * office says so (POST /api/v1/admin/shipments/:id/events). Its tracking number is derived
 * from the shipment id, so a retried booking gets the same one: `BI` + 16 hex digits of
 * SHA-256(shipment id), upper case.
 */
export class BuiltinCarrier implements Carrier {
  book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    const digest = createHash('sha256').update(request.shipmentId).digest('hex');
    return Promise.resolve({ carrier: BUILTIN_CARRIER, trackingNumber: `BI${digest.slice(0, 16).toUpperCase()}` });
  }
}
