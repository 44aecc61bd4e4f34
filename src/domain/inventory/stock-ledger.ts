import type { Quantity } from '../shared/quantity.js';
import { deltaOf, type AdjustmentItem, type AdjustmentRequest } from './adjustment-request.js';

/** What moved the stock. The first three add to the warehouse, the rest take from it. */
export const LEDGER_TYPES = [
  'ADJUSTMENT_IN',
  'TRANSFER_IN',
  'GOODS_RECEIPT',
  'ADJUSTMENT_OUT',
  'TRANSFER_OUT',
  'RESERVATION_COMMIT',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

const INCOMING: ReadonlySet<LedgerType> = new Set(['ADJUSTMENT_IN', 'TRANSFER_IN', 'GOODS_RECEIPT']);

/** True when entries of this type add stock (their quantity is positive). */
export function isIncoming(type: LedgerType): boolean {
  return INCOMING.has(type);
}

/** The document a ledger entry comes from: its id and its number (ADJ-, TRF-, GRN-, RSV-). */
export interface LedgerSource {
  readonly id: string;
  readonly number: string;
}

/**
 * One movement of stock, never changed. `quantity` is signed (+ in, − out, the sign matching
 * the type); `balanceAfter` is the warehouse's on-hand quantity of the product right after it.
 * `row` is the item's row in its source document (from 1). Adjustments also keep their
 * request id and approver.
 */
export interface StockLedgerEntry {
  readonly id: string;
  readonly tenantId: string;
  readonly warehouseId: string;
  readonly productId: string;
  readonly type: LedgerType;
  readonly quantity: Quantity;
  readonly balanceAfter: Quantity;
  readonly source: LedgerSource;
  readonly row: number;
  readonly adjustmentRequestId: string | null;
  readonly approvedBy: string | null;
  readonly createdAt: Date;
}

/** A movement of a (positive) `quantity` of `type`; the entry's sign comes from the type. */
export function movementEntry(input: {
  id: string;
  tenantId: string;
  warehouseId: string;
  productId: string;
  type: Exclude<LedgerType, 'ADJUSTMENT_IN' | 'ADJUSTMENT_OUT'>;
  quantity: Quantity;
  balanceAfter: Quantity;
  source: LedgerSource;
  row: number;
  at: Date;
}): StockLedgerEntry {
  if (!input.quantity.isPositive()) throw new Error('A movement moves a positive quantity');
  return {
    id: input.id,
    tenantId: input.tenantId,
    warehouseId: input.warehouseId,
    productId: input.productId,
    type: input.type,
    quantity: isIncoming(input.type) ? input.quantity : input.quantity.negate(),
    balanceAfter: input.balanceAfter,
    source: input.source,
    row: input.row,
    adjustmentRequestId: null,
    approvedBy: null,
    createdAt: input.at,
  };
}

/** The ledger entry for one item of an approved request. */
export function ledgerEntryFor(
  id: string,
  request: AdjustmentRequest,
  item: AdjustmentItem,
  balanceAfter: Quantity,
): StockLedgerEntry {
  if (request.status !== 'APPROVED' || request.decidedBy === null || request.decidedAt === null) {
    throw new Error('A ledger entry is written only for an approved request');
  }
  return {
    id,
    tenantId: request.tenantId,
    warehouseId: request.warehouseId,
    productId: item.productId,
    type: item.type === 'STOCK_IN' ? 'ADJUSTMENT_IN' : 'ADJUSTMENT_OUT',
    quantity: deltaOf(item),
    balanceAfter,
    source: { id: request.id, number: request.number },
    row: item.row,
    adjustmentRequestId: request.id,
    approvedBy: request.decidedBy,
    createdAt: request.decidedAt,
  };
}
