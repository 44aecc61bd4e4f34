import { Type } from '@sinclair/typebox';
import { APPROVAL_TYPES } from '../../../application/ports/approvals-ports.js';
import { Id, Timestamp } from './common.js';

/** One document of the approvals inbox. */
export const ApprovalData = Type.Object(
  {
    type: Type.Union(APPROVAL_TYPES.map((t) => Type.Literal(t))),
    id: Id,
    tenantId: Id,
    tenantName: Type.String(),
    number: Type.String(),
    createdAt: Timestamp,
    summary: Type.String({
      description:
        'Adjustments: the reason and the item count; invoices: the total and the customer; notes: the amount, the invoice and the reason.',
    }),
  },
  { additionalProperties: false },
);
