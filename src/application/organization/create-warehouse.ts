import { BranchNotFound, TenantNotFound } from '../../domain/organization/errors.js';
import { newWarehouse, type Warehouse } from '../../domain/organization/organization.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CreateWarehouseCommand } from './commands.js';

/** Errors: TenantNotFound, BranchNotFound (also for another tenant's branch), ValidationError. */
export class CreateWarehouse {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'branches' | 'warehouses'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateWarehouseCommand, scope?: WriteScope): Promise<Warehouse> {
    const warehouse = newWarehouse(this.ids.next(), command.tenantId, command, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(command.tenantId))) throw new TenantNotFound();
      if (!(await r.branches.findById(command.tenantId, command.branchId))) throw new BranchNotFound();
      await r.warehouses.add(warehouse);
      return warehouse;
    }, scope);
    return warehouse;
  }
}
