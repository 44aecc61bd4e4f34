import type { KeyedWrite } from '../ports/gateway-ports.js';
import { InsufficientAvailableStock, ProductNotFound } from '../../domain/inventory/errors.js';
import { Reservation } from '../../domain/inventory/reservation.js';
import { distinctStockLinesOf } from '../../domain/inventory/stock-lines.js';
import { WarehouseNotFound } from '../../domain/organization/errors.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ReserveStockCommand } from './commands.js';
import { takeInProductOrder } from './stock-order.js';

/**
 * `POST /products/reserve`: holds available stock of one warehouse, all rows
 * or none, until the reservation is committed, released or expires (`expiresInSeconds`,
 * default 900). The warehouse's expired reservations are freed first; then each row is one
 * conditional update (`quantity - reserved >= wanted`), so N parallel reservations of one unit
 * on A available: exactly A succeed. Numbered `RSV-`. Errors in order: DuplicateProductRow
 * (400); WarehouseNotFound; ProductNotFound(row); InsufficientAvailableStock(row) (400).
 */
export class ReserveStock {
  constructor(
    private readonly uow: UnitOfWork<'warehouses' | 'products' | 'stock' | 'reservations' | 'documentNumbers'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, command: ReserveStockCommand, keyed?: KeyedWrite): Promise<Reservation> {
    const { tenantId } = caller;
    const { warehouseId } = command;
    const lines = distinctStockLinesOf(command.items);
    const now = this.clock.now();
    return this.uow.run(async (r) => {
      if (!(await r.warehouses.findById(tenantId, warehouseId))) throw new WarehouseNotFound();
      const existing = await r.products.findExistingIds(
        tenantId,
        lines.map((l) => l.productId),
      );
      const missing = lines.find((l) => !existing.has(l.productId));
      if (missing) throw new ProductNotFound(missing.row);

      await r.reservations.expireDue(now, { tenantId, warehouseId });
      await takeInProductOrder(lines, async (line) => {
        if (!(await r.stock.reserveIfAvailable(tenantId, warehouseId, line.productId, line.quantity, now))) {
          throw new InsufficientAvailableStock(line.row, 'request');
        }
      });

      const reservation = Reservation.create(
        {
          id: this.ids.next(),
          tenantId,
          number: await r.documentNumbers.next(tenantId, caller.fiscalYearId, 'RSV'),
          warehouseId,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
          integrationId: caller.integrationId,
        },
        { items: lines, reference: command.reference, expiresInSeconds: command.expiresInSeconds },
        now,
      );
      await r.reservations.add(reservation);
      return reservation;
    }, keyed);
  }
}
