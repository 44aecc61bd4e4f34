import type { ProductRepository, ProductView } from '../../application/ports/inventory-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { DuplicateSku } from '../../domain/inventory/errors.js';
import type { Product } from '../../domain/inventory/product.js';
import { translateViolations } from './db-errors.js';
import { likePattern } from './like-pattern.js';
import { toProduct, toProductRow, toProductView, type ProductRow } from './product.mapper.js';
import { paginate } from './paginate.js';
import type { Db } from './db.js';

export class KnexProductRepository implements ProductRepository {
  constructor(private readonly db: Db) {}

  async add(p: Product): Promise<void> {
    await translateViolations(() => this.db('products').insert(toProductRow(p)), {
      products_tenant_sku_unique: () => new DuplicateSku(),
    });
  }

  async findById(tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<Product | null> {
    const q = this.db<ProductRow>('products').where({ tenant_id: tenantId, id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? toProduct(row) : null;
  }

  async save(p: Product): Promise<void> {
    const { name, price, updated_at } = toProductRow(p);
    await this.db('products').where({ tenant_id: p.tenantId, id: p.id }).update({ name, price, updated_at });
  }

  async list(tenantId: string, query: PageRequest & { search?: string }): Promise<Page<ProductView>> {
    const base = this.db('products as p').where('p.tenant_id', tenantId);
    if (query.search) {
      const pattern = likePattern(query.search);
      base.andWhere((w) => w.whereRaw('lower(p.name) LIKE ?', [pattern]).orWhereRaw('lower(p.sku) LIKE ?', [pattern]));
    }
    return paginate(
      base,
      query,
      (q) =>
        q
          .select('p.*')
          .select(
            this.db.raw(
              `COALESCE((SELECT sum(s.quantity) FROM stock_levels s WHERE s.tenant_id = p.tenant_id AND s.product_id = p.id), 0) AS current_stock`,
            ),
          )
          .orderBy([{ column: 'p.name' }, { column: 'p.id' }]),
      toProductView,
    );
  }

  async findExistingIds(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db<ProductRow>('products')
      .where({ tenant_id: tenantId })
      .whereIn('id', [...ids])
      .select('id');
    return new Set(rows.map((r) => r.id));
  }
}
