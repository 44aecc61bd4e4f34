import type { Caller } from '../access/caller.js';
import type { AdjustmentSummary } from '../ports/inventory-repositories.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { pageOfKnownTenant } from '../shared/known-tenant.js';
import type { ListAdjustmentsQuery } from './commands.js';

/**
 * `GET /products/adjustments`: the tenant's requests, optionally of one status, newest first
 * then id. The back office lists a tenant's requests through the same use case; an unknown
 * tenant is a 404 there (an empty page says the tenant has none).
 */
export class ListAdjustments {
  constructor(private readonly uow: UnitOfWork<'adjustmentRequests' | 'tenants'>) {}

  execute(scope: Pick<Caller, 'tenantId'>, query: ListAdjustmentsQuery): Promise<Page<AdjustmentSummary>> {
    return this.uow.read(async (r) =>
      pageOfKnownTenant(r, scope.tenantId, await r.adjustmentRequests.list(scope.tenantId, query)),
    );
  }
}
