import type { Customer } from '../../domain/billing/customer.js';

export interface CustomerRepository {
  insert(customer: Customer): Promise<void>;
  findById(tenantId: string, id: string): Promise<Customer | null>;
}
