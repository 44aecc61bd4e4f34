import { expect } from 'chai';
import { Product } from '../../../src/domain/inventory/product.js';

const T = '00000000-0000-4000-8000-000000000001';
const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-02T00:00:00Z');

function product() {
  return Product.create('p1', T, { name: ' Crème Brûlée Set ', sku: ' CB-1 ', price: 12.5 }, t0);
}

describe('Product', () => {
  it('derives a slug from the name, accents folded; trims name and sku', () => {
    const p = product();
    expect(p.slug).to.equal('creme-brulee-set');
    expect([p.name, p.sku]).to.deep.equal(['Crème Brûlée Set', 'CB-1']);
  });

  it('falls back to a slug from the SKU, then the id, and keeps a given slug', () => {
    expect(Product.create('p', T, { name: '***', sku: 'AB 1', price: 1 }, t0).slug).to.equal('ab-1');
    expect(Product.create('p9', T, { name: '***', sku: '#', price: 1 }, t0).slug).to.equal('p9');
    expect(Product.create('p', T, { name: 'Mug', sku: 'M', price: 1, slug: 'big-mug' }, t0).slug).to.equal('big-mug');
  });

  it('defaults minStock to 0 and keeps the price exact', () => {
    const p = product();
    expect(p.minStock.toString()).to.equal('0.000');
    expect(p.price.toString()).to.equal('12.50');
    expect(p.createdAt).to.equal(t0);
  });

  it('updates name and price and stamps the time', () => {
    const p = product();
    p.update({ price: 13 }, t1);
    expect(p.price.toNumber()).to.equal(13);
    expect(p.name).to.equal('Crème Brûlée Set');
    expect(p.updatedAt).to.equal(t1);
    p.update({ name: ' Set ' }, t1);
    expect(p.name).to.equal('Set');
    expect(p.createdAt).to.equal(t0);
  });

  it('refuses a price or minStock that is not a Money or Quantity (the edge lets none through)', () => {
    expect(() => product().update({ price: 1.234 }, t1)).to.throw(RangeError);
    expect(() => Product.create('p', T, { name: 'a', sku: 'b', price: 1, minStock: 0.0001 }, t0)).to.throw(RangeError);
  });
});
