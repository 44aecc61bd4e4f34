import { ShipmentNotFound } from '../../domain/logistics/errors.js';
import type { Shipment } from '../../domain/logistics/shipment.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CarrierEventCommand } from './commands.js';

/**
 * A carrier's progress report on a shipment (the built-in carrier's come from the back office:
 * POST /api/v1/admin/shipments/:id/events). The shipment row is locked while the machine
 * decides, so parallel reports apply one at a time and the history never holds an impossible
 * step. A report that repeats a recorded `carrierEventId` is ignored (`recorded: false`).
 * Errors: ShipmentNotFound, ShipmentInvalidState (the machine refuses the step).
 */
export class RecordCarrierEvent {
  constructor(
    private readonly uow: UnitOfWork<'shipments'>,
    private readonly clock: Clock,
  ) {}

  execute(
    shipmentId: string,
    command: CarrierEventCommand,
    scope?: WriteScope,
  ): Promise<{ shipment: Shipment; recorded: boolean }> {
    return this.uow.run(async (r) => {
      const shipment = await r.shipments.findByIdAcrossTenants(shipmentId, { forUpdate: true });
      if (!shipment) throw new ShipmentNotFound();
      const now = this.clock.now();
      const recorded = shipment.recordCarrierEvent(
        {
          status: command.status,
          at: command.at === undefined ? now : new Date(command.at),
          location: command.location ?? null,
          note: command.note ?? null,
          carrierEventId: command.carrierEventId ?? null,
        },
        now,
      );
      if (recorded) await r.shipments.save(shipment);
      return { shipment, recorded };
    }, scope);
  }
}
