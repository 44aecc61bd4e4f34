import { BranchNotFound, TenantNotFound } from '../../domain/organization/errors.js';
import { newWarehouse, type Warehouse } from '../../domain/organization/organization.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface CreateWarehouseInput {
  tenantId: string;
  branchId: string;
  name: unknown;
}

/** Errors: TenantNotFound, BranchNotFound (also for another tenant's branch), ValidationError. */
export class CreateWarehouse {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateWarehouseInput): Promise<Warehouse> {
    const warehouse = newWarehouse(this.ids.next(), input.tenantId, input, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(input.tenantId))) throw new TenantNotFound();
      if (!(await r.branches.findById(input.tenantId, input.branchId))) throw new BranchNotFound();
      await r.warehouses.insert(warehouse);
    });
    return warehouse;
  }
}
