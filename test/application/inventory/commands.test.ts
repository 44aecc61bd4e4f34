import { expect } from 'chai';
import {
  CreateProductBody,
  ListAdjustmentsQuery,
  ListProductsQuery,
  RejectAdjustmentBody,
  RequestAdjustmentBody,
  UpdateProductBody,
} from '../../../src/application/inventory/commands.js';
import { bodyValidator, queryValidator } from '../../../src/adapters/shared/validation.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';

const W = '00000000-0000-4000-8000-0000000000aa';
const P = '00000000-0000-4000-8000-0000000000b1';

function issues(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationError);
    return (err as ValidationError).details!.map((d) => d.issue);
  }
  expect.fail('expected a ValidationError');
}

/** The one declaration of each inventory input, compiled as the routes and the CLI compile it. */
describe('inventory commands (TypeBox schemas compiled by ajv)', () => {
  const adjust = bodyValidator(RequestAdjustmentBody);

  it('accepts a valid adjustment request and types it', () => {
    const body = { warehouseId: W, reason: 'Count', items: [{ productId: P, quantity: 1.5, type: 'STOCK_IN' }] };
    const command = adjust(body);
    expect(command.items[0]!.type).to.equal('STOCK_IN');
  });

  it('reports every item problem as "Row N: ..." counted from 1', () => {
    const found = issues(() =>
      adjust({
        warehouseId: W,
        reason: 'r',
        items: [
          { productId: P, quantity: 1, type: 'STOCK_IN' },
          { productId: P, quantity: 0, type: 'STOCK_IN' },
          { productId: 'nope', quantity: 1.2345, type: 'MOVE' },
          { productId: P, quantity: '3', type: 'STOCK_OUT' },
          'not an object',
          { productId: P, quantity: 1_000_000_000.001, type: 'STOCK_IN' },
        ],
      }),
    );
    expect(found).to.have.members([
      'Row 2: Items quantity must be a positive number',
      'Row 3: Items productId must be a UUID',
      'Row 3: Items quantity must have at most 3 decimal places',
      'Row 3: Items type must be one of the following values: STOCK_IN, STOCK_OUT',
      'Row 4: Items quantity must be a positive number',
      'Row 5: Items must be an object',
      'Row 6: Items quantity must not be greater than 1000000000',
    ]);
  });

  it('requires a warehouse UUID, a reason that is not blank and 1 to 500 items', () => {
    const item = { productId: P, quantity: 1, type: 'STOCK_IN' };
    expect(issues(() => adjust({ warehouseId: 'x', reason: '   ', items: [] }))).to.deep.equal([
      'warehouseId must be a UUID',
      'reason should not be empty',
      'items must contain at least 1 item',
    ]);
    expect(issues(() => adjust({ warehouseId: W, reason: '', items: [item] }))).to.deep.equal([
      'reason should not be empty',
    ]);
    expect(issues(() => adjust({ warehouseId: W, reason: 'r', items: Array(501).fill(item) }))).to.deep.equal([
      'items must contain no more than 500 items',
    ]);
    expect(adjust({ warehouseId: W, reason: 'r', items: Array(500).fill(item) }).items).to.have.length(500);
    expect(issues(() => adjust({ warehouseId: W, reason: 'r', items: null }))).to.deep.equal([
      'items must be an array',
    ]);
    expect(issues(() => adjust({ warehouseId: W, reason: 'x'.repeat(1001), items: [item] }))).to.deep.equal([
      'reason must be shorter than or equal to 1000 characters',
    ]);
  });

  it('refuses a blank rejection reason', () => {
    const reject = bodyValidator(RejectAdjustmentBody);
    expect(issues(() => reject({ reason: '  ' }))).to.deep.equal(['reason should not be empty']);
    expect(issues(() => reject({}))).to.deep.equal(['reason is required']);
    expect(reject({ reason: 'Duplicate' }).reason).to.equal('Duplicate');
  });

  it('checks the list queries with the spec messages, coercing and defaulting', () => {
    const adjustments = queryValidator(ListAdjustmentsQuery);
    expect(issues(() => adjustments({ status: 'DONE' }))).to.deep.equal([
      'status must be one of the following values: PENDING, APPROVED, REJECTED',
    ]);
    expect(adjustments({ status: 'PENDING', page: '2' })).to.deep.equal({ status: 'PENDING', page: 2, limit: 10 });
    const products = queryValidator(ListProductsQuery);
    expect(issues(() => products({ limit: '101' }))).to.deep.equal(['limit must not be greater than 100']);
    expect(products({ search: 'mug' })).to.deep.equal({ search: 'mug', page: 1, limit: 10 });
  });

  it('checks product updates and creations', () => {
    const update = bodyValidator(UpdateProductBody);
    for (const price of [0, -1, '5', 1.234, null]) {
      expect(
        issues(() => update({ price })),
        String(price),
      ).to.deep.equal(['price must be a positive number with at most 2 decimals']);
    }
    expect(issues(() => update({}))).to.deep.equal(['At least one of name or price must be given']);
    expect(issues(() => update({ name: '  ' }))).to.deep.equal(['name should not be empty']);
    const create = bodyValidator(CreateProductBody);
    expect(issues(() => create({ name: 'a', sku: 'b', price: 1, minStock: -1 }))).to.deep.equal([
      'minStock must not be less than 0',
    ]);
    expect(issues(() => create({ name: 'a', sku: ' ', price: 1, slug: 'Not A Slug' }))).to.deep.equal([
      'sku should not be empty',
      'slug must be lowercase letters and digits separated by "-"',
    ]);
  });
});
