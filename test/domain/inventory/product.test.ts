import { expect } from 'chai';
import { Product } from '../../../src/domain/inventory/product.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

const T = '00000000-0000-4000-8000-000000000001';
const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-02T00:00:00Z');

function product() {
  return Product.create('p1', T, { name: 'Crème Brûlée Set', sku: 'CB-1', price: 12.5 }, t0);
}

describe('Product', () => {
  it('derives a slug from the name, accents folded', () => {
    expect(product().slug).to.equal('creme-brulee-set');
  });

  it('defaults minStock to 0 and keeps the price exact', () => {
    const p = product();
    expect(p.minStock.toNumber()).to.equal(0);
    expect(p.price.toString()).to.equal('12.50');
  });

  it('updates name and price and stamps the time', () => {
    const p = product();
    p.update({ price: 13 }, t1);
    expect(p.price.toNumber()).to.equal(13);
    expect(p.name).to.equal('Crème Brûlée Set');
    expect(p.updatedAt).to.equal(t1);
    p.update({ name: 'Set' }, t1);
    expect(p.name).to.equal('Set');
  });

  it('refuses a price that is not positive with the spec message', () => {
    for (const price of [0, -1, '5', 1.234, null]) {
      expect(() => product().update({ price }, t1), String(price)).to.throw(
        ValidationError,
        'price must be a positive number',
      );
    }
  });

  it('refuses an update that changes nothing', () => {
    expect(() => product().update({}, t1)).to.throw(ValidationError, 'At least one of name or price must be given');
  });

  it('refuses a negative minStock', () => {
    expect(() => Product.create('p', T, { name: 'a', sku: 'b', price: 1, minStock: -1 }, t0)).to.throw(ValidationError);
  });
});
