import type { PurchaseOrderRepository } from '../../application/ports/inventory-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { PurchaseOrder, type PurchaseOrderStatus } from '../../domain/inventory/purchase-order.js';
import { purchaseOrderStatusesAccepting } from '../../domain/inventory/purchase-order.machine.js';
import { Money } from '../../domain/shared/money.js';
import { Quantity } from '../../domain/shared/quantity.js';
import { paginate, newestFirst } from './paginate.js';
import type { Db } from './db.js';

interface PurchaseOrderRow {
  tenant_id: string;
  id: string;
  number: string;
  supplier_name: string;
  warehouse_id: string;
  branch_id: string;
  fiscal_year_id: string;
  integration_id: string | null;
  expected_on: string | Date | null;
  status: PurchaseOrderStatus;
  cancel_reason: string | null;
  cancelled_by: string | null;
  created_at: Date;
  updated_at: Date;
}

interface PurchaseOrderItemRow {
  tenant_id: string;
  purchase_order_id: string;
  row_no: number;
  product_id: string;
  ordered_quantity: string;
  received_quantity: string;
  unit_cost: string;
}

/** A `date` column as `YYYY-MM-DD`, whether the driver parsed it or not. */
function dateOnly(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function toPurchaseOrder(row: PurchaseOrderRow, items: PurchaseOrderItemRow[]): PurchaseOrder {
  return PurchaseOrder.restore({
    id: row.id,
    tenantId: row.tenant_id,
    number: row.number,
    supplierName: row.supplier_name,
    warehouseId: row.warehouse_id,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    integrationId: row.integration_id,
    expectedOn: dateOnly(row.expected_on),
    status: row.status,
    cancelReason: row.cancel_reason,
    cancelledBy: row.cancelled_by,
    items: items.map((i) => ({
      row: i.row_no,
      productId: i.product_id,
      orderedQuantity: Quantity.of(i.ordered_quantity),
      receivedQuantity: Quantity.of(i.received_quantity),
      unitCost: Money.of(i.unit_cost),
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

export class KnexPurchaseOrderRepository implements PurchaseOrderRepository {
  constructor(private readonly db: Db) {}

  async add(order: PurchaseOrder): Promise<void> {
    const s = order.state();
    await this.db('purchase_orders').insert({
      tenant_id: s.tenantId,
      id: s.id,
      number: s.number,
      supplier_name: s.supplierName,
      warehouse_id: s.warehouseId,
      branch_id: s.branchId,
      fiscal_year_id: s.fiscalYearId,
      integration_id: s.integrationId,
      expected_on: s.expectedOn,
      status: s.status,
      cancel_reason: s.cancelReason,
      cancelled_by: s.cancelledBy,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
    });
    await this.db('purchase_order_items').insert(
      s.items.map((i): PurchaseOrderItemRow => ({
        tenant_id: s.tenantId,
        purchase_order_id: s.id,
        row_no: i.row,
        product_id: i.productId,
        ordered_quantity: i.orderedQuantity.toString(),
        received_quantity: i.receivedQuantity.toString(),
        unit_cost: i.unitCost.toString(),
      })),
    );
  }

  async findById(tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<PurchaseOrder | null> {
    const q = this.db<PurchaseOrderRow>('purchase_orders').where({ tenant_id: tenantId, id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? (await this.withItems([row]))[0]! : null;
  }

  async findByIdAcrossTenants(id: string, options: { forUpdate?: boolean } = {}): Promise<PurchaseOrder | null> {
    const q = this.db<PurchaseOrderRow>('purchase_orders').where({ id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? (await this.withItems([row]))[0]! : null;
  }

  async save(order: PurchaseOrder): Promise<boolean> {
    const event = order.transition;
    if (event === null) return false;
    const s = order.state();
    const updated = await this.db('purchase_orders')
      .where({ tenant_id: s.tenantId, id: s.id })
      .whereIn('status', purchaseOrderStatusesAccepting(event))
      .update({
        status: s.status,
        cancel_reason: s.cancelReason,
        cancelled_by: s.cancelledBy,
        updated_at: s.updatedAt,
      });
    if (updated !== 1) return false;
    if (event !== 'CANCEL') {
      await this.db.raw(
        `UPDATE purchase_order_items i SET received_quantity = v.received
         FROM unnest(?::int[], ?::numeric[]) AS v(row_no, received)
         WHERE i.tenant_id = ? AND i.purchase_order_id = ? AND i.row_no = v.row_no`,
        [s.items.map((i) => i.row), s.items.map((i) => i.receivedQuantity.toString()), s.tenantId, s.id],
      );
    }
    return true;
  }

  async list(tenantId: string, query: PageRequest & { status?: PurchaseOrderStatus }): Promise<Page<PurchaseOrder>> {
    const base = this.db('purchase_orders').where({ tenant_id: tenantId });
    if (query.status) base.andWhere({ status: query.status });
    const page = await paginate<PurchaseOrderRow, PurchaseOrderRow>(base, query, newestFirst(), (row) => row);
    return { ...page, items: await this.withItems(page.items) };
  }

  private async withItems(rows: PurchaseOrderRow[]): Promise<PurchaseOrder[]> {
    if (rows.length === 0) return [];
    const items = await this.db<PurchaseOrderItemRow>('purchase_order_items')
      .where({ tenant_id: rows[0]!.tenant_id })
      .whereIn(
        'purchase_order_id',
        rows.map((r) => r.id),
      )
      .orderBy([{ column: 'purchase_order_id' }, { column: 'row_no' }]);
    return rows.map((row) =>
      toPurchaseOrder(
        row,
        items.filter((i) => i.purchase_order_id === row.id),
      ),
    );
  }
}
