import {
  scopeWithin,
  StaffNotFound,
  ScopeBeyondOwn,
  type Actor,
  type StaffMember,
  type TenantScope,
} from '../../domain/staff/staff.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Page, PageRequest } from '../ports/pagination.js';
import type { AuditedChange, PasswordHasher } from '../ports/staff-ports.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateStaffCommand, UpdateStaffCommand } from './commands.js';

/** A scoped ADMIN grants only tenants it has; only unscoped ADMINs make unscoped staff. */
function assertGrantable(actor: Actor, tenantIds: TenantScope): void {
  if (!scopeWithin(tenantIds, actor.tenantIds)) throw new ScopeBeyondOwn();
}

/** A member the actor may manage (within its scope), else 404 as for an unknown id. */
async function manageable(r: Pick<Repositories, 'staff'>, actor: Actor, id: string): Promise<StaffMember> {
  const member = await r.staff.findById(id, { forUpdate: true });
  if (!member || !scopeWithin(member.tenantIds, actor.tenantIds)) throw new StaffNotFound();
  return member;
}

/** `POST /staff` and `staff:create`: a member with an argon2id-hashed password (audited `staff.create`). */
export class CreateStaff {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly hasher: PasswordHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, command: CreateStaffCommand, audit?: AuditedChange): Promise<StaffMember> {
    const tenantIds = command.tenantIds ?? null;
    assertGrantable(actor, tenantIds);
    const passwordHash = await this.hasher.hash(command.password);
    return this.uow.run(
      (r) =>
        r.staff.add({
          id: this.ids.next(),
          email: command.email,
          name: command.name,
          role: command.role,
          tenantIds,
          passwordHash,
          at: this.clock.now(),
        }),
      audit,
    );
  }
}

/** `GET /staff`: the members within the caller's scope, oldest first. */
export class ListStaff {
  constructor(private readonly uow: UnitOfWork<'staff'>) {}

  execute(actor: Actor, page: PageRequest): Promise<Page<StaffMember>> {
    return this.uow.read((r) => r.staff.list(actor.tenantIds, page));
  }
}

/**
 * `PATCH /staff/:id` and `staff:update`. A role change or a deactivation revokes the member's
 * sessions and tokens in the same transaction: its next request, on any process, is refused.
 */
export class UpdateStaff {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, id: string, changes: UpdateStaffCommand, audit?: AuditedChange): Promise<StaffMember> {
    if (changes.tenantIds !== undefined) assertGrantable(actor, changes.tenantIds);
    return this.uow.run(async (r) => {
      const member = await manageable(r, actor, id);
      const now = this.clock.now();
      const updated = await r.staff.update(id, changes, now);
      const roleChanged = changes.role !== undefined && changes.role !== member.role;
      if (roleChanged || changes.active === false) await r.staff.revokeAccess(id, now, { tokens: true });
      return updated;
    }, audit);
  }
}

/** `staff:reset-password` (the command line on the server): a new password; every session ends. */
export class ResetStaffPassword {
  constructor(
    private readonly uow: UnitOfWork<'staff'>,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, id: string, password: string, audit?: AuditedChange): Promise<StaffMember> {
    const passwordHash = await this.hasher.hash(password);
    return this.uow.run(async (r) => {
      const member = await manageable(r, actor, id);
      const now = this.clock.now();
      await r.staff.setPassword(id, passwordHash, now);
      await r.staff.revokeAccess(id, now, { tokens: false });
      return member;
    }, audit);
  }
}
