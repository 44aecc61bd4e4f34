import { expect } from 'chai';
import {
  ADJUSTMENT_APPROVED,
  AdjustmentRequest,
  deltaOf,
  firstShortfall,
  itemsOf,
  type AdjustmentDraft,
  type AdjustmentLine,
} from '../../../src/domain/inventory/adjustment-request.js';
import { AdjustmentRequestNotPending } from '../../../src/domain/inventory/errors.js';
import { ledgerEntryFor } from '../../../src/domain/inventory/stock-ledger.js';
import { InvalidStateError } from '../../../src/domain/shared/errors.js';
import { Quantity } from '../../../src/domain/shared/quantity.js';

const T = '00000000-0000-4000-8000-000000000001';
const W = '00000000-0000-4000-8000-0000000000aa';
const P1 = '00000000-0000-4000-8000-0000000000b1';
const P2 = '00000000-0000-4000-8000-0000000000b2';
const t0 = new Date('2026-03-01T10:00:00Z');
const t1 = new Date('2026-03-02T10:00:00Z');

function draft(items: AdjustmentLine[] = [{ productId: P1, quantity: 5, type: 'STOCK_IN' }]): AdjustmentDraft {
  return { warehouseId: W, reason: '  Cycle count  ', items };
}

function pending(d = draft()) {
  const request = AdjustmentRequest.create(
    d,
    { id: 'r1', tenantId: T, branchId: 'b1', fiscalYearId: 'fy1', integrationId: 'i1' },
    t0,
  );
  // The store numbers a new request in the statement that stores it.
  request.numbered('ADJ-2026-000001');
  return request;
}

describe('AdjustmentRequest', () => {
  it('trims the reason and numbers the rows from 1 in the order sent', () => {
    const r = pending(
      draft([
        { productId: P1, quantity: 1.5, type: 'STOCK_IN' },
        { productId: P2, quantity: 0.001, type: 'STOCK_OUT' },
      ]),
    );
    expect(r.reason).to.equal('Cycle count');
    expect(r.warehouseId).to.equal(W);
    expect(r.items.map((i) => [i.row, i.productId, i.quantity.toString(), i.type])).to.deep.equal([
      [1, P1, '1.500', 'STOCK_IN'],
      [2, P2, '0.001', 'STOCK_OUT'],
    ]);
  });

  it('refuses a quantity that is not a Quantity (the edge lets none through)', () => {
    expect(() => itemsOf([{ productId: P1, quantity: 1.0005, type: 'STOCK_IN' }])).to.throw(RangeError);
  });

  it('starts PENDING with its number and records no event', () => {
    const r = pending();
    expect(r.status).to.equal('PENDING');
    expect(r.number).to.equal('ADJ-2026-000001');
    expect(r.state()).to.include({ decidedBy: null, decidedAt: null, rejectionReason: null, integrationId: 'i1' });
    expect(r.pullEvents()).to.deep.equal([]);
  });

  it('approves once, recording inventory.adjustment.approved with the spec 2.10 payload', () => {
    const r = pending();
    r.approve('admin-api', t1);
    expect(r.status).to.equal('APPROVED');
    expect(r.decision).to.equal('APPROVE');
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

  it('rejects with a trimmed reason and records no event', () => {
    const r = pending();
    expect(r.decision).to.equal(null);
    r.reject(' Count was wrong ', 'ops', t1);
    expect(r.decision).to.equal('REJECT');
    expect(r.state()).to.include({ status: 'REJECTED', rejectionReason: 'Count was wrong', decidedBy: 'ops' });
    expect(r.pullEvents()).to.deep.equal([]);
  });

  it('refuses every decision on a decided request with a 409 INVALID_STATE error, changing nothing', () => {
    for (const first of ['approve', 'reject'] as const) {
      const r = pending();
      if (first === 'approve') r.approve('a', t0);
      else r.reject('no', 'a', t0);
      r.pullEvents();
      const before = r.state();
      for (const attempt of [() => r.approve('b', t1), () => r.reject('again', 'b', t1)]) {
        expect(attempt).to.throw(AdjustmentRequestNotPending, 'Stock adjustment request is not pending');
        try {
          attempt();
        } catch (err) {
          expect(err).to.be.instanceOf(InvalidStateError);
          expect(err).to.include({ kind: 'conflict', code: 'INVALID_STATE' });
        }
      }
      expect(r.state()).to.deep.equal(before);
      expect(r.pullEvents()).to.deep.equal([]);
    }
  });

  it('is rebuilt from its stored state without events', () => {
    const r = pending();
    r.approve('a', t1);
    const restored = AdjustmentRequest.restore(r.state());
    expect(restored.status).to.equal('APPROVED');
    expect(restored.pullEvents()).to.deep.equal([]);
    expect(() => restored.approve('a', t1)).to.throw(AdjustmentRequestNotPending);
  });

  describe('stock check at request time', () => {
    const onHand = new Map([[P1, Quantity.of(10)]]);
    const items = (rows: [string, number, 'STOCK_IN' | 'STOCK_OUT'][]) =>
      itemsOf(rows.map(([productId, quantity, type]) => ({ productId, quantity, type })));

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
