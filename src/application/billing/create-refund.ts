import type { KeyedWrite } from '../ports/gateway-ports.js';
import { ReferencedInvoiceNotFound } from '../../domain/billing/errors.js';
import type { Refund } from '../../domain/billing/refund.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateRefundCommand } from './commands.js';

/**
 * POST /billing/refunds: money given back on an invoice of the caller's
 * tenant, numbered `RF-<fiscal year>-<seq>`. The invoice row is locked while the invoice
 * applies the refundable rule, so parallel refunds never exceed it together.
 * Errors: ReferencedInvoiceNotFound, InvoiceInvalidState (DRAFT), RefundExceedsRefundable.
 */
export class CreateRefund {
  constructor(
    private readonly uow: UnitOfWork<'invoices' | 'refunds'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(caller: Caller, command: CreateRefundCommand, keyed?: KeyedWrite): Promise<Refund> {
    const { invoiceId, ...refund } = command;
    return this.uow.run(async (r) => {
      const invoice = await r.invoices.findById(caller.tenantId, invoiceId, { forUpdate: true });
      if (!invoice) throw new ReferencedInvoiceNotFound();
      const created = invoice.refund(
        { id: this.ids.next(), branchId: caller.branchId, fiscalYearId: caller.fiscalYearId, ...refund },
        this.clock.now(),
      );
      await r.invoices.save(invoice);
      // Numbered (RF-) by the statement that stores it, the transaction's last (see RecordPayment).
      await r.refunds.add(created);
      return created;
    }, keyed);
  }
}
