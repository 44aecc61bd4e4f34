import type { KeyedWrite } from '../ports/gateway-ports.js';
import { InvoiceNotFound } from '../../domain/billing/errors.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { Payment } from '../../domain/billing/payment.js';
import { isUuid } from '../../domain/shared/ids.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Repositories, UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { RecordPaymentCommand } from './commands.js';

/** A recorded payment and the invoice after it (its status and amount due). */
export interface RecordedPayment {
  payment: Payment;
  invoice: Invoice;
}

type PaymentRepositories = 'invoices' | 'payments';

/**
 * POST /billing/invoices/:id/payments, and the back office's payment of any
 * tenant's invoice. The invoice row is locked while the invoice decides (its machine, the
 * amount due), so parallel payments run one after the other and each succeeds unless it would
 * exceed the amount due at its turn. The payment is numbered `PAY-<fiscal year>-<seq>`.
 * Errors: InvoiceNotFound, InvoiceInvalidState (PAID, VOIDED), PaymentExceedsAmountDue.
 */
export class RecordPayment {
  constructor(
    private readonly uow: UnitOfWork<PaymentRepositories>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /**
   * An integration's payment: the invoice of its tenant, attributed to its branch and fiscal
   * year. No person recorded it (`recordedBy` null).
   */
  execute(
    caller: Caller,
    invoiceId: string,
    command: RecordPaymentCommand,
    keyed?: KeyedWrite,
  ): Promise<RecordedPayment> {
    return this.record(
      invoiceId,
      (r, id) => r.invoices.findById(caller.tenantId, id, { forUpdate: true }),
      () => caller,
      { ...command, recordedBy: null },
      keyed,
    );
  }

  /**
   * The back office's payment, recorded by `by` (the caller's email): any tenant's invoice,
   * attributed to the invoice's branch and fiscal year.
   */
  executeInAnyTenant(
    invoiceId: string,
    command: RecordPaymentCommand,
    by: string,
    scope?: WriteScope,
  ): Promise<RecordedPayment> {
    return this.record(
      invoiceId,
      (r, id) => r.invoices.findByIdAcrossTenants(id, { forUpdate: true }),
      (invoice) => {
        const s = invoice.state();
        return { tenantId: s.tenantId, branchId: s.branchId, fiscalYearId: s.fiscalYearId };
      },
      { ...command, recordedBy: by },
      scope,
    );
  }

  private async record(
    invoiceId: string,
    lock: (r: Pick<Repositories, PaymentRepositories>, id: string) => Promise<Invoice | null>,
    attribution: (invoice: Invoice) => { tenantId: string; branchId: string; fiscalYearId: string },
    command: RecordPaymentCommand & { recordedBy: string | null },
    scope?: WriteScope,
  ): Promise<RecordedPayment> {
    if (!isUuid(invoiceId)) throw new InvoiceNotFound();
    return this.uow.run(async (r) => {
      const invoice = await lock(r, invoiceId);
      if (!invoice) throw new InvoiceNotFound();
      const to = attribution(invoice);
      const payment = invoice.recordPayment(
        { id: this.ids.next(), branchId: to.branchId, fiscalYearId: to.fiscalYearId, ...command },
        this.clock.now(),
      );
      await r.invoices.save(invoice);
      // Numbered by the statement that stores it, the transaction's last: a refusal draws no
      // number, and the PAY- counter stays locked only for what is left of the transaction.
      await r.payments.add(payment);
      return { payment, invoice };
    }, scope);
  }
}
