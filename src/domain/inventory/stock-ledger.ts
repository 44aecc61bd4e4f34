import type { Quantity } from '../shared/quantity.js';
import { deltaOf, type AdjustmentItem, type AdjustmentRequest } from './adjustment-request.js';

/**
 * One movement of stock: written once per item when a request is approved, never changed.
 * `quantity` is signed (+ in, − out); `balanceAfter` is the warehouse's stock of the product
 * right after this movement.
 */
export interface StockLedgerEntry {
  readonly id: string;
  readonly tenantId: string;
  readonly warehouseId: string;
  readonly productId: string;
  readonly quantity: Quantity;
  readonly balanceAfter: Quantity;
  readonly adjustmentRequestId: string;
  /** The item's row in its request (from 1). */
  readonly row: number;
  readonly approvedBy: string;
  readonly createdAt: Date;
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
    quantity: deltaOf(item),
    balanceAfter,
    adjustmentRequestId: request.id,
    row: item.row,
    approvedBy: request.decidedBy,
    createdAt: request.decidedAt,
  };
}
