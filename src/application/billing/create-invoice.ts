import type { KeyedWrite } from '../ports/gateway-ports.js';
import { Invoice } from '../../domain/billing/invoice.js';
import type { InvoicePricing } from '../../domain/billing/invoice-line.js';
import { ProductNotFound } from '../../domain/inventory/errors.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { CreateInvoiceCommand } from './commands.js';

/**
 * POST /billing/invoices: a DRAFT invoice of the caller's tenant, attributed to its branch and
 * fiscal year, numbered `INV-<fiscal year>-<seq>` gaplessly, its lines taxed at the products'
 * current rates (or the items' own) as the tenant prices, net or gross.
 * Errors: ValidationError, CustomerNotFound, ProductNotFound (`Row N: ...`), FiscalYearNotFound.
 */
export class CreateInvoice {
  constructor(
    private readonly uow: UnitOfWork<'invoices'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, command: CreateInvoiceCommand, keyed?: KeyedWrite): Promise<Invoice> {
    const pricing = await this.pricingOf(caller, command, keyed);
    const invoice = Invoice.create(
      { id: this.ids.next(), tenantId: caller.tenantId, branchId: caller.branchId, fiscalYearId: caller.fiscalYearId },
      command,
      pricing,
      this.clock.now(),
    );
    // One statement draws the number and stores the invoice (and a keyed request's key); the
    // customer is checked by its foreign key there.
    return this.uow.runStatement(async (r) => {
      await r.invoices.add(invoice);
      return invoice;
    }, keyed);
  }

  /** The tenant's pricing mode and the products' rates, in one read; a product the tenant lacks is refused by its row. */
  private async pricingOf(caller: Caller, command: CreateInvoiceCommand, keyed?: KeyedWrite): Promise<InvoicePricing> {
    const productIds = command.items.map((i) => i.productId);
    const pricing = await this.uow.read((r) => r.invoices.findPricing(caller.tenantId, productIds), keyed);
    const missing = productIds.findIndex((id) => !pricing.productTaxRates.has(id));
    if (missing >= 0) throw new ProductNotFound(missing + 1);
    return pricing;
  }
}
