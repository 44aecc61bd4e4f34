import type { KeyedWrite } from '../ports/gateway-ports.js';
import { ReferencedInvoiceNotFound } from '../../domain/billing/errors.js';
import type { Note, NoteKind } from '../../domain/billing/note.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateNoteCommand } from './commands.js';
import { NOTE_DOCUMENT_KIND, nextDocumentNumber, notesOf, type NoteRepositories } from './documents.js';

/**
 * POST /billing/credit-notes and /billing/debit-notes: a DRAFT note against an invoice of the
 * caller's tenant, numbered `CN-`/`DN-<fiscal year>-<seq>`. The invoice row is locked while
 * the invoice decides (state, credit balance), so parallel credit notes never exceed it.
 * Errors: ReferencedInvoiceNotFound, InvoiceInvalidState, CreditNoteExceedsBalance,
 * FiscalYearNotFound.
 */
export class CreateNote {
  constructor(
    private readonly uow: UnitOfWork<'invoices' | 'documentNumbers' | NoteRepositories>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly kind: NoteKind,
  ) {}

  async execute(caller: Caller, command: CreateNoteCommand, keyed?: KeyedWrite): Promise<Note> {
    return this.uow.run(async (r) => {
      const invoice = await r.invoices.findById(caller.tenantId, command.invoiceId, { forUpdate: true });
      if (!invoice) throw new ReferencedInvoiceNotFound();
      const number = await nextDocumentNumber(r, caller, NOTE_DOCUMENT_KIND[this.kind]);
      const note = invoice.issueNote(
        this.kind,
        {
          id: this.ids.next(),
          number,
          amount: command.amount,
          reason: command.reason,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
        },
        this.clock.now(),
      );
      await notesOf(r, this.kind).add(note);
      return note;
    }, keyed);
  }
}
