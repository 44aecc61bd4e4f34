import { ValidationError } from '../shared/errors.js';
import { Money } from '../shared/money.js';
import { Quantity } from '../shared/quantity.js';
import { cleanText } from '../shared/text.js';

/** A catalogue product of one tenant. `sku` is unique per tenant. */
export class Product {
  private constructor(
    readonly id: string,
    readonly tenantId: string,
    private _name: string,
    readonly slug: string,
    readonly sku: string,
    private _price: Money,
    readonly minStock: Quantity,
    readonly createdAt: Date,
    private _updatedAt: Date,
  ) {}

  static create(
    id: string,
    tenantId: string,
    input: { name: unknown; sku: unknown; price: unknown; minStock?: unknown; slug?: unknown },
    now: Date,
  ): Product {
    const name = parseName(input.name);
    const sku = cleanText(input.sku, 64);
    if (sku === null) throw new ValidationError('sku must be a non-empty string of at most 64 characters', 'sku');
    const price = parsePrice(input.price);
    let minStock = Quantity.ZERO;
    if (input.minStock !== undefined && input.minStock !== null) {
      const q = Quantity.tryParse(input.minStock);
      if (!q || q.isNegative()) {
        throw new ValidationError('minStock must be a non-negative number with at most 3 decimals', 'minStock');
      }
      minStock = q;
    }
    let slug: string;
    if (input.slug !== undefined && input.slug !== null) {
      const s = cleanText(input.slug, 200);
      if (s === null || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s)) {
        throw new ValidationError('slug must be lowercase letters and digits separated by "-"', 'slug');
      }
      slug = s;
    } else {
      slug = slugify(name) || slugify(sku) || id;
    }
    return new Product(id, tenantId, name, slug, sku, price, minStock, now, now);
  }

  /** Rebuilds a stored product; no validation, no events. */
  static restore(s: {
    id: string;
    tenantId: string;
    name: string;
    slug: string;
    sku: string;
    price: Money;
    minStock: Quantity;
    createdAt: Date;
    updatedAt: Date;
  }): Product {
    return new Product(s.id, s.tenantId, s.name, s.slug, s.sku, s.price, s.minStock, s.createdAt, s.updatedAt);
  }

  get name(): string {
    return this._name;
  }

  get price(): Money {
    return this._price;
  }

  get updatedAt(): Date {
    return this._updatedAt;
  }

  /** Plain data for presentation and logs. */
  snapshot() {
    return {
      id: this.id,
      tenantId: this.tenantId,
      name: this._name,
      slug: this.slug,
      sku: this.sku,
      price: this._price.toNumber(),
      minStock: this.minStock.toNumber(),
      createdAt: this.createdAt.toISOString(),
      updatedAt: this._updatedAt.toISOString(),
    };
  }

  /** The external update of spec 4.1: `name` and/or `price`, at least one. */
  update(changes: { name?: unknown; price?: unknown }, now: Date): void {
    if (changes.name === undefined && changes.price === undefined) {
      throw new ValidationError('At least one of name or price must be given');
    }
    const name = changes.name === undefined ? this._name : parseName(changes.name);
    const price = changes.price === undefined ? this._price : parsePrice(changes.price);
    this._name = name;
    this._price = price;
    this._updatedAt = now;
  }
}

function parseName(value: unknown): string {
  const name = cleanText(value, 200);
  if (name === null) throw new ValidationError('name must be a non-empty string of at most 200 characters', 'name');
  return name;
}

function parsePrice(value: unknown): Money {
  const price = typeof value === 'number' ? Money.tryParse(value) : null;
  if (!price || !price.isPositive()) throw new ValidationError('price must be a positive number', 'price');
  return price;
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
