import { ValidationError, type ErrorDetail } from '../shared/errors.js';
import { AggregateRoot } from '../shared/events.js';
import { isUuid } from '../shared/ids.js';
import { Quantity } from '../shared/quantity.js';
import { cleanText } from '../shared/text.js';
import { nextAdjustmentStatus, type AdjustmentEvent, type AdjustmentStatus } from './adjustment-request.machine.js';
import { AdjustmentRequestNotPending } from './errors.js';

export { ADJUSTMENT_STATUSES, type AdjustmentStatus } from './adjustment-request.machine.js';

export const ADJUSTMENT_TYPES = ['STOCK_IN', 'STOCK_OUT'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

export const MAX_ADJUSTMENT_ITEMS = 500;
export const MAX_REASON_LENGTH = 1000;
/** The most one item may move; with 500 items a request stays far below MAX_STOCK_LEVEL per item. */
export const MAX_ITEM_QUANTITY = 1_000_000_000;
/** The most a stock level can hold (the storage is numeric(14,3)). */
export const MAX_STOCK_LEVEL = Quantity.of('99999999999.999');

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
  readonly reason: string;
  readonly items: readonly AdjustmentItem[];
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
  private constructor(private state: AdjustmentRequestState) {
    super();
  }

  /**
   * Validates a request body the way the edge does (same messages, every problem listed):
   * `reason` non-empty, 1..500 items, each with a product UUID, a positive quantity with at
   * most 3 decimals and a type STOCK_IN or STOCK_OUT. Item problems are `Row N: ...`.
   */
  static parse(input: { warehouseId: unknown; reason: unknown; items: unknown }): AdjustmentDraft {
    const problems: ErrorDetail[] = [];
    if (!isUuid(input.warehouseId)) problems.push({ field: 'warehouseId', issue: 'warehouseId must be a UUID' });
    const reason = cleanText(input.reason, MAX_REASON_LENGTH);
    if (reason === null) {
      problems.push({
        field: 'reason',
        issue:
          typeof input.reason === 'string' && input.reason.trim().length > 0
            ? `reason must be shorter than or equal to ${MAX_REASON_LENGTH} characters`
            : 'reason should not be empty',
      });
    }
    const items: AdjustmentItem[] = [];
    if (!Array.isArray(input.items)) {
      problems.push({ field: 'items', issue: 'items must be an array' });
    } else if (input.items.length === 0) {
      problems.push({ field: 'items', issue: 'items must contain at least 1 item' });
    } else if (input.items.length > MAX_ADJUSTMENT_ITEMS) {
      problems.push({ field: 'items', issue: `items must contain no more than ${MAX_ADJUSTMENT_ITEMS} items` });
    } else {
      input.items.forEach((raw: unknown, index) => {
        const item = parseItem(raw, index + 1, problems);
        if (item) items.push(item);
      });
    }
    if (problems.length > 0) throw new ValidationError(problems);
    return { warehouseId: (input.warehouseId as string).toLowerCase(), reason: reason!, items };
  }

  /** A new PENDING request. Records no event: only approval is announced (spec 6.2). */
  static create(
    draft: AdjustmentDraft,
    meta: {
      id: string;
      tenantId: string;
      number: string;
      branchId: string;
      fiscalYearId: string;
      integrationId: string;
    },
    now: Date,
  ): AdjustmentRequest {
    return new AdjustmentRequest({
      ...meta,
      warehouseId: draft.warehouseId,
      reason: draft.reason,
      items: draft.items,
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
    return this.state.id;
  }
  get tenantId(): string {
    return this.state.tenantId;
  }
  get number(): string {
    return this.state.number;
  }
  get warehouseId(): string {
    return this.state.warehouseId;
  }
  get branchId(): string {
    return this.state.branchId;
  }
  get status(): AdjustmentStatus {
    return this.state.status;
  }
  get reason(): string {
    return this.state.reason;
  }
  get items(): readonly AdjustmentItem[] {
    return this.state.items;
  }
  get decidedBy(): string | null {
    return this.state.decidedBy;
  }
  get decidedAt(): Date | null {
    return this.state.decidedAt;
  }
  get createdAt(): Date {
    return this.state.createdAt;
  }

  /** A copy of the stored state (for mappers, presenters and fakes). */
  snapshot(): AdjustmentRequestState {
    return { ...this.state, items: [...this.state.items] };
  }

  /**
   * PENDING → APPROVED. Records `inventory.adjustment.approved`. The caller applies the items
   * to the stock in the same transaction (a shortfall there rolls everything back).
   */
  approve(by: string, now: Date): void {
    this.state = { ...this.state, status: this.next('APPROVE'), decidedBy: by, decidedAt: now };
    this.record({
      name: ADJUSTMENT_APPROVED,
      tenantId: this.state.tenantId,
      occurredAt: now,
      payload: {
        id: this.state.id,
        code: this.state.number,
        branchId: this.state.branchId,
        resource: 'STOCK_ADJUSTMENT',
        action: 'APPROVE',
      },
    });
  }

  /** PENDING → REJECTED; a reason is required. Stock does not change; no event. */
  reject(reason: unknown, by: string, now: Date): void {
    const text = cleanText(reason, MAX_REASON_LENGTH);
    if (text === null) throw new ValidationError('reason should not be empty', 'reason');
    this.state = { ...this.state, status: this.next('REJECT'), decidedBy: by, decidedAt: now, rejectionReason: text };
  }

  private next(event: AdjustmentEvent['type']): AdjustmentStatus {
    const next = nextAdjustmentStatus(this.state.status, event);
    if (next === null) throw new AdjustmentRequestNotPending();
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
    if (total.greaterThan(onHand.get(item.productId) ?? Quantity.ZERO)) return item.row;
  }
  return null;
}

function parseItem(raw: unknown, row: number, problems: ErrorDetail[]): AdjustmentItem | null {
  const at = (field: string) => `items[${row - 1}]${field ? `.${field}` : ''}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ field: at(''), issue: `Row ${row}: Items must be an object` });
    return null;
  }
  const { productId, quantity, type } = raw as Record<string, unknown>;
  const before = problems.length;
  if (!isUuid(productId))
    problems.push({ field: at('productId'), issue: `Row ${row}: Items productId must be a UUID` });
  const q = typeof quantity === 'number' ? Quantity.tryParse(quantity) : null;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) {
    problems.push({ field: at('quantity'), issue: `Row ${row}: Items quantity must be a positive number` });
  } else if (quantity > MAX_ITEM_QUANTITY) {
    problems.push({
      field: at('quantity'),
      issue: `Row ${row}: Items quantity must not be greater than ${MAX_ITEM_QUANTITY}`,
    });
  } else if (q === null) {
    problems.push({ field: at('quantity'), issue: `Row ${row}: Items quantity must have at most 3 decimal places` });
  }
  if (typeof type !== 'string' || !(ADJUSTMENT_TYPES as readonly string[]).includes(type)) {
    problems.push({
      field: at('type'),
      issue: `Row ${row}: Items type must be one of the following values: ${ADJUSTMENT_TYPES.join(', ')}`,
    });
  }
  if (problems.length > before) return null;
  return { row, productId: (productId as string).toLowerCase(), type: type as AdjustmentType, quantity: q! };
}
