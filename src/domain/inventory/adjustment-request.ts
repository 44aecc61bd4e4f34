import { drawnNumber, UNNUMBERED } from '../shared/document-number.js';
import { AggregateRoot } from '../shared/events.js';
import { Quantity } from '../shared/quantity.js';
import { nextAdjustmentStatus, type AdjustmentEvent, type AdjustmentStatus } from './adjustment-request.machine.js';
import { AdjustmentRequestNotPending } from './errors.js';
import { levelAfter } from './stock-level.js';

export { ADJUSTMENT_STATUSES, type AdjustmentStatus } from './adjustment-request.machine.js';

export const ADJUSTMENT_TYPES = ['STOCK_IN', 'STOCK_OUT'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

export const MAX_ADJUSTMENT_ITEMS = 500;
export const MAX_REASON_LENGTH = 1000;
/** The most one item may move; with 500 items a request stays far below STOCK_LEVEL_BOUNDS.max per item. */
export const MAX_ITEM_QUANTITY = 1_000_000_000;

export const ADJUSTMENT_APPROVED = 'inventory.adjustment.approved';

/** One line of a request. `row` counts from 1 in the order the caller sent the items. */
export interface AdjustmentItem {
  readonly row: number;
  readonly productId: string;
  readonly type: AdjustmentType;
  /** Always positive; the type says in which direction it moves the stock. */
  readonly quantity: Quantity;
}

/** A validated request body, before it has a number and an id. */
export interface AdjustmentDraft {
  readonly warehouseId: string;
  /** Not blank (the edge checks it); stored trimmed. */
  readonly reason: string;
  readonly items: readonly AdjustmentLine[];
}

/** One line as sent: the quantity a positive number with at most 3 decimals. */
export interface AdjustmentLine {
  readonly productId: string;
  readonly type: AdjustmentType;
  readonly quantity: number;
}

/** Numbers the lines from 1; `Quantity.of` refuses what is not a quantity (RangeError). */
export function itemsOf(lines: readonly AdjustmentLine[]): AdjustmentItem[] {
  return lines.map((line, index) => ({
    row: index + 1,
    productId: line.productId,
    type: line.type,
    quantity: Quantity.of(line.quantity),
  }));
}

/** Everything stored about a request; `restore` rebuilds the aggregate from it. */
export interface AdjustmentRequestState {
  readonly id: string;
  readonly tenantId: string;
  readonly number: string;
  readonly warehouseId: string;
  readonly branchId: string;
  readonly fiscalYearId: string;
  /** The integration that asked for the adjustment. */
  readonly integrationId: string;
  readonly reason: string;
  readonly status: AdjustmentStatus;
  readonly items: readonly AdjustmentItem[];
  /** Who approved or rejected it (back-office actor), and when; null while PENDING. */
  readonly decidedBy: string | null;
  readonly decidedAt: Date | null;
  readonly rejectionReason: string | null;
  readonly createdAt: Date;
}

/**
 * A stock adjustment request (spec 2.4, 3.2): a caller asks for stock to move in one
 * warehouse; nothing changes until the back office approves it. The lifecycle is the xstate
 * machine beside this file, used as a pure transition function.
 */
export class AdjustmentRequest extends AggregateRoot {
  private constructor(private s: AdjustmentRequestState) {
    super();
  }

  /**
   * A new PENDING request from a validated command (src/application/inventory/commands.ts):
   * the reason trimmed, rows numbered from 1 in the order sent; UNNUMBERED until its store
   * draws its number (`numbered`). Records no event: only approval is announced (spec 6.2).
   */
  static create(
    draft: AdjustmentDraft,
    meta: {
      id: string;
      tenantId: string;
      branchId: string;
      fiscalYearId: string;
      integrationId: string;
    },
    now: Date,
  ): AdjustmentRequest {
    return new AdjustmentRequest({
      ...meta,
      number: UNNUMBERED,
      warehouseId: draft.warehouseId,
      reason: draft.reason.trim(),
      items: itemsOf(draft.items),
      status: 'PENDING',
      decidedBy: null,
      decidedAt: null,
      rejectionReason: null,
      createdAt: now,
    });
  }

  /** Rebuilds a stored request; no validation, no events. */
  static restore(state: AdjustmentRequestState): AdjustmentRequest {
    return new AdjustmentRequest({ ...state, items: [...state.items] });
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

  /** The number the store drew for this new request, in the statement that stored it. */
  numbered(number: string): void {
    this.s = { ...this.s, number: drawnNumber(this.s.number, number, `adjustment request ${this.s.id}`) };
  }
  get warehouseId(): string {
    return this.s.warehouseId;
  }
  get branchId(): string {
    return this.s.branchId;
  }
  get status(): AdjustmentStatus {
    return this.s.status;
  }
  get reason(): string {
    return this.s.reason;
  }
  get items(): readonly AdjustmentItem[] {
    return this.s.items;
  }
  get decidedBy(): string | null {
    return this.s.decidedBy;
  }
  get decidedAt(): Date | null {
    return this.s.decidedAt;
  }
  get createdAt(): Date {
    return this.s.createdAt;
  }

  /** The stored form (for mappers and presenters). */
  state(): Readonly<AdjustmentRequestState> {
    return this.s;
  }

  /**
   * PENDING → APPROVED. Records `inventory.adjustment.approved`. The caller applies the items
   * to the stock in the same transaction (a shortfall there rolls everything back).
   */
  approve(by: string, now: Date): void {
    this.s = { ...this.s, status: this.next('APPROVE'), decidedBy: by, decidedAt: now };
    this.record({
      name: ADJUSTMENT_APPROVED,
      tenantId: this.s.tenantId,
      occurredAt: now,
      payload: {
        id: this.s.id,
        code: this.s.number,
        branchId: this.s.branchId,
        resource: 'STOCK_ADJUSTMENT',
        action: 'APPROVE',
      },
    });
  }

  /** PENDING → REJECTED with a reason (not blank, checked at the edge; stored trimmed). Stock does not change; no event. */
  reject(reason: string, by: string, now: Date): void {
    const status = this.next('REJECT');
    this.s = { ...this.s, status, decidedBy: by, decidedAt: now, rejectionReason: reason.trim() };
  }

  /**
   * The decision taken since the request was loaded, if any: a conditional save stores it
   * only while the stored status still accepts this event (`adjustmentStatusesAccepting`).
   */
  get decision(): AdjustmentEvent['type'] | null {
    return this._decision;
  }

  private _decision: AdjustmentEvent['type'] | null = null;

  private next(event: AdjustmentEvent['type']): AdjustmentStatus {
    const next = nextAdjustmentStatus(this.s.status, event);
    if (next === null) throw new AdjustmentRequestNotPending();
    this._decision = event;
    return next;
  }
}

/** The signed change an item makes to the stock: + for STOCK_IN, − for STOCK_OUT. */
export function deltaOf(item: AdjustmentItem): Quantity {
  return item.type === 'STOCK_IN' ? item.quantity : item.quantity.negate();
}

/**
 * The first row whose STOCK_OUT, added to the earlier STOCK_OUTs of the same product in this
 * request, exceeds what the warehouse holds (`onHand`, missing = 0); null when every
 * STOCK_OUT is covered. STOCK_IN items of the same request do not count: nothing has
 * arrived before approval.
 */
export function firstShortfall(items: readonly AdjustmentItem[], onHand: ReadonlyMap<string, Quantity>): number | null {
  const wanted = new Map<string, Quantity>();
  for (const item of items) {
    if (item.type !== 'STOCK_OUT') continue;
    const total = (wanted.get(item.productId) ?? Quantity.ZERO).plus(item.quantity);
    wanted.set(item.productId, total);
    if (levelAfter(onHand.get(item.productId) ?? Quantity.ZERO, total.negate()) === null) return item.row;
  }
  return null;
}
