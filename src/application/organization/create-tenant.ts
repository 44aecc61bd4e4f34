import { newTenant, type Tenant } from '../../domain/organization/organization.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateTenantCommand } from './commands.js';

/** Errors: ValidationError. */
export class CreateTenant {
  constructor(
    private readonly uow: UnitOfWork<'tenants'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateTenantCommand): Promise<Tenant> {
    const tenant = newTenant(this.ids.next(), command.name, this.clock.now());
    await this.uow.run((r) => r.tenants.add(tenant));
    return tenant;
  }
}
