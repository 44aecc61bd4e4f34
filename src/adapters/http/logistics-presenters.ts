import type { Static } from '@sinclair/typebox';
import type { Shipment } from '../../domain/logistics/shipment.js';
import type { CarrierEventResponse, ShipmentResponse, TrackingResponse } from '../shared/responses/logistics.js';

/**
 * Shipments → response objects, typed by src/adapters/shared/responses/logistics.ts;
 * amounts as JSON numbers, times as ISO 8601.
 */
export function presentShipment(shipment: Shipment): Static<typeof ShipmentResponse> {
  const s = shipment.state();
  const { address } = s.recipient;
  return {
    id: s.id,
    shipmentNumber: s.number,
    trackingNumber: s.trackingNumber,
    status: s.status,
    carrier: s.carrier,
    invoiceId: s.invoiceId,
    reference: s.reference,
    weightKg: s.weightKg.toNumber(),
    codAmount: s.codAmount.toNumber(),
    recipient: {
      name: s.recipient.name,
      phone: s.recipient.phone,
      address: {
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        postalCode: address.postalCode,
        country: address.country,
      },
    },
    branchId: s.branchId,
    cancelReason: s.cancelReason,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** GET /logistics/shipments/:id/track: the history oldest first, starting with BOOKED. */
export function presentTracking(shipment: Shipment): Static<typeof TrackingResponse> {
  const s = shipment.state();
  return {
    id: s.id,
    shipmentNumber: s.number,
    trackingNumber: s.trackingNumber,
    status: s.status,
    history: s.history.map((h) => ({
      status: h.status,
      at: h.at.toISOString(),
      location: h.location,
      note: h.note,
    })),
  };
}

/** Back office POST /shipments/:id/events: the tracking view; `recorded: false` when the report was a repeat. */
export function presentCarrierEvent(shipment: Shipment, recorded: boolean): Static<typeof CarrierEventResponse> {
  return { ...presentTracking(shipment), recorded };
}
