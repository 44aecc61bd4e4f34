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
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

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
}

/** A catalogue product of one tenant. `sku` is unique per tenant. */
export class Product {
  private constructor(private state: ProductState) {}

  /** Trims name and sku; the slug defaults to one made from the name (else the sku, else the id). */
  static create(id: string, tenantId: string, input: NewProduct, now: Date): Product {
    const name = input.name.trim();
    const sku = input.sku.trim();
    return new Product({
      id,
      tenantId,
      name,
      sku,
      slug: input.slug ?? (slugify(name) || slugify(sku) || id),
      price: Money.of(input.price),
      minStock: Quantity.of(input.minStock ?? 0),
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Rebuilds a stored product; no validation, no events. */
  static restore(state: ProductState): Product {
    return new Product({ ...state });
  }

  get id(): string {
    return this.state.id;
  }
  get tenantId(): string {
    return this.state.tenantId;
  }
  get name(): string {
    return this.state.name;
  }
  get slug(): string {
    return this.state.slug;
  }
  get sku(): string {
    return this.state.sku;
  }
  get price(): Money {
    return this.state.price;
  }
  get minStock(): Quantity {
    return this.state.minStock;
  }
  get createdAt(): Date {
    return this.state.createdAt;
  }
  get updatedAt(): Date {
    return this.state.updatedAt;
  }

  /** A copy of the stored state (for mappers and presenters). */
  snapshot(): ProductState {
    return { ...this.state };
  }

  /** The external update of spec 4.1: `name` and/or `price` (the edge requires at least one). */
  update(changes: { name?: string; price?: number }, now: Date): void {
    this.state = {
      ...this.state,
      name: changes.name === undefined ? this.state.name : changes.name.trim(),
      price: changes.price === undefined ? this.state.price : Money.of(changes.price),
      updatedAt: now,
    };
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
