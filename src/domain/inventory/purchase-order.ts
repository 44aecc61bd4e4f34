import { Money } from '../shared/money.js';
import { Quantity } from '../shared/quantity.js';
import { PurchaseOrderInvalidState, ProductNotOnPurchaseOrder, QuantityExceedsOutstanding } from './errors.js';
import {
  nextPurchaseOrderStatus,
  type PurchaseOrderEventType,
  type PurchaseOrderStatus,
} from './purchase-order.machine.js';
import type { StockLine } from './stock-lines.js';

export { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from './purchase-order.machine.js';

export const MAX_SUPPLIER_NAME_LENGTH = 200;

export interface PurchaseOrderItem {
  readonly row: number;
  readonly productId: string;
  readonly orderedQuantity: Quantity;
  readonly receivedQuantity: Quantity;
  readonly unitCost: Money;
}

export interface PurchaseOrderState {
  readonly id: string;
  readonly tenantId: string;
  readonly number: string;
  readonly supplierName: string;
  readonly warehouseId: string;
  readonly branchId: string;
  readonly fiscalYearId: string;
  /** The integration that placed it; null when the back office did. */
  readonly integrationId: string | null;
  /** A calendar date `YYYY-MM-DD`, or null. */
  readonly expectedOn: string | null;
  readonly status: PurchaseOrderStatus;
  readonly items: readonly PurchaseOrderItem[];
  readonly cancelReason: string | null;
  /** Who cancelled it (the back office's caller); null until then, and on orders cancelled before people signed in. */
  readonly cancelledBy: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One received row as the order prices it: the receipt's own cost, else the order's. */
export interface ReceivedLine extends StockLine {
  readonly unitCost: Money;
}

/**
 * An order placed with a supplier for one warehouse. Goods receipts move its
 * received quantities and its status (the machine in `purchase-order.machine.ts`); the back
 * office may cancel it while goods are still outstanding.
 */
export class PurchaseOrder {
  private _transition: PurchaseOrderEventType | null = null;

  private constructor(private s: PurchaseOrderState) {}

  static create(
    meta: Omit<
      PurchaseOrderState,
      'status' | 'items' | 'cancelReason' | 'cancelledBy' | 'createdAt' | 'updatedAt' | 'supplierName'
    >,
    input: {
      supplierName: string;
      items: readonly { productId: string; quantity: number; unitCost: number }[];
    },
    now: Date,
  ): PurchaseOrder {
    return new PurchaseOrder({
      ...meta,
      supplierName: input.supplierName.trim(),
      status: 'OPEN',
      items: input.items.map((item, index) => ({
        row: index + 1,
        productId: item.productId,
        orderedQuantity: Quantity.of(item.quantity),
        receivedQuantity: Quantity.ZERO,
        unitCost: Money.of(item.unitCost),
      })),
      cancelReason: null,
      cancelledBy: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  static restore(state: PurchaseOrderState): PurchaseOrder {
    return new PurchaseOrder({ ...state, items: [...state.items] });
  }

  get id(): string {
    return this.s.id;
  }
  get tenantId(): string {
    return this.s.tenantId;
  }
  get number(): string {
    return this.s.number;
  }
  get warehouseId(): string {
    return this.s.warehouseId;
  }
  get status(): PurchaseOrderStatus {
    return this.s.status;
  }
  get items(): readonly PurchaseOrderItem[] {
    return this.s.items;
  }
  get transition(): PurchaseOrderEventType | null {
    return this._transition;
  }

  /** The stored form (for mappers and presenters). */
  state(): Readonly<PurchaseOrderState> {
    return this.s;
  }

  /**
   * Records a receipt: the order's state first (RECEIVED or CANCELLED refuse it, 409), then
   * each row in order: a product not on the order, or more than its outstanding quantity
   * (earlier rows of the same receipt counted), is refused with the row's number. Returns the
   * lines priced (`unitCost` given, else the order's) and moves the status.
   */
  receive(lines: readonly (StockLine & { unitCost?: number })[], now: Date): ReceivedLine[] {
    if (nextPurchaseOrderStatus(this.s.status, 'RECEIVE_PART') === null) {
      throw new PurchaseOrderInvalidState(this.s.status, 'receive goods on');
    }
    const received = new Map(this.s.items.map((i) => [i.productId, i.receivedQuantity]));
    const priced: ReceivedLine[] = [];
    for (const line of lines) {
      const item = this.s.items.find((i) => i.productId === line.productId);
      if (!item) throw new ProductNotOnPurchaseOrder(line.row);
      const after = received.get(item.productId)!.plus(line.quantity);
      if (after.greaterThan(item.orderedQuantity)) throw new QuantityExceedsOutstanding(line.row);
      received.set(item.productId, after);
      priced.push({ ...line, unitCost: line.unitCost === undefined ? item.unitCost : Money.of(line.unitCost) });
    }
    const items = this.s.items.map((i) => ({ ...i, receivedQuantity: received.get(i.productId)! }));
    const complete = items.every((i) => i.receivedQuantity.equals(i.orderedQuantity));
    const event: PurchaseOrderEventType = complete ? 'RECEIVE_REST' : 'RECEIVE_PART';
    this.s = { ...this.s, items, status: nextPurchaseOrderStatus(this.s.status, event)!, updatedAt: now };
    this._transition = event;
    return priced;
  }

  /** OPEN | PARTIALLY_RECEIVED → CANCELLED by `by` (the back office's caller, its email), with an optional reason. */
  cancel(reason: string | null, now: Date, by: string): void {
    const next = nextPurchaseOrderStatus(this.s.status, 'CANCEL');
    if (next === null) throw new PurchaseOrderInvalidState(this.s.status, 'cancel');
    this.s = { ...this.s, status: next, cancelReason: reason?.trim() || null, cancelledBy: by, updatedAt: now };
    this._transition = 'CANCEL';
  }
}
