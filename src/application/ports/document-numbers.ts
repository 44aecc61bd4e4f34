/**
 * Document kinds that carry a number `<KIND>-<fiscal year code>-<sequence>`, the sequence
 * zero-padded to 6 digits (more once it passes 999999). The store makes the numbers.
 */
export type DocumentKind = 'INV' | 'CN' | 'DN' | 'ADJ' | 'SHP' | 'TRF' | 'RSV' | 'PO' | 'GRN' | 'PAY' | 'RF';

export interface DocumentNumbers {
  /**
   * The next number of `kind` in the tenant's fiscal year, e.g. `INV-2026-000042`. Unique and
   * gapless: it holds a lock on the counter until the transaction ends, and a rollback gives
   * the number back. Call it inside `UnitOfWork.run`. Throws FiscalYearNotFound when the fiscal
   * year is not the tenant's.
   */
  next(tenantId: string, fiscalYearId: string, kind: DocumentKind): Promise<string>;
}
