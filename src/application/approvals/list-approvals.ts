import type { Actor } from '../../domain/staff/staff.js';
import type { ApprovalItem, ApprovalsFilter, ApprovalsInbox } from '../ports/approvals-ports.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/**
 * `GET /approvals`: the approvals inbox: PENDING stock adjustments, DRAFT invoices and notes,
 * oldest first, within the caller's tenants.
 */
export class ListApprovals {
  constructor(private readonly inbox: ApprovalsInbox) {}

  execute(actor: Actor, query: ApprovalsFilter & PageRequest): Promise<Page<ApprovalItem>> {
    const { page, limit, ...filter } = query;
    return this.inbox.waiting(filter, actor.tenantIds, { page, limit });
  }
}
