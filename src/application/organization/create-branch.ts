import { TenantNotFound } from '../../domain/organization/errors.js';
import { newBranch, type Branch } from '../../domain/organization/organization.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface CreateBranchInput {
  tenantId: string;
  name: unknown;
  code: unknown;
}

/** Errors: TenantNotFound, ValidationError, DuplicateBranchCode. */
export class CreateBranch {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateBranchInput): Promise<Branch> {
    const branch = newBranch(this.ids.next(), input.tenantId, input, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(input.tenantId))) throw new TenantNotFound();
      await r.branches.insert(branch);
    });
    return branch;
  }
}
