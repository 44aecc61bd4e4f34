import { Type, type Static } from '@sinclair/typebox';
import { APPROVAL_TYPES } from '../ports/approvals-ports.js';
import { OneOf, PageQueryFields, Uuid } from '../shared/schemas.js';

/** `GET /approvals`: what waits for a decision, of one kind or every kind, in one tenant or all. */
export const ListApprovalsQuery = Type.Object({
  type: Type.Optional(OneOf(APPROVAL_TYPES)),
  tenantId: Type.Optional(Uuid),
  ...PageQueryFields,
});
export type ListApprovalsQuery = Static<typeof ListApprovalsQuery>;
