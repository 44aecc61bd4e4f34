import type { DocumentKind, DocumentNumbers } from '../../application/ports/document-numbers.js';

import { FiscalYearNotFound } from '../../domain/organization/errors.js';
import { prepared, type Db } from './db.js';

/**
 * The counter of `kind` in a tenant's fiscal year as two CTEs, for a statement to draw its
 * number from: `<name>` has one row, `number` (e.g. `INV-2026-000042`: at least 6 digits), or
 * none when the fiscal year is not the tenant's. The upsert takes the counter row's lock and
 * keeps it until the transaction ends, so concurrent creators queue on it and every number is
 * used exactly once; a rollback gives the number back. This is the one place numbers are made.
 */
export function documentNumberCtes(
  name: string,
  tenantId: string,
  fiscalYearId: string,
  kind: DocumentKind,
): { sql: string; bindings: string[] } {
  return {
    sql: `${name}_year AS (SELECT id, code FROM fiscal_years WHERE tenant_id = ? AND id = ?),
       ${name} AS (
         INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value)
         SELECT ?, y.id, ?, 1 FROM ${name}_year y
         ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
         RETURNING kind || '-' || (SELECT code FROM ${name}_year) || '-'
                   || lpad(last_value::text, greatest(6, length(last_value::text)), '0') AS number
       )`,
    bindings: [tenantId, fiscalYearId, tenantId, kind],
  };
}

/** Counter rows in `document_sequences` (`documentNumberCtes`). */
export class KnexDocumentNumbers implements DocumentNumbers {
  constructor(private readonly db: Db) {}

  /** One round trip: the fiscal year's code comes back with the counter. */
  async next(tenantId: string, fiscalYearId: string, kind: DocumentKind): Promise<string> {
    const counter = documentNumberCtes('drawn', tenantId, fiscalYearId, kind);
    const { rows } = await prepared<{ rows: { number: string }[] }>(
      this.db,
      `WITH ${counter.sql} SELECT number FROM drawn`,
      counter.bindings,
    );
    const row = rows[0];
    if (!row) throw new FiscalYearNotFound();
    return row.number;
  }
}
