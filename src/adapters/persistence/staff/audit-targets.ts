import type { AuditTarget, RecordTenancy } from '../../../application/ports/staff-ports.js';
import type { Db } from '../db.js';

/** Where each audited record lives: its table and the column its id is in. */
const TARGET_TABLES: Record<AuditTarget, { table: string; key: string }> = {
  tenant: { table: 'tenants', key: 'id' },
  'tenant-plan': { table: 'tenant_plans', key: 'tenant_id' },
  branch: { table: 'branches', key: 'id' },
  'fiscal-year': { table: 'fiscal_years', key: 'id' },
  warehouse: { table: 'warehouses', key: 'id' },
  product: { table: 'products', key: 'id' },
  customer: { table: 'customers', key: 'id' },
  integration: { table: 'integrations', key: 'id' },
  'stock-adjustment': { table: 'stock_adjustment_requests', key: 'id' },
  'purchase-order': { table: 'purchase_orders', key: 'id' },
  invoice: { table: 'invoices', key: 'id' },
  'credit-note': { table: 'credit_notes', key: 'id' },
  'debit-note': { table: 'debit_notes', key: 'id' },
  payment: { table: 'payments', key: 'id' },
  shipment: { table: 'shipments', key: 'id' },
  'webhook-delivery': { table: 'webhook_deliveries', key: 'id' },
  staff: { table: 'staff', key: 'id' },
  'access-token': { table: 'staff_tokens', key: 'id' },
  session: { table: 'staff_sessions', key: 'id' },
};

/** A record's columns as JSON (`to_jsonb`), or null when there is none with that id. */
export async function snapshotOf(db: Db, type: AuditTarget, id: string): Promise<Record<string, unknown> | null> {
  const { table, key } = TARGET_TABLES[type];
  const { rows } = await db.raw<{ rows: { row: Record<string, unknown> }[] }>(
    `SELECT to_jsonb(t) AS row FROM ?? AS t WHERE ?? = ?`,
    [table, key, id],
  );
  return rows[0]?.row ?? null;
}

/** The tenant a record belongs to, from its snapshot (a tenant is its own). */
export function tenantOfSnapshot(type: AuditTarget, row: Record<string, unknown> | null): string | null {
  if (!row) return null;
  const tenant = type === 'tenant' ? row.id : row.tenant_id;
  return typeof tenant === 'string' ? tenant : null;
}

/** The tenant of a record, by its table (a scoped member's requests are checked against it). */
export class KnexRecordTenancy implements RecordTenancy {
  constructor(private readonly db: Db) {}

  async tenantOf(type: AuditTarget, id: string): Promise<string | null> {
    const { table, key } = TARGET_TABLES[type];
    const column = type === 'tenant' ? 'id' : 'tenant_id';
    const row = (await this.db(table).where(key, id).first(column)) as Record<string, string> | undefined;
    return row?.[column] ?? null;
  }
}
