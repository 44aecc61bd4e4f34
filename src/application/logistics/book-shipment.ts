import type { KeyedWrite } from '../ports/gateway-ports.js';
import { Shipment, type Recipient } from '../../domain/logistics/shipment.js';
import { Money } from '../../domain/shared/money.js';
import { Quantity } from '../../domain/shared/quantity.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Carrier } from '../ports/logistics-ports.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { BookShipmentCommand } from './commands.js';

/**
 * POST /logistics/shipments: a BOOKED shipment of the caller's tenant, booked with the carrier
 * (which gives the tracking number), then numbered `SHP-<fiscal year>-<seq>` gaplessly by the
 * statement that stores it, so the fiscal year's counter is locked for the end of the
 * transaction only, never through the carrier's booking. Errors: InvoiceNotFound (an
 * `invoiceId` not of the tenant), FiscalYearNotFound.
 */
export class BookShipment {
  constructor(
    private readonly uow: UnitOfWork<'shipments'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly carrier: Carrier,
  ) {}

  async execute(caller: Caller, command: BookShipmentCommand, keyed?: KeyedWrite): Promise<Shipment> {
    // Outside the transaction: a retried transaction books the same shipment id again.
    const id = this.ids.next();
    const weightKg = Quantity.of(command.weightKg);
    const codAmount = Money.of(command.codAmount ?? 0);
    const { address } = command.recipient;
    const recipient: Recipient = {
      name: command.recipient.name,
      phone: command.recipient.phone,
      address: {
        line1: address.line1,
        line2: address.line2 ?? null,
        city: address.city,
        postalCode: address.postalCode ?? null,
        country: address.country,
      },
    };
    return this.uow.run(async (r) => {
      const booking = await this.carrier.book({
        shipmentId: id,
        tenantId: caller.tenantId,
        weightKg,
        codAmount,
        recipient,
      });
      const shipment = Shipment.book(
        {
          id,
          tenantId: caller.tenantId,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
          invoiceId: command.invoiceId ?? null,
          reference: command.reference ?? null,
          weightKg,
          codAmount,
          recipient,
          carrier: booking.carrier,
          trackingNumber: booking.trackingNumber,
        },
        this.clock.now(),
      );
      await r.shipments.add(shipment);
      return shipment;
    }, keyed);
  }
}
