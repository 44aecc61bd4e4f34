import type { ProductRepository, ProductView } from '../../application/ports/inventory-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { DuplicateSku, DuplicateSlug } from '../../domain/inventory/errors.js';
import type { Product } from '../../domain/inventory/product.js';
import { translateViolations } from './db-errors.js';
import { likePattern } from './like-pattern.js';
import { toProduct, toProductRow, toProductView, type ProductRow } from './product.mapper.js';
import { paginate } from './paginate.js';
import type { Db } from './db.js';

/** The indexed search text (`products_search_trgm`): the expression must match the index's. */
const SEARCH_TEXT = `(lower(p.name) || chr(1) || lower(p.sku))`;

export class KnexProductRepository implements ProductRepository {
  constructor(private readonly db: Db) {}

  async add(p: Product): Promise<void> {
    await translateViolations(() => this.db('products').insert(toProductRow(p)), {
      products_tenant_sku_unique: () => new DuplicateSku(),
      products_tenant_slug_unique: () => new DuplicateSlug(),
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

  /**
   * One statement per page. The stock column and the tenant's product count are kept by
   * triggers (migration `i18_kept_totals`); a search matches `name` or `sku` through the one
   * trigram index over both (`chr(1)` never occurs in a term) and counts its matches exactly.
   */
  async list(tenantId: string, query: PageRequest & { search?: string }): Promise<Page<ProductView>> {
    const base = this.db('products as p').where('p.tenant_id', tenantId);
    if (query.search) base.andWhereRaw(`${SEARCH_TEXT} LIKE ?`, [likePattern(query.search)]);
    return paginate(
      base,
      query,
      (q) => q.select('p.*').orderBy([{ column: 'p.name' }, { column: 'p.id' }]),
      toProductView,
      query.search
        ? undefined
        : () =>
            this.db('product_counts')
              .where('tenant_id', tenantId)
              .select(this.db.raw('COALESCE(sum(total), 0) AS total')),
    );
  }

  async findSlugsLike(tenantId: string, base: string): Promise<Set<string>> {
    const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows: { slug: string }[] = await this.db('products')
      .where({ tenant_id: tenantId })
      .andWhere((w) => w.where('slug', base).orWhereRaw('slug LIKE ?', [`${escaped}-%`]))
      .select('slug');
    return new Set(rows.map((r) => r.slug));
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
