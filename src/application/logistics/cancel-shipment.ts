import type { KeyedWrite } from '../ports/gateway-ports.js';
import { ShipmentNotFound } from '../../domain/logistics/errors.js';
import type { Shipment } from '../../domain/logistics/shipment.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CancelShipmentCommand } from './commands.js';

/**
 * POST /logistics/shipments/cancel: BOOKED → CANCELLED. The row is locked for the check and
 * the change, so a cancel and a parallel pickup cannot both win.
 * Errors: ShipmentNotFound, ShipmentInvalidState (not BOOKED).
 */
export class CancelShipment {
  constructor(
    private readonly uow: UnitOfWork<'shipments'>,
    private readonly clock: Clock,
  ) {}

  execute(caller: Caller, command: CancelShipmentCommand, keyed?: KeyedWrite): Promise<Shipment> {
    return this.uow.run(async (r) => {
      const shipment = await r.shipments.findById(caller.tenantId, command.shipmentId, { forUpdate: true });
      if (!shipment) throw new ShipmentNotFound();
      shipment.cancel(command.reason, this.clock.now());
      await r.shipments.save(shipment);
      return shipment;
    }, keyed);
  }
}
