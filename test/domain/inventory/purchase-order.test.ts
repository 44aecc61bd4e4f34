import { expect } from 'chai';
import {
  ProductNotOnPurchaseOrder,
  PurchaseOrderInvalidState,
  QuantityExceedsOutstanding,
} from '../../../src/domain/inventory/errors.js';
import { PurchaseOrder } from '../../../src/domain/inventory/purchase-order.js';
import {
  nextPurchaseOrderStatus,
  PURCHASE_ORDER_EVENTS,
  PURCHASE_ORDER_STATUSES,
  purchaseOrderMachine,
  purchaseOrderStatusesAccepting,
  type PurchaseOrderEventType,
  type PurchaseOrderStatus,
} from '../../../src/domain/inventory/purchase-order.machine.js';
import { stockLinesOf } from '../../../src/domain/inventory/stock-lines.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const P3 = '33333333-3333-4333-8333-333333333333';

function order(): PurchaseOrder {
  return PurchaseOrder.create(
    {
      id: 'po1',
      tenantId: 't1',
      number: 'PO-2026-000001',
      warehouseId: 'w1',
      branchId: 'b1',
      fiscalYearId: 'y1',
      integrationId: null,
      expectedOn: '2026-05-10',
    },
    {
      supplierName: ' Acme Supplies ',
      items: [
        { productId: P1, quantity: 10, unitCost: 2.5 },
        { productId: P2, quantity: 1.5, unitCost: 0 },
      ],
    },
    NOW,
  );
}

const receive = (po: PurchaseOrder, items: { productId: string; quantity: number; unitCost?: number }[]) =>
  po.receive(
    stockLinesOf(items).map((l, i) => ({ ...l, unitCost: items[i]!.unitCost })),
    NOW,
  );

describe('purchase order machine (pure transitions)', () => {
  const table: [PurchaseOrderStatus, PurchaseOrderEventType, PurchaseOrderStatus | null][] = [
    ['OPEN', 'RECEIVE_PART', 'PARTIALLY_RECEIVED'],
    ['OPEN', 'RECEIVE_REST', 'RECEIVED'],
    ['OPEN', 'CANCEL', 'CANCELLED'],
    ['PARTIALLY_RECEIVED', 'RECEIVE_PART', 'PARTIALLY_RECEIVED'],
    ['PARTIALLY_RECEIVED', 'RECEIVE_REST', 'RECEIVED'],
    ['PARTIALLY_RECEIVED', 'CANCEL', 'CANCELLED'],
    ['RECEIVED', 'RECEIVE_PART', null],
    ['RECEIVED', 'RECEIVE_REST', null],
    ['RECEIVED', 'CANCEL', null],
    ['CANCELLED', 'RECEIVE_PART', null],
    ['CANCELLED', 'RECEIVE_REST', null],
    ['CANCELLED', 'CANCEL', null],
  ];
  for (const [from, event, to] of table) {
    it(`${from} --${event}--> ${to ?? 'refused'}`, () => {
      expect(nextPurchaseOrderStatus(from, event)).to.equal(to);
    });
  }

  it('covers every status × event pair; the SQL from-states come from it', () => {
    expect(Object.keys(purchaseOrderMachine.config.states ?? {})).to.have.members([...PURCHASE_ORDER_STATUSES]);
    const every = PURCHASE_ORDER_STATUSES.flatMap((s) => PURCHASE_ORDER_EVENTS.map((e) => `${s}/${e}`));
    expect(table.map(([from, event]) => `${from}/${event}`)).to.have.members(every);
    for (const event of PURCHASE_ORDER_EVENTS) {
      const expected = table.filter(([, e, to]) => e === event && to !== null).map(([from]) => from);
      expect(purchaseOrderStatusesAccepting(event)).to.deep.equal(expected);
    }
  });
});

describe('PurchaseOrder aggregate', () => {
  it('starts OPEN with nothing received, the supplier trimmed', () => {
    const po = order();
    expect(po.status).to.equal('OPEN');
    expect(po.state().supplierName).to.equal('Acme Supplies');
    expect(po.items.map((i) => i.receivedQuantity.toNumber())).to.deep.equal([0, 0]);
  });

  it('moves OPEN → PARTIALLY_RECEIVED → RECEIVED as rows are received, pricing from the order when no cost is given', () => {
    const po = order();
    const priced = receive(po, [{ productId: P1, quantity: 4 }]);
    expect(priced[0]!.unitCost.toNumber()).to.equal(2.5);
    expect(po.status).to.equal('PARTIALLY_RECEIVED');
    expect(po.transition).to.equal('RECEIVE_PART');
    const rest = receive(po, [
      { productId: P2, quantity: 1.5, unitCost: 0.75 },
      { productId: P1, quantity: 6 },
    ]);
    expect(rest[0]!.unitCost.toNumber()).to.equal(0.75);
    expect(po.status).to.equal('RECEIVED');
    expect(po.transition).to.equal('RECEIVE_REST');
    expect(po.items.map((i) => i.receivedQuantity.toNumber())).to.deep.equal([10, 1.5]);
  });

  it('refuses a product not on the order and more than the outstanding quantity (earlier rows counted), naming the row', () => {
    const po = order();
    expect(() =>
      receive(po, [
        { productId: P1, quantity: 1 },
        { productId: P3, quantity: 1 },
      ]),
    ).to.throw(ProductNotOnPurchaseOrder, 'Row 2: Product is not on the purchase order');
    expect(() =>
      receive(po, [
        { productId: P1, quantity: 6 },
        { productId: P1, quantity: 5 },
      ]),
    ).to.throw(QuantityExceedsOutstanding, 'Row 2: Quantity exceeds the outstanding quantity');
    expect(po.status, 'a refused receipt changes nothing').to.equal('OPEN');
    expect(po.items[0]!.receivedQuantity.toNumber()).to.equal(0);
  });

  it("checks the order's state before its rows: RECEIVED and CANCELLED refuse any receipt", () => {
    const received = order();
    receive(received, [
      { productId: P1, quantity: 10 },
      { productId: P2, quantity: 1.5 },
    ]);
    expect(() => receive(received, [{ productId: P3, quantity: 1 }])).to.throw(
      PurchaseOrderInvalidState,
      'Cannot receive goods on a purchase order in status RECEIVED',
    );
    const cancelled = order();
    cancelled.cancel('Supplier closed', NOW, 'approver@example.com');
    expect(cancelled.status).to.equal('CANCELLED');
    expect(cancelled.state()).to.include({ cancelReason: 'Supplier closed', cancelledBy: 'approver@example.com' });
    expect(() => receive(cancelled, [{ productId: P1, quantity: 1 }])).to.throw(PurchaseOrderInvalidState);
    expect(() => cancelled.cancel(null, NOW, 'approver@example.com')).to.throw(
      PurchaseOrderInvalidState,
      'Cannot cancel a purchase order in status CANCELLED',
    );
    expect(() => received.cancel(null, NOW, 'approver@example.com')).to.throw(PurchaseOrderInvalidState);
  });

  it('cancels a partially received order', () => {
    const po = order();
    receive(po, [{ productId: P1, quantity: 1 }]);
    po.cancel(null, NOW, 'approver@example.com');
    expect(po.status).to.equal('CANCELLED');
  });
});
