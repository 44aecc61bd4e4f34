import type { Customer } from '../../domain/billing/customer.js';
import type { Product } from '../../domain/inventory/product.js';

/** Aggregates → response objects. Money and quantities serialise as exact JSON numbers. */
export function presentProduct(p: Product) {
  const { tenantId: _tenant, ...fields } = p.snapshot();
  return fields;
}

export function presentCustomer(c: Customer) {
  return { id: c.id, name: c.name, email: c.email, phone: c.phone, createdAt: c.createdAt.toISOString() };
}
