import type { Warehouse } from '../../domain/organization/organization.js';
import type { Caller } from '../access/caller.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ListWarehousesQuery } from './commands.js';

/** `GET /warehouses`: the caller's tenant's warehouses, by name then id (the ids its other calls take). */
export class ListWarehouses {
  constructor(private readonly uow: UnitOfWork<'warehouses'>) {}

  execute(caller: Pick<Caller, 'tenantId'>, query: ListWarehousesQuery): Promise<Page<Warehouse>> {
    return this.uow.read((r) => r.warehouses.list(caller.tenantId, query));
  }
}
