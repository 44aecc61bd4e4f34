import { ShipmentNotFound } from '../../domain/logistics/errors.js';
import type { Shipment } from '../../domain/logistics/shipment.js';
import type { Caller } from '../access/caller.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** GET /logistics/shipments/:id/track: the shipment and its history. Errors: ShipmentNotFound. */
export class TrackShipment {
  constructor(private readonly uow: UnitOfWork<'shipments'>) {}

  async execute(caller: Caller, id: string): Promise<Shipment> {
    const shipment = await this.uow.read((r) => r.shipments.findById(caller.tenantId, id));
    if (!shipment) throw new ShipmentNotFound();
    return shipment;
  }
}
