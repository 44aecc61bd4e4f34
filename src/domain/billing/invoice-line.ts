import { ValidationError, type ErrorDetail } from '../shared/errors.js';
import { Money } from '../shared/money.js';
import { Quantity } from '../shared/quantity.js';
import { TaxRate } from '../shared/tax-rate.js';
import { MAX_AMOUNT } from './invoice-amounts.js';
import { invoiceTotals, taxLine, type InvoiceTotals, type PricingMode, type TaxedAmount } from './tax.js';

export const PAYMENT_METHODS = ['CASH', 'CARD', 'QR', 'CREDIT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const MAX_INVOICE_ITEMS = 500;
/** Upper bound of a stored quantity: numeric(14,3). */
export const MAX_QUANTITY = Quantity.of('99999999999.999');

/**
 * One line of an invoice. `lineTotal` = round half-up to 2 decimals of quantity × unitPrice; its
 * tax (`taxRate`, `untaxedAmount`, `taxAmount`, `grossAmount`) is that amount taxed as the
 * tenant prices (`taxLine`).
 */
export interface InvoiceLine extends TaxedAmount {
  readonly productId: string;
  readonly quantity: Quantity;
  readonly unitPrice: Money;
  readonly lineTotal: Money;
}

/**
 * A line as requested: quantity > 0 with at most 3 decimals, unit price ≥ 0 with at most 2, an
 * optional tax rate 0..100 with at most 2 (the request schema checks the shape; the value
 * objects refuse anything else). Without a rate, the product's applies.
 */
export interface InvoiceItem {
  readonly productId: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly taxRate?: number;
}

/** A checked invoice request, before it has a number. */
export interface NewInvoice {
  readonly customerId: string;
  readonly paymentMethod: PaymentMethod;
  readonly items: readonly InvoiceItem[];
}

/** What prices a new invoice: the tenant's pricing mode and the current tax rate of each product it names. */
export interface InvoicePricing extends PricingMode {
  readonly productTaxRates: ReadonlyMap<string, TaxRate>;
}

export function invoiceLine(
  productId: string,
  quantity: Quantity,
  unitPrice: Money,
  taxRate: TaxRate,
  mode: PricingMode,
): InvoiceLine {
  if (!quantity.isPositive() || quantity.greaterThan(MAX_QUANTITY)) {
    throw new RangeError(`Not an invoice line quantity: ${quantity.toString()}`);
  }
  if (unitPrice.isNegative() || unitPrice.greaterThan(MAX_AMOUNT)) {
    throw new RangeError(`Not an invoice line unit price: ${unitPrice.toString()}`);
  }
  const lineTotal = Money.lineTotal(quantity, unitPrice);
  return { productId, quantity, unitPrice, lineTotal, ...taxLine(lineTotal, taxRate, mode) };
}

/** quantity × unitPrice of a line must fit an amount column. */
export const LINE_TOTAL_RULE = `Items line total must not be greater than ${MAX_AMOUNT.toString()}`;
/** A line with its tax must fit an amount column too (net pricing adds the tax to the line total). */
export const LINE_GROSS_RULE = `Items grossAmount must not be greater than ${MAX_AMOUNT.toString()}`;

/** The item's own rate, else its product's (a missing product is the caller's to refuse first). */
function rateOf(item: InvoiceItem, pricing: InvoicePricing): TaxRate {
  if (item.taxRate !== undefined) return TaxRate.of(item.taxRate);
  const rate = pricing.productTaxRates.get(item.productId);
  if (!rate) throw new Error(`No tax rate for product ${item.productId}`);
  return rate;
}

/** A line amount above what an amount column holds, as the problem of row `i` (from 0), or null. */
function tooLarge(line: InvoiceLine, i: number): ErrorDetail | null {
  const rule = line.lineTotal.greaterThan(MAX_AMOUNT)
    ? LINE_TOTAL_RULE
    : line.grossAmount.greaterThan(MAX_AMOUNT)
      ? LINE_GROSS_RULE
      : null;
  return rule === null ? null : { field: `items[${i}].quantity`, issue: `Row ${i + 1}: ${rule}` };
}

/**
 * The exact lines and totals of a request. What only the products reveal is checked here: a
 * line amount or an invoice total above what an amount column holds (`Row N: Items ...`, N from 1).
 */
export function invoiceLines(
  items: readonly InvoiceItem[],
  pricing: InvoicePricing,
): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = items.map((item) =>
    invoiceLine(item.productId, Quantity.of(item.quantity), Money.of(item.unitPrice), rateOf(item, pricing), pricing),
  );
  const problems = lines.map(tooLarge).filter((p): p is ErrorDetail => p !== null);
  if (problems.length > 0) throw new ValidationError(problems);
  const totals = invoiceTotals(lines);
  if (totals.totalAmount.greaterThan(MAX_AMOUNT)) {
    throw new ValidationError(`totalAmount must not be greater than ${MAX_AMOUNT.toString()}`, 'items');
  }
  return { lines, totals };
}
