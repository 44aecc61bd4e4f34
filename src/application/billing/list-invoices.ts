import { InvalidDateRange } from '../../domain/billing/errors.js';
import type { Caller } from '../access/caller.js';
import type { InvoiceListQuery, InvoiceSummary } from '../ports/billing-repositories.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/**
 * GET /billing/invoices: the tenant's invoices, newest first, filtered by status and by
 * creation time (`fromDate` inclusive, `toDate` exclusive). Errors: InvalidDateRange.
 */
export class ListInvoices {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(caller: Caller, query: InvoiceListQuery): Promise<Page<InvoiceSummary>> {
    if (query.fromDate && query.toDate && query.fromDate.getTime() >= query.toDate.getTime()) {
      throw new InvalidDateRange();
    }
    return this.uow.read((r) => r.invoices.list(caller.tenantId, query));
  }
}
