/**
 * Who is calling an external use case: the authenticated integration and what it is bound to.
 * Every external use case takes one and scopes all reads and writes to `tenantId`; writes are
 * attributed to `branchId` and `fiscalYearId`.
 */
export interface Caller {
  integrationId: string;
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
}
