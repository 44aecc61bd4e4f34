import { NoteNotFound } from '../../domain/billing/errors.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { Note, NoteKind } from '../../domain/billing/note.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Clock } from '../ports/clock.js';
import type { Repositories, UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { VoidNoteCommand } from './commands.js';
import { notesOf, type NoteRepositories } from './documents.js';

/** What approving or voiding a note touches: the note and its invoice. */
type NoteLifecycleRepositories = 'invoices' | NoteRepositories;

/**
 * Loads a note (any tenant: back office) with its invoice, locking the invoice row first and
 * then the note: the same order as note creation, so the invoice's note totals are exact and
 * two back-office steps on one note or invoice run one after the other.
 */
async function lockNoteWithInvoice(
  r: Pick<Repositories, NoteLifecycleRepositories>,
  kind: NoteKind,
  id: string,
): Promise<{ note: Note; invoice: Invoice }> {
  const notes = notesOf(r, kind);
  const found = isUuid(id) ? await notes.findByIdAcrossTenants(id) : null;
  if (!found) throw new NoteNotFound(kind);
  const invoice = await r.invoices.findById(found.tenantId, found.invoiceId, { forUpdate: true });
  const note = await notes.findById(found.tenantId, id, { forUpdate: true });
  if (!invoice || !note) throw new NoteNotFound(kind);
  return { note, invoice };
}

async function saveNoteWithInvoice(
  r: Pick<Repositories, NoteLifecycleRepositories>,
  note: Note,
  invoice: Invoice,
): Promise<void> {
  await notesOf(r, note.kind).save(note);
  await r.invoices.save(invoice);
}

/**
 * Back office: DRAFT → APPROVED for a credit or debit note by `by` (the caller's email), re-checking the invoice's state
 * and (credit notes) the balance rule under the invoice lock. An approved credit note may
 * settle the invoice (PAID). Errors: NoteNotFound, NoteInvalidState, InvoiceInvalidState,
 * CreditNoteExceedsBalance.
 */
export class ApproveNote {
  constructor(
    private readonly uow: UnitOfWork<NoteLifecycleRepositories>,
    private readonly clock: Clock,
    private readonly kind: NoteKind,
  ) {}

  execute(id: string, by: string, scope?: WriteScope): Promise<Note> {
    return this.uow.run(async (r) => {
      const { note, invoice } = await lockNoteWithInvoice(r, this.kind, id);
      invoice.approveNote(note, this.clock.now(), by);
      await saveNoteWithInvoice(r, note, invoice);
      return note;
    }, scope);
  }
}

/**
 * Back office: DRAFT → VOIDED for a credit or debit note by `by` (the caller's email).
 * Errors: NoteNotFound, NoteInvalidState, ValidationError.
 */
export class VoidNote {
  constructor(
    private readonly uow: UnitOfWork<NoteLifecycleRepositories>,
    private readonly clock: Clock,
    private readonly kind: NoteKind,
  ) {}

  execute(id: string, command: VoidNoteCommand, by: string, scope?: WriteScope): Promise<Note> {
    return this.uow.run(async (r) => {
      const { note, invoice } = await lockNoteWithInvoice(r, this.kind, id);
      invoice.voidNote(note, command.reason, this.clock.now(), by);
      await saveNoteWithInvoice(r, note, invoice);
      return note;
    }, scope);
  }
}
