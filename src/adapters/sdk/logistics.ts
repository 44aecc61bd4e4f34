import type { Static } from '@sinclair/typebox';
import type { BookShipmentBody, CancelShipmentBody } from '../../application/logistics/commands.js';
import type { ShipmentResponse, TrackingResponse } from '../shared/responses/logistics.js';
import type { RequestOptions, Transport } from './transport.js';

/** What the logistics methods answer: the `data` of each route, typed by its response schema. */
export type Shipment = Static<typeof ShipmentResponse>;
export type Tracking = Static<typeof TrackingResponse>;

/** The typed methods of the external API's logistics routes (one per route, named by its operationId). */
export class LogisticsApi {
  constructor(protected readonly transport: Transport) {}

  /** `POST /logistics/shipments`: books the parcel with the carrier. */
  bookShipment(body: Static<typeof BookShipmentBody>, options?: RequestOptions): Promise<Shipment> {
    return this.transport.send('POST', '/logistics/shipments', { body }, options);
  }

  /** `POST /logistics/shipments/cancel`: only a BOOKED shipment. */
  cancelShipment(body: Static<typeof CancelShipmentBody>, options?: RequestOptions): Promise<Shipment> {
    return this.transport.send('POST', '/logistics/shipments/cancel', { body }, options);
  }

  /** `GET /logistics/shipments/:id/track`: the history, oldest first. */
  trackShipment(shipmentId: string): Promise<Tracking> {
    return this.transport.send('GET', `/logistics/shipments/${encodeURIComponent(shipmentId)}/track`);
  }
}
