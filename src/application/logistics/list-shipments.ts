import type { Shipment } from '../../domain/logistics/shipment.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { pageOfKnownTenant } from '../shared/known-tenant.js';
import type { ListShipmentsQuery } from './commands.js';

/** Back office: a tenant's shipments, newest first, with their histories. Errors: TenantNotFound. */
export class ListShipments {
  constructor(private readonly uow: UnitOfWork<'shipments' | 'tenants'>) {}

  execute(tenantId: string, query: ListShipmentsQuery): Promise<Page<Shipment>> {
    return this.uow.read(async (r) => pageOfKnownTenant(r, tenantId, await r.shipments.list(tenantId, query)));
  }
}
