import { InvoiceNotFound } from '../../domain/billing/errors.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { InvoiceRepository } from '../ports/billing-repositories.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { PageQuery } from '../shared/schemas.js';

/**
 * The invoice `invoiceId` names, in any tenant; null when there is none or `invoiceId` is not a
 * UUID at all. The id may come in any case: the lookup compares UUID values, and what follows
 * uses the stored invoice's own id.
 */
function invoiceOf(r: { invoices: InvoiceRepository }, invoiceId: string): Promise<Invoice | null> {
  return isUuid(invoiceId) ? r.invoices.findByIdAcrossTenants(invoiceId) : Promise.resolve(null);
}

/**
 * Back office: the payments and the refunds of any tenant's invoice, newest first, a page at a
 * time. Errors: InvoiceNotFound.
 */
export class ListInvoicePayments {
  constructor(private readonly uow: UnitOfWork<'invoices' | 'payments'>) {}

  execute(invoiceId: string, query: PageQuery): Promise<Page<Payment>> {
    return this.uow.read(async (r) => {
      const invoice = await invoiceOf(r, invoiceId);
      if (!invoice) throw new InvoiceNotFound();
      return r.payments.listByInvoice(invoice.tenantId, invoice.id, query);
    });
  }
}

export class ListInvoiceRefunds {
  constructor(private readonly uow: UnitOfWork<'invoices' | 'refunds'>) {}

  execute(invoiceId: string, query: PageQuery): Promise<Page<Refund>> {
    return this.uow.read(async (r) => {
      const invoice = await invoiceOf(r, invoiceId);
      if (!invoice) throw new InvoiceNotFound();
      return r.refunds.listByInvoice(invoice.tenantId, invoice.id, query);
    });
  }
}
