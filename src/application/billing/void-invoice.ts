import { InvoiceNotFound } from '../../domain/billing/errors.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { VoidInvoiceCommand } from './commands.js';

/**
 * PATCH /billing/invoices/:id/void. The invoice row is locked for the check and the change, so
 * of many parallel voids exactly one succeeds and one `billing.invoice.voided` is recorded.
 * Errors: InvoiceNotFound, InvoiceAlreadyVoided, InvoiceInvalidState (PAID).
 */
export class VoidInvoice {
  constructor(
    private readonly uow: UnitOfWork<'invoices'>,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, id: string, command: VoidInvoiceCommand): Promise<Invoice> {
    if (!isUuid(id)) throw new InvoiceNotFound();
    return this.uow.run(async (r) => {
      const invoice = await r.invoices.findById(caller.tenantId, id, { forUpdate: true });
      if (!invoice) throw new InvoiceNotFound();
      invoice.void(command.reason, this.clock.now());
      await r.invoices.save(invoice);
      return invoice;
    });
  }
}
