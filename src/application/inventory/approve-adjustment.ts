import type { AdjustmentRequest } from '../../domain/inventory/adjustment-request.js';
import {
  AdjustmentRequestNotFound,
  AdjustmentRequestNotPending,
  InsufficientAvailableStock,
  StockLevelLimitExceeded,
} from '../../domain/inventory/errors.js';
import { ledgerEntryFor, type StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { ApproveAdjustmentCommand } from './commands.js';

/**
 * Back office: PENDING → APPROVED, in one transaction: lock the request row, apply every item
 * to the stock in row order (STOCK_IN adds, STOCK_OUT takes away only what is there), write
 * one ledger entry per item (ADJUSTMENT_IN / ADJUSTMENT_OUT) and the `inventory.adjustment.approved` event. Acts across
 * tenants. Errors: AdjustmentRequestNotFound; AdjustmentRequestNotPending (409);
 * InsufficientAvailableStock(row, 'approval') (409) or StockLevelLimitExceeded(row) (409) —
 * then nothing is written and the request stays PENDING.
 */
export class ApproveAdjustment {
  constructor(
    private readonly uow: UnitOfWork<'adjustmentRequests' | 'stock' | 'stockLedger' | 'reservations'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: ApproveAdjustmentCommand, scope?: WriteScope): Promise<AdjustmentRequest> {
    return this.uow.run(async (r) => {
      const request = await r.adjustmentRequests.findByIdAcrossTenants(input.id, { forUpdate: true });
      if (!request) throw new AdjustmentRequestNotFound();
      const now = this.clock.now();
      request.approve(input.approvedBy, now);

      const { tenantId, warehouseId } = request;
      // STOCK_OUT takes only available stock: holds past their expiry are freed first.
      if (request.items.some((i) => i.type === 'STOCK_OUT')) {
        await r.reservations.expireDue(now, { tenantId, warehouseId });
      }
      await r.stock.lock(tenantId, warehouseId, [...new Set(request.items.map((i) => i.productId))]);
      const entries: StockLedgerEntry[] = [];
      for (const item of request.items) {
        const balance =
          item.type === 'STOCK_IN'
            ? await r.stock.increaseIfRoom(tenantId, warehouseId, item.productId, item.quantity, now)
            : await r.stock.decreaseIfAvailable(tenantId, warehouseId, item.productId, item.quantity, now);
        if (balance === null) {
          throw item.type === 'STOCK_IN'
            ? new StockLevelLimitExceeded(item.row)
            : new InsufficientAvailableStock(item.row, 'approval');
        }
        entries.push(ledgerEntryFor(this.ids.next(), request, item, balance));
      }

      if (!(await r.adjustmentRequests.save(request))) throw new AdjustmentRequestNotPending();
      await r.stockLedger.add(entries);
      return request;
    }, scope);
  }
}
