import { InvoiceNotFound } from '../../domain/billing/errors.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { Note } from '../../domain/billing/note.js';
import type { Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Caller } from '../access/caller.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn } from '../shared/known-tenant.js';

/** An invoice with everything recorded against it. */
export interface InvoiceDetail {
  invoice: Invoice;
  payments: Payment[];
  refunds: Refund[];
  creditNotes: Note[];
  debitNotes: Note[];
}

/**
 * GET /billing/invoices/:id: the invoice of the caller's tenant with its
 * items and amounts, payments, refunds, credit and debit notes. Errors: InvoiceNotFound, TenantNotFound (back office).
 */
export class GetInvoice {
  constructor(
    private readonly uow: UnitOfWork<'invoices' | 'payments' | 'refunds' | 'creditNotes' | 'debitNotes' | 'tenants'>,
  ) {}

  async execute(caller: Pick<Caller, 'tenantId'>, id: string): Promise<InvoiceDetail> {
    if (!isUuid(id)) throw new InvoiceNotFound();
    return this.uow.read(async (r) => {
      const invoice = await r.invoices.findById(caller.tenantId, id);
      if (!invoice) return missingIn(r, caller.tenantId, new InvoiceNotFound());
      const [payments, refunds, creditNotes, debitNotes] = await Promise.all([
        r.payments.findByInvoice(caller.tenantId, invoice.id),
        r.refunds.findByInvoice(caller.tenantId, invoice.id),
        r.creditNotes.findByInvoice(caller.tenantId, invoice.id),
        r.debitNotes.findByInvoice(caller.tenantId, invoice.id),
      ]);
      return { invoice, payments, refunds, creditNotes, debitNotes };
    });
  }
}
