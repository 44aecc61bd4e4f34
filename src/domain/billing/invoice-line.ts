import { ValidationError, type ErrorDetail } from '../shared/errors.js';
import { Money } from '../shared/money.js';
import { Quantity } from '../shared/quantity.js';
import { MAX_AMOUNT } from './invoice-amounts.js';

export const PAYMENT_METHODS = ['CASH', 'CARD', 'QR', 'CREDIT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const MAX_INVOICE_ITEMS = 500;
/** Upper bound of a stored quantity: numeric(14,3). */
export const MAX_QUANTITY = Quantity.of('99999999999.999');

/** One line of an invoice. `lineTotal` = round half-up to 2 decimals of quantity × unitPrice. */
export interface InvoiceLine {
  readonly productId: string;
  readonly quantity: Quantity;
  readonly unitPrice: Money;
  readonly lineTotal: Money;
}

/**
 * A line as requested: quantity > 0 with at most 3 decimals, unit price ≥ 0 with at most 2
 * (the request schema checks the shape; the value objects refuse anything else).
 */
export interface InvoiceItem {
  readonly productId: string;
  readonly quantity: number;
  readonly unitPrice: number;
}

/** A checked invoice request, before it has a number. */
export interface NewInvoice {
  readonly customerId: string;
  readonly paymentMethod: PaymentMethod;
  readonly items: readonly InvoiceItem[];
}

export function invoiceLine(productId: string, quantity: Quantity, unitPrice: Money): InvoiceLine {
  if (!quantity.isPositive() || quantity.greaterThan(MAX_QUANTITY)) {
    throw new RangeError(`Not an invoice line quantity: ${quantity.toString()}`);
  }
  if (unitPrice.isNegative() || unitPrice.greaterThan(MAX_AMOUNT)) {
    throw new RangeError(`Not an invoice line unit price: ${unitPrice.toString()}`);
  }
  return { productId, quantity, unitPrice, lineTotal: Money.lineTotal(quantity, unitPrice) };
}

/**
 * The exact lines and total of a request. What only the products reveal is checked here: a
 * line total or an invoice total above what an amount column holds (`Row N: Items ...`, N from 1).
 */
/** quantity × unitPrice of a line must fit an amount column. */
export const LINE_TOTAL_RULE = `Items line total must not be greater than ${MAX_AMOUNT.toString()}`;

export function invoiceLines(items: readonly InvoiceItem[]): { lines: InvoiceLine[]; totalAmount: Money } {
  const problems: ErrorDetail[] = [];
  const lines = items.map((item, i) => {
    const line = invoiceLine(item.productId, Quantity.of(item.quantity), Money.of(item.unitPrice));
    if (line.lineTotal.greaterThan(MAX_AMOUNT)) {
      problems.push({
        field: `items[${i}].quantity`,
        issue: `Row ${i + 1}: ${LINE_TOTAL_RULE}`,
      });
    }
    return line;
  });
  if (problems.length > 0) throw new ValidationError(problems);
  const totalAmount = Money.sum(lines.map((l) => l.lineTotal));
  if (totalAmount.greaterThan(MAX_AMOUNT)) {
    throw new ValidationError(`totalAmount must not be greater than ${MAX_AMOUNT.toString()}`, 'items');
  }
  return { lines, totalAmount };
}
