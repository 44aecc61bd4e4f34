import type { LogisticsUseCases } from '../../../../application/logistics/index.js';
import { externalRoute } from '../route.js';
import { presentShipment, presentTracking } from '../../logistics-presenters.js';
import { BookShipmentBody, CancelShipmentBody } from '../../../../application/logistics/commands.js';
import { ShipmentResponse, TrackingResponse } from '../../../shared/responses/logistics.js';

const LOGISTICS = 'Logistics';

const route = externalRoute<LogisticsUseCases>();

/** The logistics routes of the external API. */
export const LOGISTICS_ROUTES = [
  route({
    method: 'post',
    path: '/logistics/shipments',
    operationId: 'bookShipment',
    access: ['logistics'],
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
    handle: async (uc, { caller, body, keyed }) => presentShipment(await uc.bookShipment.execute(caller, body, keyed)),
  }),
  route({
    method: 'post',
    path: '/logistics/shipments/cancel',
    operationId: 'cancelShipment',
    access: ['logistics'],
    summary: 'Cancel a booked shipment',
    description: 'Only a BOOKED shipment (else 409 `INVALID_STATE`); the reason is the note of its history line.',
    tag: LOGISTICS,
    body: CancelShipmentBody,
    success: { status: 200, data: ShipmentResponse },
    errors: [404],
    example: { shipmentId: '2c4e6a80-9b1d-4f3e-8a5c-7d9e1f3a5b7c', reason: 'Customer cancelled the order' },
    handle: async (uc, { caller, body, keyed }) =>
      presentShipment(await uc.cancelShipment.execute(caller, body, keyed)),
  }),
  route({
    method: 'get',
    path: '/logistics/shipments/:id/track',
    operationId: 'trackShipment',
    access: ['logistics'],
    summary: 'A shipment and its tracking history',
    tag: LOGISTICS,
    success: { status: 200, data: TrackingResponse },
    errors: [404],
    handle: async (uc, { caller, params }) => presentTracking(await uc.trackShipment.execute(caller, params.id)),
  }),
];
