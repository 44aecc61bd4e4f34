import { expect } from 'chai';
import {
  ADJUSTMENT_APPROVED,
  AdjustmentRequest,
  deltaOf,
  firstShortfall,
  type AdjustmentDraft,
} from '../../../src/domain/inventory/adjustment-request.js';
import { AdjustmentRequestNotPending } from '../../../src/domain/inventory/errors.js';
import { lowStockStatusOf } from '../../../src/domain/inventory/low-stock.js';
import { ledgerEntryFor } from '../../../src/domain/inventory/stock-ledger.js';
import { InvalidStateError, ValidationError } from '../../../src/domain/shared/errors.js';
import { Quantity } from '../../../src/domain/shared/quantity.js';

const T = '00000000-0000-4000-8000-000000000001';
const W = '00000000-0000-4000-8000-0000000000aa';
const P1 = '00000000-0000-4000-8000-0000000000b1';
const P2 = '00000000-0000-4000-8000-0000000000b2';
const t0 = new Date('2026-03-01T10:00:00Z');
const t1 = new Date('2026-03-02T10:00:00Z');

function draft(items: unknown[] = [{ productId: P1, quantity: 5, type: 'STOCK_IN' }]): AdjustmentDraft {
  return AdjustmentRequest.parse({ warehouseId: W, reason: '  Cycle count  ', items });
}

function pending(d = draft()) {
  return AdjustmentRequest.create(
    d,
    {
      id: 'r1',
      tenantId: T,
      number: 'ADJ-2026-000001',
      branchId: 'b1',
      fiscalYearId: 'fy1',
      integrationId: 'i1',
    },
    t0,
  );
}

function issues(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationError);
    return (err as ValidationError).details!.map((d) => d.issue);
  }
  expect.fail('expected a ValidationError');
}

describe('AdjustmentRequest', () => {
  describe('validation of a new request', () => {
    it('accepts a valid body, trims the reason and numbers the rows from 1', () => {
      const d = draft([
        { productId: P1, quantity: 1.5, type: 'STOCK_IN' },
        { productId: P2.toUpperCase(), quantity: 0.001, type: 'STOCK_OUT' },
      ]);
      expect(d.reason).to.equal('Cycle count');
      expect(d.items.map((i) => [i.row, i.productId, i.quantity.toString(), i.type])).to.deep.equal([
        [1, P1, '1.500', 'STOCK_IN'],
        [2, P2, '0.001', 'STOCK_OUT'],
      ]);
    });

    it('reports item problems as "Row N: ..." counted from 1, every one of them', () => {
      const found = issues(() =>
        draft([
          { productId: P1, quantity: 1, type: 'STOCK_IN' },
          { productId: P1, quantity: 0, type: 'STOCK_IN' },
          { productId: 'nope', quantity: 1.2345, type: 'MOVE' },
          { productId: P1, quantity: '3', type: 'STOCK_OUT' },
          'not an object',
          { productId: P1, quantity: 1_000_000_000.001, type: 'STOCK_IN' },
        ]),
      );
      expect(found).to.deep.equal([
        'Row 2: Items quantity must be a positive number',
        'Row 3: Items productId must be a UUID',
        'Row 3: Items quantity must have at most 3 decimal places',
        'Row 3: Items type must be one of the following values: STOCK_IN, STOCK_OUT',
        'Row 4: Items quantity must be a positive number',
        'Row 5: Items must be an object',
        'Row 6: Items quantity must not be greater than 1000000000',
      ]);
    });

    it('requires a warehouse UUID, a non-empty reason and 1 to 500 items', () => {
      expect(issues(() => AdjustmentRequest.parse({ warehouseId: 'x', reason: '   ', items: [] }))).to.deep.equal([
        'warehouseId must be a UUID',
        'reason should not be empty',
        'items must contain at least 1 item',
      ]);
      const item = { productId: P1, quantity: 1, type: 'STOCK_IN' };
      expect(
        issues(() => AdjustmentRequest.parse({ warehouseId: W, reason: 'r', items: Array(501).fill(item) })),
      ).to.deep.equal(['items must contain no more than 500 items']);
      expect(
        AdjustmentRequest.parse({ warehouseId: W, reason: 'r', items: Array(500).fill(item) }).items,
      ).to.have.length(500);
      expect(issues(() => AdjustmentRequest.parse({ warehouseId: W, reason: 'r', items: null }))).to.deep.equal([
        'items must be an array',
      ]);
      expect(
        issues(() => AdjustmentRequest.parse({ warehouseId: W, reason: 'x'.repeat(1001), items: [item] })),
      ).to.deep.equal(['reason must be shorter than or equal to 1000 characters']);
    });
  });

  it('starts PENDING with its number and records no event', () => {
    const r = pending();
    expect(r.status).to.equal('PENDING');
    expect(r.number).to.equal('ADJ-2026-000001');
    expect(r.snapshot()).to.include({ decidedBy: null, decidedAt: null, rejectionReason: null, integrationId: 'i1' });
    expect(r.pullEvents()).to.deep.equal([]);
  });

  it('approves once, recording inventory.adjustment.approved with the spec 2.10 payload', () => {
    const r = pending();
    r.approve('admin-api', t1);
    expect(r.status).to.equal('APPROVED');
    expect(r.decidedBy).to.equal('admin-api');
    expect(r.decidedAt).to.equal(t1);
    expect(r.pullEvents()).to.deep.equal([
      {
        name: ADJUSTMENT_APPROVED,
        tenantId: T,
        occurredAt: t1,
        payload: { id: 'r1', code: 'ADJ-2026-000001', branchId: 'b1', resource: 'STOCK_ADJUSTMENT', action: 'APPROVE' },
      },
    ]);
  });

  it('rejects with a trimmed reason, records no event, and refuses an empty reason', () => {
    const r = pending();
    expect(() => r.reject('  ', 'ops', t1)).to.throw(ValidationError, 'reason should not be empty');
    expect(r.status).to.equal('PENDING');
    r.reject(' Count was wrong ', 'ops', t1);
    expect(r.snapshot()).to.include({ status: 'REJECTED', rejectionReason: 'Count was wrong', decidedBy: 'ops' });
    expect(r.pullEvents()).to.deep.equal([]);
  });

  it('refuses every decision on a decided request with a 409 INVALID_STATE error, changing nothing', () => {
    for (const first of ['approve', 'reject'] as const) {
      const r = pending();
      if (first === 'approve') r.approve('a', t0);
      else r.reject('no', 'a', t0);
      r.pullEvents();
      const before = r.snapshot();
      for (const attempt of [() => r.approve('b', t1), () => r.reject('again', 'b', t1)]) {
        expect(attempt).to.throw(AdjustmentRequestNotPending, 'Stock adjustment request is not pending');
        try {
          attempt();
        } catch (err) {
          expect(err).to.be.instanceOf(InvalidStateError);
          expect(err).to.include({ kind: 'conflict', code: 'INVALID_STATE' });
        }
      }
      expect(r.snapshot()).to.deep.equal(before);
      expect(r.pullEvents()).to.deep.equal([]);
    }
  });

  it('is rebuilt from its stored state without events', () => {
    const r = pending();
    r.approve('a', t1);
    const restored = AdjustmentRequest.restore(r.snapshot());
    expect(restored.status).to.equal('APPROVED');
    expect(restored.pullEvents()).to.deep.equal([]);
    expect(() => restored.approve('a', t1)).to.throw(AdjustmentRequestNotPending);
  });

  describe('stock check at request time', () => {
    const onHand = new Map([[P1, Quantity.of(10)]]);
    const items = (rows: [string, number, 'STOCK_IN' | 'STOCK_OUT'][]) =>
      draft(rows.map(([productId, quantity, type]) => ({ productId, quantity, type }))).items;

    it('sums the STOCK_OUTs of one product in row order and names the first row that goes over', () => {
      expect(firstShortfall(items([[P1, 10, 'STOCK_OUT']]), onHand)).to.equal(null);
      expect(firstShortfall(items([[P1, 10.001, 'STOCK_OUT']]), onHand)).to.equal(1);
      expect(
        firstShortfall(
          items([
            [P1, 6, 'STOCK_OUT'],
            [P2, 1, 'STOCK_IN'],
            [P1, 4, 'STOCK_OUT'],
            [P1, 0.001, 'STOCK_OUT'],
          ]),
          onHand,
        ),
      ).to.equal(4);
    });

    it('treats a product without stock as 0 and does not count STOCK_IN of the same request', () => {
      expect(firstShortfall(items([[P2, 1, 'STOCK_OUT']]), onHand)).to.equal(1);
      expect(
        firstShortfall(
          items([
            [P2, 5, 'STOCK_IN'],
            [P2, 1, 'STOCK_OUT'],
          ]),
          onHand,
        ),
      ).to.equal(2);
    });
  });

  it('writes a ledger entry with the signed quantity only for an approved request', () => {
    const r = pending(
      draft([
        { productId: P1, quantity: 5, type: 'STOCK_IN' },
        { productId: P2, quantity: 2, type: 'STOCK_OUT' },
      ]),
    );
    expect(() => ledgerEntryFor('e1', r, r.items[0]!, Quantity.of(5))).to.throw();
    r.approve('ops', t1);
    expect(deltaOf(r.items[1]!).toString()).to.equal('-2.000');
    const e = ledgerEntryFor('e2', r, r.items[1]!, Quantity.of(3));
    expect(e).to.include({ productId: P2, adjustmentRequestId: 'r1', row: 2, approvedBy: 'ops', warehouseId: W });
    expect(e.quantity.toNumber()).to.equal(-2);
    expect(e.balanceAfter.toNumber()).to.equal(3);
    expect(e.createdAt).to.equal(t1);
  });
});

describe('low-stock status', () => {
  const q = Quantity.of;
  it('is OUT_OF_STOCK at or below 0, LOW_STOCK strictly between 0 and minStock, else none', () => {
    expect(lowStockStatusOf(q(0), q(5))).to.equal('OUT_OF_STOCK');
    expect(lowStockStatusOf(q(0), q(0))).to.equal('OUT_OF_STOCK');
    expect(lowStockStatusOf(q(0.001), q(5))).to.equal('LOW_STOCK');
    expect(lowStockStatusOf(q(4.999), q(5))).to.equal('LOW_STOCK');
    expect(lowStockStatusOf(q(5), q(5))).to.equal(null);
    expect(lowStockStatusOf(q(1), q(0))).to.equal(null);
  });
});
