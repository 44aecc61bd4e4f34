import {
  formatDocumentNumber,
  type DocumentKind,
  type DocumentNumbers,
} from '../../application/ports/document-numbers.js';

import { FiscalYearNotFound } from '../../domain/organization/errors.js';
import type { Db } from './db.js';

/**
 * Counter rows in `document_sequences`. The upsert takes the row lock and keeps it until the
 * transaction ends, so concurrent creators queue on it and every number is used exactly once.
 */
export class KnexDocumentNumbers implements DocumentNumbers {
  constructor(private readonly db: Db) {}

  /** One round trip: the fiscal year's code comes back with the counter. */
  async next(tenantId: string, fiscalYearId: string, kind: DocumentKind): Promise<string> {
    const { rows } = await this.db.raw<{ rows: { last_value: number; code: string }[] }>(
      `WITH year AS (SELECT id, code FROM fiscal_years WHERE tenant_id = ? AND id = ?)
       INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value)
       SELECT ?, year.id, ?, 1 FROM year
       ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
       RETURNING last_value, (SELECT code FROM year) AS code`,
      [tenantId, fiscalYearId, tenantId, kind],
    );
    const row = rows[0];
    if (!row) throw new FiscalYearNotFound();
    return formatDocumentNumber(kind, row.code, row.last_value);
  }
}
