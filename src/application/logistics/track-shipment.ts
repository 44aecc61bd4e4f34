import { ShipmentNotFound } from '../../domain/logistics/errors.js';
import type { Shipment } from '../../domain/logistics/shipment.js';
import type { Caller } from '../access/caller.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn } from '../shared/known-tenant.js';

/** GET /logistics/shipments/:id/track: the shipment and its history. Errors: ShipmentNotFound, TenantNotFound (back office). */
export class TrackShipment {
  constructor(private readonly uow: UnitOfWork<'shipments' | 'tenants'>) {}

  execute(caller: Pick<Caller, 'tenantId'>, id: string): Promise<Shipment> {
    return this.uow.read(async (r) => {
      const shipment = await r.shipments.findById(caller.tenantId, id);
      return shipment ?? missingIn(r, caller.tenantId, new ShipmentNotFound());
    });
  }
}
