import type { InvoicePricing } from '../../src/domain/billing/invoice-line.js';
import { TaxRate } from '../../src/domain/shared/tax-rate.js';

/**
 * What a test invoice is priced with: each product's rate (as the products table would give it)
 * and the tenant's mode, net unless `pricesIncludeTax`.
 */
export function pricingOf(rates: Record<string, number | string>, pricesIncludeTax = false): InvoicePricing {
  return {
    pricesIncludeTax,
    productTaxRates: new Map(Object.entries(rates).map(([id, rate]) => [id, TaxRate.of(rate)])),
  };
}
