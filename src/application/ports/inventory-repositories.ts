import type { Product } from '../../domain/inventory/product.js';
import type { Page, PageRequest } from './pagination.js';

/** What product lists show (spec 2.2 plus CONTRACT §3's currentStock and minStock). */
export interface ProductView {
  id: string;
  name: string;
  slug: string;
  price: number;
  sku: string;
  currentStock: number;
  minStock: number;
}

export interface ProductRepository {
  /** Throws DuplicateSku when the SKU is taken in the tenant. */
  insert(product: Product): Promise<void>;
  findById(tenantId: string, id: string, options?: { forUpdate?: boolean }): Promise<Product | null>;
  update(product: Product): Promise<void>;
  /** Which of `ids` are products of the tenant (one query, for documents with many lines). */
  existingIds(tenantId: string, ids: readonly string[]): Promise<Set<string>>;
  list(tenantId: string, query: PageRequest & { search?: string }): Promise<Page<ProductView>>;
}
