import { NoteNotFound } from '../../domain/billing/errors.js';
import type { Note, NoteKind } from '../../domain/billing/note.js';
import type { Caller } from '../access/caller.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn, pageOfKnownTenant } from '../shared/known-tenant.js';
import type { ListNotesCommand } from './commands.js';
import { notesOf, type NoteRepositories } from './documents.js';

/**
 * GET /billing/credit-notes and /billing/debit-notes: the tenant's notes, newest first.
 * Errors: TenantNotFound (back office).
 */
export class ListNotes {
  constructor(
    private readonly uow: UnitOfWork<NoteRepositories | 'tenants'>,
    private readonly kind: NoteKind,
  ) {}

  execute(caller: Pick<Caller, 'tenantId'>, query: ListNotesCommand): Promise<Page<Note>> {
    return this.uow.read(async (r) =>
      pageOfKnownTenant(r, caller.tenantId, await notesOf(r, this.kind).list(caller.tenantId, query)),
    );
  }
}

/**
 * Back office: a credit or debit note of a tenant. Errors: NoteNotFound (also another tenant's),
 * TenantNotFound.
 */
export class GetNote {
  constructor(
    private readonly uow: UnitOfWork<NoteRepositories | 'tenants'>,
    private readonly kind: NoteKind,
  ) {}

  execute(tenantId: string, id: string): Promise<Note> {
    return this.uow.read(
      async (r) =>
        (await notesOf(r, this.kind).findById(tenantId, id)) ?? missingIn(r, tenantId, new NoteNotFound(this.kind)),
    );
  }
}
