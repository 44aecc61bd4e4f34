import { Money } from '../shared/money.js';
import type { TaxRate } from '../shared/tax-rate.js';

/**
 * The tax arithmetic of invoices and notes, once. Every amount is exact and each computed one is
 * rounded half-up to cents (`Money.roundedFrom`); no binary float takes part.
 */

/** A tenant prices net (tax added on top of its prices, the default) or gross (prices include the tax). */
export interface PricingMode {
  readonly pricesIncludeTax: boolean;
}

/** What an amount is made of: without tax, the tax, and the two together. */
export interface TaxedAmount {
  readonly taxRate: TaxRate;
  readonly untaxedAmount: Money;
  readonly taxAmount: Money;
  readonly grossAmount: Money;
}

/**
 * The tax of a line whose priced amount (quantity × unit price, already rounded) is `priced`.
 * Net pricing: untaxed = priced, tax = untaxed × rate / 100, gross = untaxed + tax.
 * Gross pricing: gross = priced, untaxed = gross / (1 + rate / 100), tax = gross − untaxed.
 * So untaxed + tax = gross always, to the cent.
 */
export function taxLine(priced: Money, taxRate: TaxRate, mode: PricingMode): TaxedAmount {
  if (mode.pricesIncludeTax) {
    const untaxedAmount = Money.roundedFrom(priced.toDecimal().dividedBy(taxRate.fraction().plus(1)));
    return { taxRate, untaxedAmount, taxAmount: priced.minus(untaxedAmount), grossAmount: priced };
  }
  const taxAmount = Money.roundedFrom(priced.toDecimal().times(taxRate.fraction()));
  return { taxRate, untaxedAmount: priced, taxAmount, grossAmount: priced.plus(taxAmount) };
}

/** An invoice's totals: subtotal = Σ untaxed, taxAmount = Σ tax, totalAmount = Σ gross (what is paid). */
export interface InvoiceTotals {
  subtotal: Money;
  taxAmount: Money;
  totalAmount: Money;
}

export function invoiceTotals(lines: readonly TaxedAmount[]): InvoiceTotals {
  return {
    subtotal: Money.sum(lines.map((l) => l.untaxedAmount)),
    taxAmount: Money.sum(lines.map((l) => l.taxAmount)),
    totalAmount: Money.sum(lines.map((l) => l.grossAmount)),
  };
}

/** One rate of an invoice: the sums of its lines at that rate. */
export interface TaxBreakdownEntry {
  readonly taxRate: TaxRate;
  readonly untaxedAmount: Money;
  readonly taxAmount: Money;
}

/** One entry per rate the lines use, by rate ascending; the entries sum to the invoice's subtotal and tax. */
export function taxBreakdown(lines: readonly TaxedAmount[]): TaxBreakdownEntry[] {
  const byRate = new Map<string, TaxBreakdownEntry>();
  for (const line of lines) {
    const key = line.taxRate.toString();
    const entry = byRate.get(key);
    byRate.set(key, {
      taxRate: line.taxRate,
      untaxedAmount: (entry?.untaxedAmount ?? Money.ZERO).plus(line.untaxedAmount),
      taxAmount: (entry?.taxAmount ?? Money.ZERO).plus(line.taxAmount),
    });
  }
  return [...byRate.values()].sort((a, b) => a.taxRate.compare(b.taxRate));
}

/** What a credit or debit note's (gross) amount is made of. */
export interface NoteTax {
  readonly untaxedAmount: Money;
  readonly taxAmount: Money;
}

/**
 * A note's amount carries the invoice's share of tax: taxAmount = amount × invoice tax / invoice
 * total, rounded half-up to cents (0 when the invoice's total is 0); untaxedAmount = amount − taxAmount.
 */
export function noteTax(amount: Money, invoice: Pick<InvoiceTotals, 'taxAmount' | 'totalAmount'>): NoteTax {
  const taxAmount = invoice.totalAmount.isZero()
    ? Money.ZERO
    : Money.roundedFrom(
        amount.toDecimal().times(invoice.taxAmount.toDecimal()).dividedBy(invoice.totalAmount.toDecimal()),
      );
  return { taxAmount, untaxedAmount: amount.minus(taxAmount) };
}
