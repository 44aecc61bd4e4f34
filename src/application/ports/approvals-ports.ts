import type { TenantScope } from '../../domain/staff/staff.js';
import type { Page, PageRequest } from './pagination.js';

/** What waits for a back-office decision. */
export const APPROVAL_TYPES = ['ADJUSTMENT', 'INVOICE', 'CREDIT_NOTE', 'DEBIT_NOTE'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

/** One document waiting for a decision, as the approvals inbox lists it. */
export interface ApprovalItem {
  type: ApprovalType;
  id: string;
  tenantId: string;
  tenantName: string;
  number: string;
  createdAt: Date;
  /** A line a person reads to decide whether to open it. */
  summary: string;
}

export interface ApprovalsFilter {
  type?: ApprovalType;
  tenantId?: string;
}

/** Everything waiting for a decision across tenants, oldest first. */
export interface ApprovalsInbox {
  waiting(filter: ApprovalsFilter, scope: TenantScope, page: PageRequest): Promise<Page<ApprovalItem>>;
}
