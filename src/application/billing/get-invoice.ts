import { InvoiceNotFound } from '../../domain/billing/errors.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Caller } from '../access/caller.js';
import type { InvoiceDetail } from '../ports/billing-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn } from '../shared/known-tenant.js';

export type { InvoiceDetail } from '../ports/billing-repositories.js';

/**
 * GET /billing/invoices/:id: the invoice of the caller's tenant with its
 * items and amounts, payments, refunds, credit and debit notes. Errors: InvoiceNotFound, TenantNotFound (back office).
 */
export class GetInvoice {
  constructor(private readonly uow: UnitOfWork<'invoices' | 'tenants'>) {}

  async execute(caller: Pick<Caller, 'tenantId'>, id: string): Promise<InvoiceDetail> {
    if (!isUuid(id)) throw new InvoiceNotFound();
    return this.uow.read(
      async (r) =>
        (await r.invoices.findDetail(caller.tenantId, id)) ?? missingIn(r, caller.tenantId, new InvoiceNotFound()),
    );
  }
}
