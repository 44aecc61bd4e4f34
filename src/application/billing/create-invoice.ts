import type { KeyedWrite } from '../ports/gateway-ports.js';
import { InvoiceLineProductMissing } from '../../domain/billing/errors.js';
import { Invoice } from '../../domain/billing/invoice.js';
import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateInvoiceCommand } from './commands.js';

/**
 * POST /billing/invoices: a DRAFT invoice of the caller's tenant, attributed to its branch and
 * fiscal year, numbered `INV-<fiscal year>-<seq>` gaplessly.
 * Errors: ValidationError, CustomerNotFound, ProductNotFound (`Row N: ...`), FiscalYearNotFound.
 */
export class CreateInvoice {
  constructor(
    private readonly uow: UnitOfWork<'invoices' | 'products'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, command: CreateInvoiceCommand, keyed?: KeyedWrite): Promise<Invoice> {
    try {
      return await this.create(caller, command, keyed);
    } catch (err) {
      if (!(err instanceof InvoiceLineProductMissing)) throw err;
      // The happy path leaves the reference checks to the insert's foreign keys; only a refusal
      // asks which row it was.
      const productIds = command.items.map((i) => i.productId);
      const known = await this.uow.read(
        (r) => r.products.findExistingIds(caller.tenantId, [...new Set(productIds)]),
        keyed,
      );
      throw new ProductNotFound(productIds.findIndex((id) => !known.has(id)) + 1);
    }
  }

  /** One statement draws the number and stores the invoice (and a keyed request's key). */
  private create(caller: Caller, command: CreateInvoiceCommand, keyed?: KeyedWrite): Promise<Invoice> {
    const invoice = Invoice.create(
      { id: this.ids.next(), tenantId: caller.tenantId, branchId: caller.branchId, fiscalYearId: caller.fiscalYearId },
      command,
      this.clock.now(),
    );
    return this.uow.runStatement(async (r) => {
      await r.invoices.add(invoice);
      return invoice;
    }, keyed);
  }
}
