import { Money } from '../shared/money.js';
import { Quantity } from '../shared/quantity.js';

/** Everything stored about a product; `restore` rebuilds the aggregate from it. */
export interface ProductState {
  readonly id: string;
  readonly tenantId: string;
  readonly name: string;
  readonly slug: string;
  readonly sku: string;
  readonly price: Money;
  readonly minStock: Quantity;
  /** The unit the quantities count (1..16 characters, default `pcs`). */
  readonly unit: string;
  /** A percentage 0..100 with at most 2 decimals (default 0). */
  readonly taxRate: Money;
  readonly barcode: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const DEFAULT_UNIT = 'pcs';
export const MAX_UNIT_LENGTH = 16;
export const MAX_BARCODE_LENGTH = 64;
/** The rule of a product's price, worded once: the create and the update schemas answer with it. */
export const PRICE_RULE = 'price must be a positive number with at most 2 decimals';

/**
 * A new product as the back office sends it, already checked at the edge
 * (src/application/inventory/commands.ts): name and sku not blank, price > 0 with at most 2
 * decimals, minStock >= 0 with at most 3, slug in kebab case.
 */
export interface NewProduct {
  readonly name: string;
  readonly sku: string;
  readonly price: number;
  readonly minStock?: number;
  readonly slug?: string;
  readonly unit?: string;
  readonly taxRate?: number;
  readonly barcode?: string;
}

/** A catalogue product of one tenant. `sku` is unique per tenant. */
export class Product {
  private constructor(private s: ProductState) {}

  /**
   * Trims name, sku, unit and barcode; the slug is the one given, else `derivedSlug` (the use
   * case makes it unique in the tenant from `baseSlugOf`).
   */
  static create(id: string, tenantId: string, input: NewProduct, now: Date, derivedSlug?: string): Product {
    const name = input.name.trim();
    const sku = input.sku.trim();
    return new Product({
      id,
      tenantId,
      name,
      sku,
      slug: input.slug ?? derivedSlug ?? baseSlugOf(input, id),
      price: Money.of(input.price),
      minStock: Quantity.of(input.minStock ?? 0),
      unit: input.unit?.trim() || DEFAULT_UNIT,
      taxRate: Money.of(input.taxRate ?? 0),
      barcode: input.barcode?.trim() || null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Rebuilds a stored product; no validation, no events. */
  static restore(state: ProductState): Product {
    return new Product({ ...state });
  }

  get id(): string {
    return this.s.id;
  }
  get tenantId(): string {
    return this.s.tenantId;
  }
  get name(): string {
    return this.s.name;
  }
  get slug(): string {
    return this.s.slug;
  }
  get sku(): string {
    return this.s.sku;
  }
  get price(): Money {
    return this.s.price;
  }
  get minStock(): Quantity {
    return this.s.minStock;
  }
  get unit(): string {
    return this.s.unit;
  }
  get taxRate(): Money {
    return this.s.taxRate;
  }
  get barcode(): string | null {
    return this.s.barcode;
  }
  get createdAt(): Date {
    return this.s.createdAt;
  }
  get updatedAt(): Date {
    return this.s.updatedAt;
  }

  /** The stored form (for mappers and presenters). */
  state(): Readonly<ProductState> {
    return this.s;
  }

  /** The external update of spec 4.1: `name` and/or `price` (the edge requires at least one). */
  update(changes: { name?: string; price?: number }, now: Date): void {
    this.s = {
      ...this.s,
      name: changes.name === undefined ? this.s.name : changes.name.trim(),
      price: changes.price === undefined ? this.s.price : Money.of(changes.price),
      updatedAt: now,
    };
  }
}

/** The slug a product without one would get: from the name, else the sku, else the id. */
export function baseSlugOf(input: Pick<NewProduct, 'name' | 'sku'>, id: string): string {
  return slugify(input.name.trim()) || slugify(input.sku.trim()) || id;
}

/**
 * The first of `base`, `base-2`, `base-3`, ... not in `taken` (the tenant's slugs that start
 * with `base`): a derived slug is unique per tenant.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 200 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}
