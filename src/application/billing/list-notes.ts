import type { Note, NoteKind } from '../../domain/billing/note.js';
import type { Caller } from '../access/caller.js';
import type { Page, PageRequest } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notesOf } from './documents.js';

/** GET /billing/credit-notes and /billing/debit-notes: the tenant's notes, newest first. */
export class ListNotes {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly kind: NoteKind,
  ) {}

  execute(caller: Caller, query: PageRequest): Promise<Page<Note>> {
    return this.uow.read((r) => notesOf(r, this.kind).list(caller.tenantId, query));
  }
}
