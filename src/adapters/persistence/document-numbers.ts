import type { Knex } from 'knex';
import {
  formatDocumentNumber,
  type DocumentKind,
  type DocumentNumbers,
} from '../../application/ports/document-numbers.js';

type Db = Knex | Knex.Transaction;

/**
 * Counter rows in `document_sequences`. The upsert takes the row lock and keeps it until the
 * transaction ends, so concurrent creators queue on it and every number is used exactly once.
 */
export class KnexDocumentNumbers implements DocumentNumbers {
  constructor(private readonly db: Db) {}

  async next(tenantId: string, fiscalYear: { id: string; code: string }, kind: DocumentKind): Promise<string> {
    const { rows } = await this.db.raw<{ rows: { last_value: number }[] }>(
      `INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value)
       VALUES (?, ?, ?, 1)
       ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
       RETURNING last_value`,
      [tenantId, fiscalYear.id, kind],
    );
    return formatDocumentNumber(kind, fiscalYear.code, rows[0]!.last_value);
  }
}
