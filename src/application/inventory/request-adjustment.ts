import { AdjustmentRequest, firstShortfall } from '../../domain/inventory/adjustment-request.js';
import { InsufficientAvailableStock, ProductNotFound } from '../../domain/inventory/errors.js';
import { WarehouseNotFound } from '../../domain/organization/errors.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface RequestAdjustmentInput {
  warehouseId: unknown;
  reason: unknown;
  items: unknown;
}

/**
 * `POST /products/adjust`: a PENDING request numbered `ADJ-<fiscal year>-<seq>`, attributed to
 * the caller's integration, branch and fiscal year. Stock does not change until approval.
 * Errors, in the order checked: ValidationError; WarehouseNotFound (also another tenant's);
 * ProductNotFound(row) for the first missing product; InsufficientAvailableStock(row,
 * 'request') when the STOCK_OUTs of a product, summed in row order, exceed what the
 * warehouse holds now.
 */
export class RequestAdjustment {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, input: RequestAdjustmentInput): Promise<AdjustmentRequest> {
    const draft = AdjustmentRequest.parse(input);
    const tenantId = caller.tenantId;
    return this.uow.run(async (r) => {
      if (!(await r.warehouses.findById(tenantId, draft.warehouseId))) throw new WarehouseNotFound();
      const productIds = [...new Set(draft.items.map((i) => i.productId))];
      const existing = await r.products.findExistingIds(tenantId, productIds);
      const missing = draft.items.find((i) => !existing.has(i.productId));
      if (missing) throw new ProductNotFound(missing.row);

      const outgoing = [...new Set(draft.items.filter((i) => i.type === 'STOCK_OUT').map((i) => i.productId))];
      if (outgoing.length > 0) {
        const onHand = await r.stock.onHand(tenantId, draft.warehouseId, outgoing);
        const row = firstShortfall(draft.items, onHand);
        if (row !== null) throw new InsufficientAvailableStock(row, 'request');
      }

      const number = await r.documentNumbers.next(tenantId, caller.fiscalYearId, 'ADJ');
      const request = AdjustmentRequest.create(
        draft,
        {
          id: this.ids.next(),
          tenantId,
          number,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
          integrationId: caller.integrationId,
        },
        this.clock.now(),
      );
      await r.adjustmentRequests.insert(request);
      return request;
    });
  }
}
