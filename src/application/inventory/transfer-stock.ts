import type { KeyedWrite } from '../ports/gateway-ports.js';
import { InsufficientAvailableStock, StockLevelLimitExceeded } from '../../domain/inventory/errors.js';
import { newTransfer, type StockTransfer } from '../../domain/inventory/stock-documents.js';
import { UNNUMBERED } from '../../domain/shared/document-number.js';
import { movementEntry, type StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import { distinctStockLinesOf } from '../../domain/inventory/stock-lines.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { TransferStockCommand } from './commands.js';
import { freeingExpiredHolds, requireStockTargets, takeInProductOrder } from './stock-order.js';

/**
 * `POST /products/transfer`: moves every item from one warehouse of the tenant
 * to another (any branches), immediately and atomically, numbered `TRF-`, with one
 * TRANSFER_OUT and one TRANSFER_IN ledger entry per item. Only available stock moves: each
 * row is a conditional decrement, and one short of stock has the source warehouse's expired
 * reservations freed and is tried once more (`freeingExpiredHolds`). Errors in order: SameWarehouseTransfer, DuplicateProductRow (400);
 * WarehouseNotFound; ProductNotFound(row); InsufficientAvailableStock(row) (400);
 * StockLevelLimitExceeded(row) (409). Nothing is written on any error.
 */
export class TransferStock {
  constructor(
    private readonly uow: UnitOfWork<'stock' | 'reservations' | 'transfers'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, command: TransferStockCommand, keyed?: KeyedWrite): Promise<StockTransfer> {
    const { tenantId } = caller;
    const lines = distinctStockLinesOf(command.items);
    const draft = newTransfer({
      id: this.ids.next(),
      tenantId,
      number: UNNUMBERED,
      fromWarehouseId: command.fromWarehouseId,
      toWarehouseId: command.toWarehouseId,
      branchId: caller.branchId,
      fiscalYearId: caller.fiscalYearId,
      integrationId: caller.integrationId,
      reference: command.reference,
      items: lines,
      createdAt: this.clock.now(),
    });
    const { fromWarehouseId: from, toWarehouseId: to, createdAt: now } = draft;
    return this.uow.run(async (r) => {
      await requireStockTargets(r.stock, tenantId, [from, to], lines);

      const take = freeingExpiredHolds(() => r.reservations.expireDue(now, { tenantId, warehouseId: from }));
      const balances = new Map<
        number,
        { out: StockLedgerEntry['balanceAfter']; in: StockLedgerEntry['balanceAfter'] }
      >();
      await takeInProductOrder(lines, async (line) => {
        const out = await take(() => r.stock.decreaseIfAvailable(tenantId, from, line.productId, line.quantity, now));
        if (!out) throw new InsufficientAvailableStock(line.row, 'request');
        const into = await r.stock.increaseIfRoom(tenantId, to, line.productId, line.quantity, now);
        if (into === null) throw new StockLevelLimitExceeded(line.row);
        balances.set(line.row, { out, in: into });
      });

      // The movements name the transfer, whose number the statement that stores them all draws:
      // the transaction's last write, so the TRF- counter is held only until the commit.
      const source = { id: draft.id, number: UNNUMBERED };
      const movements = lines.flatMap((line) => {
        const b = balances.get(line.row)!;
        const common = { tenantId, productId: line.productId, quantity: line.quantity, source, row: line.row, at: now };
        return [
          movementEntry({
            ...common,
            id: this.ids.next(),
            warehouseId: from,
            type: 'TRANSFER_OUT',
            balanceAfter: b.out,
          }),
          movementEntry({ ...common, id: this.ids.next(), warehouseId: to, type: 'TRANSFER_IN', balanceAfter: b.in }),
        ];
      });
      return r.transfers.add(draft, movements);
    }, keyed);
  }
}
