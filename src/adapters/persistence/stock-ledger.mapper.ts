import type { LedgerType, StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import { Quantity } from '../../domain/shared/quantity.js';

export interface StockLedgerRow {
  tenant_id: string;
  id: string;
  warehouse_id: string;
  product_id: string;
  type: LedgerType;
  quantity: string;
  balance_after: string;
  source_id: string;
  source_number: string;
  adjustment_request_id: string | null;
  row_no: number;
  approved_by: string | null;
  created_at: Date;
}

export function toStockLedgerRow(e: StockLedgerEntry): StockLedgerRow {
  return {
    tenant_id: e.tenantId,
    id: e.id,
    warehouse_id: e.warehouseId,
    product_id: e.productId,
    type: e.type,
    quantity: e.quantity.toString(),
    balance_after: e.balanceAfter.toString(),
    source_id: e.source.id,
    source_number: e.source.number,
    adjustment_request_id: e.adjustmentRequestId,
    row_no: e.row,
    approved_by: e.approvedBy,
    created_at: e.createdAt,
  };
}

export function toStockLedgerEntry(row: StockLedgerRow): StockLedgerEntry {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    warehouseId: row.warehouse_id,
    productId: row.product_id,
    type: row.type,
    quantity: Quantity.of(row.quantity),
    balanceAfter: Quantity.of(row.balance_after),
    source: { id: row.source_id, number: row.source_number },
    adjustmentRequestId: row.adjustment_request_id,
    row: row.row_no,
    approvedBy: row.approved_by,
    createdAt: row.created_at,
  };
}
