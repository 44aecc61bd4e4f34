import { newTenant, type Tenant } from '../../domain/organization/organization.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CreateTenantCommand } from './commands.js';

/** Errors: ValidationError. */
export class CreateTenant {
  constructor(
    private readonly uow: UnitOfWork<'tenants'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateTenantCommand, scope?: WriteScope): Promise<Tenant> {
    const tenant = newTenant(this.ids.next(), command.name, this.clock.now());
    await this.uow.run(async (r) => {
      await r.tenants.add(tenant);
      return tenant;
    }, scope);
    return tenant;
  }
}
