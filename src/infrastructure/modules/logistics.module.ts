import { ContainerModule } from 'inversify';
import { BookShipment } from '../../application/logistics/book-shipment.js';
import { ListShipments } from '../../application/logistics/list-shipments.js';
import { CancelShipment } from '../../application/logistics/cancel-shipment.js';
import { RecordCarrierEvent } from '../../application/logistics/record-carrier-event.js';
import { TrackShipment } from '../../application/logistics/track-shipment.js';
import { TOKENS } from '../../application/tokens.js';
import { BuiltinCarrier } from '../../adapters/carriers/builtin-carrier.js';
import { bindConstant, bindGroup, bindUseCase } from './bind.js';

const { UnitOfWork, IdGenerator, Clock, Carrier } = TOKENS;

/** Shipments, the carrier port and its built-in adapter (driven by the back office). */
export const logisticsModule = new ContainerModule(({ bind }) => {
  bindConstant(bind, Carrier, new BuiltinCarrier());
  bindUseCase(bind, TOKENS.BookShipment, BookShipment, [UnitOfWork, IdGenerator, Clock, Carrier]);
  bindUseCase(bind, TOKENS.TrackShipment, TrackShipment, [UnitOfWork]);
  bindUseCase(bind, TOKENS.CancelShipment, CancelShipment, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.RecordCarrierEvent, RecordCarrierEvent, [UnitOfWork, Clock]);
  bindGroup(bind, TOKENS.LogisticsUseCases, {
    bookShipment: TOKENS.BookShipment,
    trackShipment: TOKENS.TrackShipment,
    cancelShipment: TOKENS.CancelShipment,
  });
  bindUseCase(bind, TOKENS.ListShipments, ListShipments, [UnitOfWork]);
  bindGroup(bind, TOKENS.LogisticsBackOffice, { recordCarrierEvent: TOKENS.RecordCarrierEvent });
  bindGroup(bind, TOKENS.LogisticsViews, { listShipments: TOKENS.ListShipments, trackShipment: TOKENS.TrackShipment });
});
