import type { ProductView } from '../../application/ports/inventory-repositories.js';
import { Product } from '../../domain/inventory/product.js';
import { Money } from '../../domain/shared/money.js';
import { Quantity } from '../../domain/shared/quantity.js';

export interface ProductRow {
  tenant_id: string;
  id: string;
  name: string;
  slug: string;
  sku: string;
  price: string;
  min_stock: string;
  unit: string;
  tax_rate: string;
  barcode: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toProduct(row: ProductRow): Product {
  return Product.restore({
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    price: Money.of(row.price),
    minStock: Quantity.of(row.min_stock),
    unit: row.unit,
    taxRate: Money.of(row.tax_rate),
    barcode: row.barcode,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

export function toProductRow(p: Product): ProductRow {
  return {
    tenant_id: p.tenantId,
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    price: p.price.toString(),
    min_stock: p.minStock.toString(),
    unit: p.unit,
    tax_rate: p.taxRate.toString(),
    barcode: p.barcode,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** The columns a listed product is read from: what `toProductView` maps, nothing more. */
export const PRODUCT_VIEW_COLUMNS = ['id', 'name', 'slug', 'price', 'sku', 'current_stock', 'min_stock'] as const;

type ProductViewRow = Pick<ProductRow & { current_stock: string }, (typeof PRODUCT_VIEW_COLUMNS)[number]>;

export function toProductView(row: ProductViewRow): ProductView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    price: Number(row.price),
    sku: row.sku,
    currentStock: Number(row.current_stock),
    minStock: Number(row.min_stock),
  };
}
