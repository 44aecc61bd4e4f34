import type { Customer } from '../../domain/billing/customer.js';
import type { Product } from '../../domain/inventory/product.js';

/** Aggregates → response objects. Money and quantities serialise as exact JSON numbers. */
export function presentProduct(p: Product) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    price: p.price.toNumber(),
    sku: p.sku,
    minStock: p.minStock.toNumber(),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function presentCustomer(c: Customer) {
  return { id: c.id, name: c.name, email: c.email, phone: c.phone, createdAt: c.createdAt.toISOString() };
}
