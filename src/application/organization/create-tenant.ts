import { newTenant, type Tenant } from '../../domain/organization/organization.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface CreateTenantInput {
  name: unknown;
}

export class CreateTenant {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateTenantInput): Promise<Tenant> {
    const tenant = newTenant(this.ids.next(), input.name, this.clock.now());
    await this.uow.run((r) => r.tenants.insert(tenant));
    return tenant;
  }
}
