import { ReferencedInvoiceNotFound } from '../../domain/billing/errors.js';
import { parseNoteInput, type Note, type NoteKind } from '../../domain/billing/note.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { NOTE_DOCUMENT_KIND, nextDocumentNumber, notesOf } from './documents.js';

export interface CreateNoteInput {
  invoiceId: unknown;
  amount: unknown;
  reason: unknown;
}

/**
 * POST /billing/credit-notes and /billing/debit-notes: a DRAFT note against an invoice of the
 * caller's tenant, numbered `CN-`/`DN-<fiscal year>-<seq>`. The invoice row is locked while
 * the invoice decides (state, credit balance), so parallel credit notes never exceed it.
 * Errors: ValidationError, ReferencedInvoiceNotFound, InvoiceInvalidState,
 * CreditNoteExceedsBalance, FiscalYearNotFound.
 */
export class CreateNote {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly kind: NoteKind,
  ) {}

  async execute(caller: Caller, input: CreateNoteInput): Promise<Note> {
    if (!isUuid(input.invoiceId)) throw new ValidationError('invoiceId must be a UUID', 'invoiceId');
    const invoiceId = input.invoiceId.toLowerCase();
    const { amount, reason } = parseNoteInput(input);
    return this.uow.run(async (r) => {
      const invoice = await r.invoices.findById(caller.tenantId, invoiceId, { forUpdate: true });
      if (!invoice) throw new ReferencedInvoiceNotFound();
      const number = await nextDocumentNumber(r, caller, NOTE_DOCUMENT_KIND[this.kind]);
      const note = invoice.issueNote(
        this.kind,
        {
          id: this.ids.next(),
          number,
          amount,
          reason,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
        },
        this.clock.now(),
      );
      await notesOf(r, this.kind).insert(note);
      return note;
    });
  }
}
