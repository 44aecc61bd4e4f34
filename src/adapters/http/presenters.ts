import type { Customer } from '../../domain/billing/customer.js';

/** Aggregates → response objects. Money and quantities serialise as exact JSON numbers. */
export function presentCustomer(c: Customer) {
  return { id: c.id, name: c.name, email: c.email, phone: c.phone, createdAt: c.createdAt.toISOString() };
}
