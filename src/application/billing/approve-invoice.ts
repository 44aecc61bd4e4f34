import { InvoiceNotFound } from '../../domain/billing/errors.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';

/**
 * Back office: DRAFT → APPROVED by `by` (the caller's email), recording `billing.invoice.created`,
 * in any tenant. Errors: InvoiceNotFound, InvoiceInvalidState.
 */
export class ApproveInvoice {
  constructor(
    private readonly uow: UnitOfWork<'invoices'>,
    private readonly clock: Clock,
  ) {}

  async execute(id: string, by: string, scope?: WriteScope): Promise<Invoice> {
    if (!isUuid(id)) throw new InvoiceNotFound();
    return this.uow.run(async (r) => {
      const invoice = await r.invoices.findByIdAcrossTenants(id, { forUpdate: true });
      if (!invoice) throw new InvoiceNotFound();
      invoice.approve(this.clock.now(), by);
      await r.invoices.save(invoice);
      return invoice;
    }, scope);
  }
}
