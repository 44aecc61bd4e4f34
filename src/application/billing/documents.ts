import type { NoteKind } from '../../domain/billing/note.js';
import type { Caller } from '../access/caller.js';
import type { NoteRepository } from '../ports/billing-repositories.js';
import type { DocumentKind } from '../ports/document-numbers.js';
import type { Repositories } from '../ports/unit-of-work.js';

/**
 * The next number of `kind` in the caller's fiscal year (`INV-2026-000042`). Gapless: it locks
 * the counter until the caller's transaction ends, so call it inside `UnitOfWork.run`.
 */
export function nextDocumentNumber(
  r: Pick<Repositories, 'documentNumbers'>,
  caller: Caller,
  kind: DocumentKind,
): Promise<string> {
  return r.documentNumbers.next(caller.tenantId, caller.fiscalYearId, kind);
}

export const NOTE_DOCUMENT_KIND: Record<NoteKind, DocumentKind> = { CREDIT: 'CN', DEBIT: 'DN' };

/** The repositories of both note kinds. */
export type NoteRepositories = 'creditNotes' | 'debitNotes';

export function notesOf(r: Pick<Repositories, NoteRepositories>, kind: NoteKind): NoteRepository {
  return kind === 'CREDIT' ? r.creditNotes : r.debitNotes;
}
