import { ValidationError, type ErrorDetail } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
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

export function invoiceLine(productId: string, quantity: Quantity, unitPrice: Money): InvoiceLine {
  return { productId, quantity, unitPrice, lineTotal: Money.lineTotal(quantity, unitPrice) };
}

/** A valid invoice request, before it has a number. */
export interface NewInvoice {
  readonly customerId: string;
  readonly paymentMethod: PaymentMethod;
  readonly lines: readonly InvoiceLine[];
  readonly totalAmount: Money;
}

/**
 * Checks an invoice request and computes its lines and total. Every problem is reported, item
 * problems as `Row N: Items <field> ...` (N from 1), as the HTTP edge words them.
 */
export function parseNewInvoice(input: { customerId: unknown; paymentMethod: unknown; items: unknown }): NewInvoice {
  const problems: ErrorDetail[] = [];
  if (!isUuid(input.customerId)) problems.push({ field: 'customerId', issue: 'customerId must be a UUID' });
  if (!(PAYMENT_METHODS as readonly unknown[]).includes(input.paymentMethod)) {
    problems.push({
      field: 'paymentMethod',
      issue: `paymentMethod must be one of the following values: ${PAYMENT_METHODS.join(', ')}`,
    });
  }
  const lines: InvoiceLine[] = [];
  if (!Array.isArray(input.items)) {
    problems.push({ field: 'items', issue: 'items must be an array' });
  } else if (input.items.length === 0) {
    problems.push({ field: 'items', issue: 'items must contain at least 1 item' });
  } else if (input.items.length > MAX_INVOICE_ITEMS) {
    problems.push({ field: 'items', issue: `items must contain no more than ${MAX_INVOICE_ITEMS} items` });
  } else {
    input.items.forEach((item: unknown, i) => {
      const line = parseItem(item, i, problems);
      if (line) lines.push(line);
    });
  }
  const totalAmount = Money.sum(lines.map((l) => l.lineTotal));
  if (problems.length === 0 && totalAmount.greaterThan(MAX_AMOUNT)) {
    problems.push({ field: 'items', issue: `totalAmount must not be greater than ${MAX_AMOUNT.toString()}` });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return {
    customerId: (input.customerId as string).toLowerCase(),
    paymentMethod: input.paymentMethod as PaymentMethod,
    lines,
    totalAmount,
  };
}

function parseItem(item: unknown, i: number, problems: ErrorDetail[]): InvoiceLine | null {
  const row = `Row ${i + 1}: Items`;
  const at = (f: string) => `items[${i}].${f}`;
  const before = problems.length;
  const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  if (!isUuid(fields.productId)) problems.push({ field: at('productId'), issue: `${row} productId must be a UUID` });
  const quantity = typeof fields.quantity === 'number' ? Quantity.tryParse(fields.quantity) : null;
  if (!quantity || !quantity.isPositive()) {
    problems.push({ field: at('quantity'), issue: `${row} quantity must be a positive number` });
  } else if (quantity.greaterThan(MAX_QUANTITY)) {
    problems.push({
      field: at('quantity'),
      issue: `${row} quantity must not be greater than ${MAX_QUANTITY.toNumber()}`,
    });
  }
  const unitPrice = typeof fields.unitPrice === 'number' ? Money.tryParse(fields.unitPrice) : null;
  if (!unitPrice || unitPrice.isNegative() || unitPrice.greaterThan(MAX_AMOUNT)) {
    problems.push({
      field: at('unitPrice'),
      issue: `${row} unitPrice must be a number from 0 to ${MAX_AMOUNT.toString()} with at most 2 decimals`,
    });
  }
  if (problems.length > before || !quantity || !unitPrice) return null;
  const line = invoiceLine((fields.productId as string).toLowerCase(), quantity, unitPrice);
  if (line.lineTotal.greaterThan(MAX_AMOUNT)) {
    problems.push({
      field: at('quantity'),
      issue: `${row} line total must not be greater than ${MAX_AMOUNT.toString()}`,
    });
    return null;
  }
  return line;
}
