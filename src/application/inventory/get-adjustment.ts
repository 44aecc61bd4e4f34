import { AdjustmentRequestNotFound } from '../../domain/inventory/errors.js';
import { Quantity } from '../../domain/shared/quantity.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type {
  AdjustmentDetail,
  AdjustmentDetailAcrossTenants,
  AdjustmentDetailItem,
  StockLevel,
} from '../ports/inventory-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/**
 * `GET /products/adjustments/:id`: one of the caller's tenant's requests, each row naming its
 * product (name and SKU). Errors: AdjustmentRequestNotFound (also another tenant's).
 */
export class GetAdjustment {
  constructor(private readonly uow: UnitOfWork<'adjustmentRequests'>) {}

  async execute(caller: Pick<Caller, 'tenantId'>, id: string): Promise<AdjustmentDetail> {
    const detail = await this.uow.read((r) => r.adjustmentRequests.findDetail(caller.tenantId, id));
    if (!detail) throw new AdjustmentRequestNotFound();
    return detail;
  }
}

/** A row of the back office's detail: its product's stock in the request's warehouse now. */
export type StockedAdjustmentItem = AdjustmentDetailItem & Pick<StockLevel, 'onHand' | 'available'>;

/** The back office's detail: the request, who asked, and each row with its product's stock now. */
export interface BackOfficeAdjustmentDetail extends Omit<AdjustmentDetailAcrossTenants, 'items'> {
  items: StockedAdjustmentItem[];
}

/**
 * `GET /stock-adjustments/:id` (back office): a request of any tenant (the router keeps a scoped
 * member to its own), with the name of the integration that asked and, per row, what the
 * warehouse holds of its product now and how much of that is available (the stock rule of
 * the product view). Errors: AdjustmentRequestNotFound.
 */
export class GetAdjustmentForBackOffice {
  constructor(
    private readonly uow: UnitOfWork<'adjustmentRequests' | 'stock'>,
    private readonly clock: Clock,
  ) {}

  async execute(id: string): Promise<BackOfficeAdjustmentDetail> {
    return this.uow.read(async (r) => {
      const detail = await r.adjustmentRequests.findDetailAcrossTenants(id);
      if (!detail) throw new AdjustmentRequestNotFound();
      const { tenantId, warehouseId } = detail.request;
      const ids = [...new Set(detail.items.map((i) => i.productId))];
      const levels = await r.stock.findLevels(tenantId, warehouseId, ids, this.clock.now());
      return {
        ...detail,
        items: detail.items.map((item) => {
          const level = levels.get(item.productId);
          return { ...item, onHand: level?.onHand ?? Quantity.ZERO, available: level?.available ?? Quantity.ZERO };
        }),
      };
    });
  }
}
