import type { ProductRepository, ProductView } from '../../application/ports/inventory-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { DuplicateSku, DuplicateSlug } from '../../domain/inventory/errors.js';
import type { Product } from '../../domain/inventory/product.js';
import { translateViolations } from './db-errors.js';
import { likePattern } from './like-pattern.js';
import { PRODUCT_VIEW_COLUMNS, toProduct, toProductRow, toProductView, type ProductRow } from './product.mapper.js';
import { paginate } from './paginate.js';
import type { Db } from './db.js';

/** The indexed search text (`products_search_trgm`): the expression must match the index's. */
const SEARCH_TEXT = `(lower(p.name) || chr(1) || lower(p.sku))`;

/**
 * The part of a search term the trigram index is asked for, when it is not the whole term: the
 * longest run of 3 or more letters and digits that holds a digit (`1234` of `sku-1234`).
 * PostgreSQL's GIN scan reads the whole posting tree of every trigram it is given, and codes
 * share their prefix's trigrams with the whole catalogue (`sku`: every product): at 1M products
 * that was 753 buffers and 7–13 ms for `sku-1234`, against 9 buffers and under 1 ms for `1234`.
 * The whole term still decides every row (`list` filters by both), so only the speed depends on
 * this choice. Words without digits keep the whole term, whose trigrams the index intersects.
 */
export function indexedFragment(term: string): string | null {
  const lowered = term.toLowerCase();
  const runs = (lowered.match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((run) => /\p{N}/u.test(run));
  const longest = runs.reduce<string | null>(
    (best, run) => (best === null || run.length > best.length ? run : best),
    null,
  );
  return longest === lowered ? null : longest;
}

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
   * triggers (migration `kept_totals`); a search matches `name` or `sku` through the one
   * trigram index over both (`chr(1)` never occurs in a term) and counts its matches exactly;
   * the index is asked for the term's `indexedFragment` when it has one. A page reads only the
   * columns a listed product shows (`PRODUCT_VIEW_COLUMNS`): no timestamps to parse per row.
   */
  async list(tenantId: string, query: PageRequest & { search?: string }): Promise<Page<ProductView>> {
    const base = this.db('products as p').where('p.tenant_id', tenantId);
    const fragment = query.search ? indexedFragment(query.search) : null;
    if (query.search) {
      if (fragment === null) base.andWhereRaw(`${SEARCH_TEXT} LIKE ?`, [likePattern(query.search)]);
      // `|| ''` keeps the whole term out of the index scan: it filters the fragment's matches.
      else
        base.andWhereRaw(`${SEARCH_TEXT} LIKE ? AND (${SEARCH_TEXT} || '') LIKE ?`, [
          likePattern(fragment),
          likePattern(query.search),
        ]);
    }
    return paginate(
      base,
      query,
      (q) => q.select(PRODUCT_VIEW_COLUMNS.map((c) => `p.${c}`)).orderBy([{ column: 'p.name' }, { column: 'p.id' }]),
      toProductView,
      query.search
        ? // A code's matches are few (its digits found them): count them in the page's own scan.
          { countInWindow: fragment !== null }
        : {
            // The plain list is the hottest read, and its text is always the same.
            prepared: true,
            keptTotal: () =>
              this.db('product_counts')
                .where('tenant_id', tenantId)
                .select(this.db.raw('COALESCE(sum(total), 0) AS total')),
          },
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
