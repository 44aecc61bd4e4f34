import { InvalidDateRange } from '../../domain/billing/errors.js';
import { ValidationError } from '../../domain/shared/errors.js';
import type { Caller } from '../access/caller.js';
import type { InvoiceSummary } from '../ports/billing-repositories.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { pageOfKnownTenant } from '../shared/known-tenant.js';
import { instantRule, type ListInvoicesCommand } from './commands.js';

/**
 * GET /billing/invoices: the tenant's invoices, newest first, filtered by status and by
 * creation time (`fromDate` inclusive, `toDate` exclusive). Errors: InvalidDateRange, TenantNotFound (back office).
 */
export class ListInvoices {
  constructor(private readonly uow: UnitOfWork<'invoices' | 'tenants'>) {}

  async execute(caller: Pick<Caller, 'tenantId'>, query: ListInvoicesCommand): Promise<Page<InvoiceSummary>> {
    const fromDate = instantOf(query.fromDate, 'fromDate');
    const toDate = instantOf(query.toDate, 'toDate');
    if (fromDate && toDate && fromDate.getTime() >= toDate.getTime()) throw new InvalidDateRange();
    const { page, limit, status } = query;
    return this.uow.read(async (r) =>
      pageOfKnownTenant(
        r,
        caller.tenantId,
        await r.invoices.list(caller.tenantId, { page, limit, status, fromDate, toDate }),
      ),
    );
  }
}

/** A date is UTC midnight; a date-time carries its zone. */
function instantOf(value: string | undefined, field: 'fromDate' | 'toDate'): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) throw new ValidationError(instantRule(field), field);
  return date;
}
