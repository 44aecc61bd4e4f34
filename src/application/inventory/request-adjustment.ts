import type { KeyedWrite } from '../ports/gateway-ports.js';
import { AdjustmentRequest, firstShortfall, itemsOf } from '../../domain/inventory/adjustment-request.js';
import { InsufficientAvailableStock } from '../../domain/inventory/errors.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { RequestAdjustmentCommand } from './commands.js';
import { requireStockTargets } from './stock-order.js';

/**
 * `POST /products/adjust`: a PENDING request numbered `ADJ-<fiscal year>-<seq>`, attributed to
 * the caller's integration, branch and fiscal year. Stock does not change until approval.
 * Errors, in the order checked: WarehouseNotFound (also another tenant's);
 * ProductNotFound(row) for the first missing product; InsufficientAvailableStock(row,
 * 'request') when the STOCK_OUTs of a product, summed in row order, exceed what is
 * available in the warehouse now (on hand minus what unexpired reservations hold).
 */
export class RequestAdjustment {
  constructor(
    private readonly uow: UnitOfWork<'stock' | 'adjustmentRequests'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, command: RequestAdjustmentCommand, keyed?: KeyedWrite): Promise<AdjustmentRequest> {
    const tenantId = caller.tenantId;
    const { warehouseId } = command;
    const items = itemsOf(command.items);
    return this.uow.run(async (r) => {
      await requireStockTargets(r.stock, tenantId, [warehouseId], items);

      const outgoing = [...new Set(items.filter((i) => i.type === 'STOCK_OUT').map((i) => i.productId))];
      if (outgoing.length > 0) {
        const available = await r.stock.findAvailable(tenantId, warehouseId, outgoing, this.clock.now());
        const row = firstShortfall(items, available);
        if (row !== null) throw new InsufficientAvailableStock(row, 'request');
      }

      const request = AdjustmentRequest.create(
        command,
        {
          id: this.ids.next(),
          tenantId,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
          integrationId: caller.integrationId,
        },
        this.clock.now(),
      );
      // Numbered (ADJ-) by the statement that stores it, the transaction's last write.
      await r.adjustmentRequests.add(request);
      return request;
    }, keyed);
  }
}
