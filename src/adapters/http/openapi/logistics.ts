import { BookShipmentBody, CancelShipmentBody, CarrierEventBody } from '../../../application/logistics/commands.js';
import { CarrierEventResponse, ShipmentResponse, TrackingResponse } from '../../shared/responses/logistics.js';
import type { RouteDoc } from './route-doc.js';

const LOGISTICS = 'Logistics';

/** The logistics routes of the external API. */
export const LOGISTICS_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/logistics/shipments',
    operationId: 'bookShipment',
    summary: 'Book a shipment with the carrier',
    description: 'An `invoiceId`, when given, must be an invoice of the tenant (else 404 `Invoice not found`).',
    tag: LOGISTICS,
    body: BookShipmentBody,
    success: { status: 201, data: ShipmentResponse },
    errors: [404],
    example: {
      reference: 'Order 1042',
      weightKg: 2.5,
      codAmount: 49.9,
      recipient: {
        name: 'Erika Mustermann',
        phone: '+49 30 1234567',
        address: { line1: 'Hauptstrasse 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      },
    },
  },
  {
    method: 'post',
    path: '/logistics/shipments/cancel',
    operationId: 'cancelShipment',
    summary: 'Cancel a booked shipment',
    description: 'Only a BOOKED shipment (else 409 `INVALID_STATE`); the reason is the note of its history line.',
    tag: LOGISTICS,
    body: CancelShipmentBody,
    success: { status: 200, data: ShipmentResponse },
    errors: [404],
    example: { shipmentId: '2c4e6a80-9b1d-4f3e-8a5c-7d9e1f3a5b7c', reason: 'Customer cancelled the order' },
  },
  {
    method: 'get',
    path: '/logistics/shipments/:id/track',
    operationId: 'trackShipment',
    summary: 'A shipment and its tracking history',
    tag: LOGISTICS,
    success: { status: 200, data: TrackingResponse },
    errors: [404],
  },
];

/** Their back-office routes. */
export const LOGISTICS_ADMIN_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/shipments/:id/events',
    operationId: 'adminRecordCarrierEvent',
    summary: 'Record a report of the built-in carrier',
    description:
      'A step the lifecycle refuses is a 409 `INVALID_STATE`. A report whose `carrierEventId` the shipment ' +
      'already has is ignored (`recorded: false`). `at` defaults to now.',
    tag: 'Back office: Logistics',
    body: CarrierEventBody,
    success: { status: 200, data: CarrierEventResponse },
    errors: [404, 409],
    example: { status: 'PICKED_UP', location: 'Berlin hub', carrierEventId: 'evt-0001' },
  },
];
