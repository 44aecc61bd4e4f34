import type { KeyedWrite } from '../ports/gateway-ports.js';
import { InsufficientAvailableStock } from '../../domain/inventory/errors.js';
import { Reservation } from '../../domain/inventory/reservation.js';
import { distinctStockLinesOf } from '../../domain/inventory/stock-lines.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ReserveStockCommand } from './commands.js';
import { freeingExpiredHolds, requireStockTargets, takeInProductOrder } from './stock-order.js';

/**
 * `POST /products/reserve`: holds available stock of one warehouse, all rows or none, until the
 * reservation is committed, released or expires (`expiresInSeconds`, default 900). Each row is
 * one conditional update (`quantity - reserved >= wanted`), so N parallel reservations of one
 * unit on A available: exactly A succeed; a row short of stock has the warehouse's expired
 * reservations freed and is tried once more (`freeingExpiredHolds`). Numbered `RSV-`. Errors in
 * order: DuplicateProductRow (400); WarehouseNotFound; ProductNotFound(row);
 * InsufficientAvailableStock(row) (400).
 */
export class ReserveStock {
  constructor(
    private readonly uow: UnitOfWork<'stock' | 'reservations'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, command: ReserveStockCommand, keyed?: KeyedWrite): Promise<Reservation> {
    const { tenantId } = caller;
    const { warehouseId } = command;
    const lines = distinctStockLinesOf(command.items);
    const now = this.clock.now();
    return this.uow.run(async (r) => {
      await requireStockTargets(r.stock, tenantId, [warehouseId], lines);

      const take = freeingExpiredHolds(() => r.reservations.expireDue(now, { tenantId, warehouseId }));
      await takeInProductOrder(lines, async (line) => {
        if (
          !(await take(() => r.stock.reserveIfAvailable(tenantId, warehouseId, line.productId, line.quantity, now)))
        ) {
          throw new InsufficientAvailableStock(line.row, 'request');
        }
      });

      const reservation = Reservation.create(
        {
          id: this.ids.next(),
          tenantId,
          warehouseId,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
          integrationId: caller.integrationId,
        },
        { items: lines, reference: command.reference, expiresInSeconds: command.expiresInSeconds },
        now,
      );
      // Numbered (RSV-) by the statement that stores it, the transaction's last write.
      await r.reservations.add(reservation);
      return reservation;
    }, keyed);
  }
}
