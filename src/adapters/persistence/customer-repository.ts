import type { CustomerListQuery, CustomerRepository } from '../../application/ports/billing-repositories.js';
import type { Page } from '../../application/ports/pagination.js';
import type { Customer } from '../../domain/billing/customer.js';
import { likePattern } from './like-pattern.js';
import { paginate } from './paginate.js';
import type { Db } from './db.js';

interface CustomerRow {
  tenant_id: string;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  tax_id: string | null;
  address: string | null;
  created_at: Date;
}

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    taxId: row.tax_id,
    address: row.address,
    createdAt: row.created_at,
  };
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
      tax_id: c.taxId,
      address: c.address,
      created_at: c.createdAt,
    });
  }

  async findById(tenantId: string, id: string): Promise<Customer | null> {
    const row = await this.db<CustomerRow>('customers').where({ tenant_id: tenantId, id }).first();
    return row ? toCustomer(row) : null;
  }

  /** `search`: a case-insensitive substring of the name, the email or the phone. */
  async list(tenantId: string, query: CustomerListQuery): Promise<Page<Customer>> {
    const base = this.db('customers as c').where('c.tenant_id', tenantId);
    if (query.search) {
      const pattern = likePattern(query.search);
      base.andWhere((w) =>
        w
          .whereRaw('lower(c.name) LIKE ?', [pattern])
          .orWhereRaw('lower(c.email) LIKE ?', [pattern])
          .orWhereRaw('lower(c.phone) LIKE ?', [pattern]),
      );
    }
    return paginate(
      base,
      query,
      (q) => q.select('c.*').orderBy([{ column: 'c.name' }, { column: 'c.id' }]),
      toCustomer,
    );
  }
}
