import type { Money } from '../shared/money.js';
import { SameWarehouseTransfer } from './errors.js';
import type { StockLine } from './stock-lines.js';

/** A transfer between two warehouses of a tenant: immediate, never changed. */
export interface StockTransfer {
  readonly id: string;
  readonly tenantId: string;
  readonly number: string;
  readonly fromWarehouseId: string;
  readonly toWarehouseId: string;
  readonly branchId: string;
  readonly fiscalYearId: string;
  readonly integrationId: string;
  readonly reference: string | null;
  readonly items: readonly StockLine[];
  readonly createdAt: Date;
}

/** A transfer document; refuses one whose two warehouses are the same. */
export function newTransfer(t: Omit<StockTransfer, 'reference'> & { reference?: string }): StockTransfer {
  if (t.fromWarehouseId === t.toWarehouseId) throw new SameWarehouseTransfer();
  return { ...t, reference: t.reference?.trim() || null };
}

export interface GoodsReceiptItem extends StockLine {
  /** The unit cost received at: the receipt's own, else the order's, else null. */
  readonly unitCost: Money | null;
}

/** Goods received into a warehouse, against a purchase order or not. */
export interface GoodsReceipt {
  readonly id: string;
  readonly tenantId: string;
  readonly number: string;
  readonly purchaseOrderId: string | null;
  readonly warehouseId: string;
  readonly branchId: string;
  readonly fiscalYearId: string;
  readonly integrationId: string;
  readonly supplierReference: string | null;
  readonly items: readonly GoodsReceiptItem[];
  readonly createdAt: Date;
}
