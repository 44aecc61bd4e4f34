import { TenantNotFound } from '../../domain/organization/errors.js';
import { newBranch, type Branch } from '../../domain/organization/organization.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CreateBranchCommand } from './commands.js';

/** Errors: TenantNotFound, ValidationError, DuplicateBranchCode. */
export class CreateBranch {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'branches'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateBranchCommand, scope?: WriteScope): Promise<Branch> {
    const branch = newBranch(this.ids.next(), command.tenantId, command, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(command.tenantId))) throw new TenantNotFound();
      await r.branches.add(branch);
      return branch;
    }, scope);
    return branch;
  }
}
