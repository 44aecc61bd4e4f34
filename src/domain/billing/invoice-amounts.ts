import { ValidationError } from '../shared/errors.js';
import { Money } from '../shared/money.js';

/** Upper bound of every stored amount: numeric(14,2). */
export const MAX_AMOUNT = Money.of('999999999999.99');

/** What an invoice's amounts are computed from. */
export interface InvoiceLedger {
  /** Sum of the lines' gross amounts: what the invoice asks to be paid. */
  totalAmount: Money;
  /** Sum of the invoice's APPROVED debit notes. */
  approvedDebits: Money;
  /** Sum of the invoice's APPROVED credit notes. */
  approvedCredits: Money;
  payments: Money;
  refunds: Money;
}

export interface InvoiceAmounts {
  totalAmount: Money;
  netAmount: Money;
  amountPaid: Money;
  amountDue: Money;
}

/**
 * An invoice's amounts: netAmount = total + approved debit notes − approved credit notes;
 * amountPaid = payments − refunds; amountDue = netAmount − amountPaid. Exact decimals.
 */
export function invoiceAmounts(l: InvoiceLedger): InvoiceAmounts {
  const netAmount = l.totalAmount.plus(l.approvedDebits).minus(l.approvedCredits);
  const amountPaid = l.payments.minus(l.refunds);
  return { totalAmount: l.totalAmount, netAmount, amountPaid, amountDue: netAmount.minus(amountPaid) };
}

/** What a credit note may not exceed: netAmount minus the invoice's DRAFT credit notes. */
export function creditableBalance(netAmount: Money, pendingCredits: Money): Money {
  return netAmount.minus(pendingCredits);
}

/** A payment or refund amount: > 0, at most 2 decimals, within the column. */
export function positiveAmount(value: number): Money {
  const amount = Money.of(value);
  if (!amount.isPositive()) throw new ValidationError('amount must be a positive number', 'amount');
  if (amount.greaterThan(MAX_AMOUNT)) throw new RangeError(`Not an amount: ${amount.toString()}`);
  return amount;
}
