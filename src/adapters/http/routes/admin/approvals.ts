import type { ApprovalsBackOffice } from '../../../../application/back-office.js';
import { ListApprovalsQuery } from '../../../../application/approvals/commands.js';
import { ApprovalData } from '../../../shared/responses/approvals.js';
import { adminRoute, presentPage } from '../route.js';

const route = adminRoute<ApprovalsBackOffice>();

/** The approvals inbox: everything waiting for a decision in the caller's tenants. */
export const APPROVALS_ADMIN_ROUTES = [
  route({
    method: 'get',
    path: '/approvals',
    operationId: 'adminListApprovals',
    access: { role: 'VIEWER', tenant: 'any' },
    summary: 'What waits for a decision',
    description:
      'PENDING stock adjustments and DRAFT invoices, credit notes and debit notes, oldest first, in the ' +
      "caller's tenants. Decide with each document's approve (or reject) route.",
    tag: 'Back office: Approvals',
    query: ListApprovalsQuery,
    success: { status: 200, data: ApprovalData, paginated: true },
    handle: async (uc, { query, actor }) =>
      presentPage(await uc.listApprovals.execute(actor, query), (item) => ({
        ...item,
        createdAt: item.createdAt.toISOString(),
      })),
  }),
];
