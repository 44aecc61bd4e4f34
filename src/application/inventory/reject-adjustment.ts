import type { AdjustmentRequest } from '../../domain/inventory/adjustment-request.js';
import { AdjustmentRequestNotFound, AdjustmentRequestNotPending } from '../../domain/inventory/errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { RejectAdjustmentCommand } from './commands.js';

/**
 * Back office: PENDING → REJECTED with a reason. Stock and ledger do not change; no event
 * (spec 6.2 announces approvals only). Acts across tenants. Errors: AdjustmentRequestNotFound,
 * AdjustmentRequestNotPending (409).
 */
export class RejectAdjustment {
  constructor(
    private readonly uow: UnitOfWork<'adjustmentRequests'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: RejectAdjustmentCommand, scope?: WriteScope): Promise<AdjustmentRequest> {
    return this.uow.run(async (r) => {
      const request = await r.adjustmentRequests.findByIdAcrossTenants(input.id, { forUpdate: true });
      if (!request) throw new AdjustmentRequestNotFound();
      request.reject(input.reason, input.rejectedBy, this.clock.now());
      if (!(await r.adjustmentRequests.save(request))) throw new AdjustmentRequestNotPending();
      return request;
    }, scope);
  }
}
