import type { AdjustmentSummary } from '../../application/ports/inventory-repositories.js';
import {
  AdjustmentRequest,
  type AdjustmentItem,
  type AdjustmentStatus,
  type AdjustmentType,
} from '../../domain/inventory/adjustment-request.js';
import { Quantity } from '../../domain/shared/quantity.js';

export interface AdjustmentRequestRow {
  tenant_id: string;
  id: string;
  number: string;
  warehouse_id: string;
  branch_id: string;
  fiscal_year_id: string;
  integration_id: string;
  reason: string;
  status: AdjustmentStatus;
  decided_by: string | null;
  decided_at: Date | null;
  rejection_reason: string | null;
  created_at: Date;
}

export interface AdjustmentItemRow {
  tenant_id: string;
  request_id: string;
  row_no: number;
  product_id: string;
  type: AdjustmentType;
  quantity: string;
}

export function toAdjustmentRequest(row: AdjustmentRequestRow, items: AdjustmentItemRow[]): AdjustmentRequest {
  return AdjustmentRequest.restore({
    id: row.id,
    tenantId: row.tenant_id,
    number: row.number,
    warehouseId: row.warehouse_id,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    integrationId: row.integration_id,
    reason: row.reason,
    status: row.status,
    items: [...items].sort((a, b) => a.row_no - b.row_no).map(toItem),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
  });
}

function toItem(row: AdjustmentItemRow): AdjustmentItem {
  return { row: row.row_no, productId: row.product_id, type: row.type, quantity: Quantity.of(row.quantity) };
}

export function toAdjustmentRequestRow(request: AdjustmentRequest): AdjustmentRequestRow {
  const s = request.state();
  return {
    tenant_id: s.tenantId,
    id: s.id,
    number: s.number,
    warehouse_id: s.warehouseId,
    branch_id: s.branchId,
    fiscal_year_id: s.fiscalYearId,
    integration_id: s.integrationId,
    reason: s.reason,
    status: s.status,
    decided_by: s.decidedBy,
    decided_at: s.decidedAt,
    rejection_reason: s.rejectionReason,
    created_at: s.createdAt,
  };
}

export function toAdjustmentItemRows(request: AdjustmentRequest): AdjustmentItemRow[] {
  return request.items.map((i) => ({
    tenant_id: request.tenantId,
    request_id: request.id,
    row_no: i.row,
    product_id: i.productId,
    type: i.type,
    quantity: i.quantity.toString(),
  }));
}

export function toAdjustmentSummary(row: AdjustmentRequestRow): AdjustmentSummary {
  return {
    id: row.id,
    number: row.number,
    warehouseId: row.warehouse_id,
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at,
  };
}
