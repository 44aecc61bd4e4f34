import type { CustomerRepository } from '../../application/ports/billing-repositories.js';
import type { Customer } from '../../domain/billing/customer.js';
import type { Db } from './db.js';

interface CustomerRow {
  tenant_id: string;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  created_at: Date;
}

export class KnexCustomerRepository implements CustomerRepository {
  constructor(private readonly db: Db) {}

  async add(c: Customer): Promise<void> {
    await this.db('customers').insert({
      tenant_id: c.tenantId,
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      created_at: c.createdAt,
    });
  }

  async findById(tenantId: string, id: string): Promise<Customer | null> {
    const row = await this.db<CustomerRow>('customers').where({ tenant_id: tenantId, id }).first();
    return row
      ? {
          id: row.id,
          tenantId: row.tenant_id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          createdAt: row.created_at,
        }
      : null;
  }
}
