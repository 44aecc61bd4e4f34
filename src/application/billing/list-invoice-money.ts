import { InvoiceNotFound } from '../../domain/billing/errors.js';
import type { Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { PageQuery } from '../shared/schemas.js';

/**
 * Back office: the payments and the refunds of any tenant's invoice, newest first, a page at a
 * time. Errors: InvoiceNotFound.
 */
export class ListInvoicePayments {
  constructor(private readonly uow: UnitOfWork<'invoices' | 'payments'>) {}

  execute(invoiceId: string, query: PageQuery): Promise<Page<Payment>> {
    return this.uow.read(async (r) => {
      const invoice = isUuid(invoiceId) ? await r.invoices.findByIdAcrossTenants(invoiceId.toLowerCase()) : null;
      if (!invoice) throw new InvoiceNotFound();
      return r.payments.listByInvoice(invoice.tenantId, invoice.id, query);
    });
  }
}

export class ListInvoiceRefunds {
  constructor(private readonly uow: UnitOfWork<'invoices' | 'refunds'>) {}

  execute(invoiceId: string, query: PageQuery): Promise<Page<Refund>> {
    return this.uow.read(async (r) => {
      const invoice = isUuid(invoiceId) ? await r.invoices.findByIdAcrossTenants(invoiceId.toLowerCase()) : null;
      if (!invoice) throw new InvoiceNotFound();
      return r.refunds.listByInvoice(invoice.tenantId, invoice.id, query);
    });
  }
}
