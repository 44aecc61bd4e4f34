import type { AuditEntry, ChainVerdict } from '../../domain/staff/audit.js';
import type { Actor } from '../../domain/staff/staff.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ListAuditQuery } from './commands.js';

/** `GET /audit`: newest first, within the caller's scope (a scoped ADMIN sees its tenants' entries). */
export class ListAudit {
  constructor(private readonly uow: UnitOfWork<'auditLog'>) {}

  execute(actor: Actor, query: ListAuditQuery): Promise<Page<AuditEntry>> {
    const { page, limit, from, to, ...filters } = query;
    return this.uow.read((r) =>
      r.auditLog.list(
        { ...filters, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined },
        actor.tenantIds,
        { page, limit },
      ),
    );
  }
}

/** `GET /audit/verify` and `audit:verify`: recomputes the whole chain. */
export class VerifyAudit {
  constructor(private readonly uow: UnitOfWork<'auditLog'>) {}

  execute(): Promise<ChainVerdict> {
    return this.uow.read((r) => r.auditLog.verify());
  }
}
