import { InvoiceLineProductMissing } from '../../domain/billing/errors.js';
import { parseNewInvoice, type NewInvoice } from '../../domain/billing/invoice-line.js';
import { Invoice } from '../../domain/billing/invoice.js';
import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { nextDocumentNumber } from './documents.js';

export interface CreateInvoiceInput {
  customerId: unknown;
  paymentMethod: unknown;
  items: unknown;
}

/**
 * POST /billing/invoices: a DRAFT invoice of the caller's tenant, attributed to its branch and
 * fiscal year, numbered `INV-<fiscal year>-<seq>` gaplessly.
 * Errors: ValidationError, CustomerNotFound, ProductNotFound (`Row N: ...`), FiscalYearNotFound.
 */
export class CreateInvoice {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, input: CreateInvoiceInput): Promise<Invoice> {
    const request = parseNewInvoice(input);
    try {
      return await this.create(caller, request);
    } catch (err) {
      if (!(err instanceof InvoiceLineProductMissing)) throw err;
      // The happy path leaves the reference checks to the insert's foreign keys; only a refusal
      // asks which row it was.
      const known = await this.uow.read((r) =>
        r.products.findExistingIds(caller.tenantId, [...new Set(request.lines.map((l) => l.productId))]),
      );
      throw new ProductNotFound(request.lines.findIndex((l) => !known.has(l.productId)) + 1);
    }
  }

  private create(caller: Caller, request: NewInvoice): Promise<Invoice> {
    return this.uow.run(async (r) => {
      const number = await nextDocumentNumber(r, caller, 'INV');
      const invoice = Invoice.create(
        {
          id: this.ids.next(),
          tenantId: caller.tenantId,
          number,
          branchId: caller.branchId,
          fiscalYearId: caller.fiscalYearId,
        },
        request,
        this.clock.now(),
      );
      await r.invoices.insert(invoice);
      return invoice;
    });
  }
}
