import type { BookShipment } from './book-shipment.js';
import type { CancelShipment } from './cancel-shipment.js';
import type { TrackShipment } from './track-shipment.js';

/**
 * The logistics use cases of the external API. `createLogisticsRoutes` is the
 * HTTP adapter over them; each takes the authenticated `Caller` and stays inside its tenant.
 */
export interface LogisticsUseCases {
  bookShipment: BookShipment;
  trackShipment: TrackShipment;
  cancelShipment: CancelShipment;
}
