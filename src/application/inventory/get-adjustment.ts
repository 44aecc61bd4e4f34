import { AdjustmentRequestNotFound } from '../../domain/inventory/errors.js';
import type { Caller } from '../access/caller.js';
import type { AdjustmentDetail } from '../ports/inventory-repositories.js';
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
