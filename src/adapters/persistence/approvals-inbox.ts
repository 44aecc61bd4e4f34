import type { Knex } from 'knex';
import type {
  ApprovalItem,
  ApprovalsFilter,
  ApprovalsInbox,
  ApprovalType,
} from '../../application/ports/approvals-ports.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { AWAITING_APPROVAL_INVOICE_STATUSES, INVOICE_STATUSES } from '../../domain/billing/invoice.machine.js';
import { AWAITING_APPROVAL_NOTE_STATUSES, NOTE_STATUSES } from '../../domain/billing/note.machine.js';
import { ADJUSTMENT_STATUSES, adjustmentStatusesAccepting } from '../../domain/inventory/adjustment-request.machine.js';
import type { TenantScope } from '../../domain/staff/staff.js';
import { paginate } from './paginate.js';
import { statusAmong } from './status-sql.js';

interface ApprovalRow {
  type: ApprovalType;
  id: string;
  tenant_id: string;
  tenant_name: string;
  number: string;
  created_at: Date;
  summary: string;
}

/** Each kind of document waiting for a decision: its rows, as the inbox's columns, in SQL. */
const SOURCES: Record<ApprovalType, string> = {
  ADJUSTMENT: `
    SELECT 'ADJUSTMENT' AS type, a.id, a.tenant_id, a.number, a.created_at,
           a.reason || ' (' || (SELECT count(*) FROM stock_adjustment_items i
                                 WHERE i.tenant_id = a.tenant_id AND i.request_id = a.id) || ' items)' AS summary
      FROM stock_adjustment_requests a
     WHERE ${statusAmong('a.status', adjustmentStatusesAccepting('APPROVE'), ADJUSTMENT_STATUSES)}`,
  INVOICE: `
    SELECT 'INVOICE' AS type, v.id, v.tenant_id, v.number, v.created_at,
           v.total_amount::text || ' for ' || c.name AS summary
      FROM invoices v
      JOIN customers c ON c.tenant_id = v.tenant_id AND c.id = v.customer_id
     WHERE ${statusAmong('v.status', AWAITING_APPROVAL_INVOICE_STATUSES, INVOICE_STATUSES)}`,
  CREDIT_NOTE: noteSource('CREDIT_NOTE', 'credit_notes'),
  DEBIT_NOTE: noteSource('DEBIT_NOTE', 'debit_notes'),
};

function noteSource(type: ApprovalType, table: string): string {
  return `
    SELECT '${type}' AS type, n.id, n.tenant_id, n.number, n.created_at,
           n.amount::text || ' on ' || v.number || ': ' || n.reason AS summary
      FROM ${table} n
      JOIN invoices v ON v.tenant_id = n.tenant_id AND v.id = n.invoice_id
     WHERE ${statusAmong('n.status', AWAITING_APPROVAL_NOTE_STATUSES, NOTE_STATUSES)}`;
}

function itemOf(row: ApprovalRow): ApprovalItem {
  return {
    type: row.type,
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    number: row.number,
    createdAt: row.created_at,
    summary: row.summary,
  };
}

/**
 * The approvals inbox: one UNION ALL over the kinds of documents the filter asks for, each by
 * its status index, with the tenant's name; oldest first, then id.
 */
export class KnexApprovalsInbox implements ApprovalsInbox {
  constructor(private readonly knex: Knex) {}

  waiting(filter: ApprovalsFilter, scope: TenantScope, page: PageRequest): Promise<Page<ApprovalItem>> {
    const types = filter.type ? [filter.type] : (Object.keys(SOURCES) as ApprovalType[]);
    const union = this.knex.raw(`(${types.map((t) => SOURCES[t]).join(' UNION ALL ')})`);
    const base = this.knex.from(union.wrap('', ' AS w')).join('tenants AS t', 't.id', 'w.tenant_id');
    if (filter.tenantId) base.where('w.tenant_id', filter.tenantId);
    if (scope !== null) base.whereIn('w.tenant_id', [...scope]);
    return paginate(
      base,
      page,
      (q) => q.select('w.*', 't.name AS tenant_name').orderBy([{ column: 'w.created_at' }, { column: 'w.id' }]),
      itemOf,
    );
  }
}
