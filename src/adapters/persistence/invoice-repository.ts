import type {
  InvoiceDetail,
  InvoiceListQuery,
  InvoiceRepository,
  InvoiceSummary,
  LoadOptions,
} from '../../application/ports/billing-repositories.js';
import type { Page } from '../../application/ports/pagination.js';
import { CustomerNotFound, DuplicateDocumentNumber, InvoiceLineProductMissing } from '../../domain/billing/errors.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { InvoicePricing } from '../../domain/billing/invoice-line.js';
import type { NoteKind } from '../../domain/billing/note.js';
import {
  APPROVED_NOTE_STATUS,
  AWAITING_APPROVAL_NOTE_STATUSES,
  NOTE_STATUSES,
  type NoteStatus,
} from '../../domain/billing/note.machine.js';
import { FiscalYearNotFound } from '../../domain/organization/errors.js';
import { translateViolations } from './db-errors.js';
import { documentNumberCtes } from './document-numbers.js';
import { KEY_TAKEN, type StatementKey } from './idempotency-store.js';
import { withEvents } from './outbox-repository.js';
import {
  toInvoice,
  toInvoiceLineRows,
  toInvoicePricing,
  toInvoiceRow,
  toInvoiceSummary,
  type InvoiceLineRow,
  type InvoiceRow,
  type NoteTotalsRow,
} from './invoice.mapper.js';
import { toNote, type NoteRow } from './note.mapper.js';
import { NOTE_TABLES } from './note-repository.js';
import { toPayment, toRefund, type PaymentRow, type RefundRow } from './payment-refund.mapper.js';
import { paginate } from './paginate.js';
import { statusAmong } from './status-sql.js';
import { jsonValue, prepared, preparedQuery, type Db, type SeenAggregates } from './db.js';

/**
 * The sum of one invoice's notes of `kind` in one of `statuses` (from note.machine.ts); `tenant`
 * and `invoice` are the SQL that names the invoice.
 */
function notesSum(kind: NoteKind, statuses: readonly NoteStatus[], tenant: string, invoice: string): string {
  return `COALESCE((SELECT sum(n.amount) FROM ${NOTE_TABLES[kind]} n
     WHERE n.tenant_id = ${tenant} AND n.invoice_id = ${invoice} AND ${statusAmong('n.status', statuses, NOTE_STATUSES)}), 0)`;
}

/**
 * What an invoice's amounts take from its notes (`InvoiceNoteTotals`): the approved debit and
 * credit notes, and the credit notes awaiting approval, of the invoice `tenant`, `invoice` name.
 */
const NOTE_TOTALS = {
  approved_debits: (tenant: string, invoice: string) => notesSum('DEBIT', [APPROVED_NOTE_STATUS], tenant, invoice),
  approved_credits: (tenant: string, invoice: string) => notesSum('CREDIT', [APPROVED_NOTE_STATUS], tenant, invoice),
  pending_credits: (tenant: string, invoice: string) =>
    notesSum('CREDIT', AWAITING_APPROVAL_NOTE_STATUSES, tenant, invoice),
} satisfies Record<keyof NoteTotalsRow, unknown>;

/** An invoice's lines (a JSON array) and note totals, as columns of the statement that names it. */
type LinesAndTotals = NoteTotalsRow & { lines: unknown };

/** The select list of `LinesAndTotals` for the invoice whose tenant and id `tenant`, `invoice` name. */
function linesAndTotalsOf(tenant: string, invoice: string): string {
  return `COALESCE((SELECT json_agg(json_build_object(
              'tenant_id', l.tenant_id, 'invoice_id', l.invoice_id, 'line_no', l.line_no,
              'product_id', l.product_id, 'quantity', l.quantity::text,
              'unit_price', l.unit_price::text, 'line_total', l.line_total::text,
              'tax_rate', l.tax_rate::text, 'untaxed_amount', l.untaxed_amount::text,
              'tax_amount', l.tax_amount::text, 'gross_amount', l.gross_amount::text) ORDER BY l.line_no)
            FROM invoice_lines l WHERE l.tenant_id = ${tenant} AND l.invoice_id = ${invoice}), '[]'::json) AS lines,
     ${NOTE_TOTALS.approved_debits(tenant, invoice)} AS approved_debits,
     ${NOTE_TOTALS.approved_credits(tenant, invoice)} AS approved_credits,
     ${NOTE_TOTALS.pending_credits(tenant, invoice)} AS pending_credits`;
}

/**
 * How one kind of document an invoice's detail carries is read: as a JSON array of its rows,
 * newest first, then id; `numeric` columns travel as text (no amount passes through a binary
 * float), `dates` are turned back into Dates before the row reaches its mapper.
 */
interface DocumentJson<Row> {
  table: string;
  newest: keyof Row & string;
  numeric: (keyof Row & string)[];
  dates: (keyof Row & string)[];
}

const noteJson = (kind: NoteKind): DocumentJson<NoteRow> => ({
  table: NOTE_TABLES[kind],
  newest: 'created_at',
  numeric: ['amount', 'tax_amount', 'untaxed_amount'],
  dates: ['approved_at', 'voided_at', 'created_at', 'updated_at'],
});

const DETAIL_DOCUMENTS = {
  payments: { table: 'payments', newest: 'received_at', numeric: ['amount'], dates: ['received_at'] },
  refunds: { table: 'refunds', newest: 'created_at', numeric: ['amount'], dates: ['created_at'] },
  credit_notes: noteJson('CREDIT'),
  debit_notes: noteJson('DEBIT'),
} satisfies {
  payments: DocumentJson<PaymentRow>;
  refunds: DocumentJson<RefundRow>;
  credit_notes: DocumentJson<NoteRow>;
  debit_notes: DocumentJson<NoteRow>;
};

type DetailDocuments = Record<keyof typeof DETAIL_DOCUMENTS, unknown>;

/** The select list of `DetailDocuments` for the invoice whose tenant and id `tenant`, `invoice` name. */
function documentsOf(tenant: string, invoice: string): string {
  return Object.entries(DETAIL_DOCUMENTS)
    .map(([name, d]) => {
      const texts = d.numeric.map((c) => `'${c}', d.${c}::text`).join(', ');
      return `COALESCE((SELECT json_agg(to_jsonb(d) || jsonb_build_object(${texts}) ORDER BY d.${d.newest} DESC, d.id)
         FROM ${d.table} d WHERE d.tenant_id = ${tenant} AND d.invoice_id = ${invoice}), '[]'::json) AS ${name}`;
    })
    .join(',\n     ');
}

/** The rows of one of `DETAIL_DOCUMENTS` as its mapper takes them. */
function documentRows<Row>(json: unknown, { dates }: DocumentJson<Row>): Row[] {
  return jsonValue<Record<string, unknown>[]>(json).map((row) => {
    for (const column of dates) if (row[column] !== null) row[column] = new Date(row[column] as string);
    return row as Row;
  });
}

/** The invoice of a row that carries its lines and note totals (`linesAndTotalsOf`). */
function invoiceOf(row: InvoiceRow & LinesAndTotals): Invoice {
  const { lines, approved_debits, approved_credits, pending_credits, ...invoice } = row;
  return toInvoice(invoice, jsonValue<InvoiceLineRow[]>(lines), { approved_debits, approved_credits, pending_credits });
}

export class KnexInvoiceRepository implements InvoiceRepository {
  constructor(
    private readonly db: Db,
    private readonly seen: SeenAggregates,
    /** Set only inside `UnitOfWork.runStatement` of a keyed request. */
    private readonly statementKey?: StatementKey,
  ) {}

  /**
   * Numbers the new invoice and stores it with its lines in one statement: the number is drawn
   * (`documentNumberCtes`) by the statement that inserts the rows, so the counter's lock is held
   * for that statement only when it runs on its own (`UnitOfWork.runStatement`), and a keyed
   * request's key goes into the same statement. The foreign keys check the customer and the
   * products (of the same tenant) at the end of the statement: no lookups first.
   */
  async add(invoice: Invoice): Promise<void> {
    this.seen.add(invoice);
    const { number: _drawnBelow, ...row } = toInvoiceRow(invoice);
    const counter = documentNumberCtes('drawn', row.tenant_id, row.fiscal_year_id, 'INV');
    const lines = toInvoiceLineRows(invoice);
    const list = (names: string[], alias = '') => names.map((c) => `${alias}"${c}"`).join(', ');
    const columns = Object.keys(row);
    const ctes = [
      counter.sql,
      `invoice AS (
         INSERT INTO invoices (${list(columns)}, number)
         SELECT ${list(columns, 'r.')}, drawn.number FROM drawn, json_populate_record(NULL::invoices, ?::json) r
         RETURNING id, number)`,
    ];
    const bindings: (string | Date)[] = [...counter.bindings, JSON.stringify(row)];
    if (lines.length > 0) {
      const lineColumns = Object.keys(lines[0]!);
      ctes.push(`lines AS (
         INSERT INTO invoice_lines (${list(lineColumns)})
         SELECT ${list(lineColumns, 'l.')} FROM invoice, json_populate_recordset(NULL::invoice_lines, ?::json) l)`);
      bindings.push(JSON.stringify(lines));
    }
    const key = this.statementKey?.cte('invoice');
    if (key) {
      ctes.push(key.sql);
      bindings.push(...key.bindings);
    }
    const { rows } = await translateViolations(
      () =>
        prepared<{ rows: { number: string }[] }>(
          this.db,
          `WITH ${ctes.join(', ')} SELECT number FROM invoice`,
          bindings,
        ),
      {
        invoices_tenant_number_unique: () => new DuplicateDocumentNumber(),
        invoices_customer_fk: () => new CustomerNotFound(),
        invoice_lines_product_fk: () => new InvoiceLineProductMissing(),
        ...KEY_TAKEN,
      },
    );
    if (!rows[0]) throw new FiscalYearNotFound();
    invoice.numbered(rows[0].number);
  }

  async save(invoice: Invoice): Promise<void> {
    this.seen.add(invoice);
    const row = toInvoiceRow(invoice);
    // Prepared: a payment, a refund and a void all save the invoice this way.
    await preparedQuery(
      withEvents(this.db, invoice, (q) =>
        q.table('invoices').where({ tenant_id: row.tenant_id, id: row.id }).update({
          status: row.status,
          payments_total: row.payments_total,
          refunds_total: row.refunds_total,
          void_reason: row.void_reason,
          approved_at: row.approved_at,
          approved_by: row.approved_by,
          voided_at: row.voided_at,
          updated_at: row.updated_at,
        }),
      ),
    );
  }

  findById(tenantId: string, id: string, options: LoadOptions = {}): Promise<Invoice | null> {
    return this.load({ tenant_id: tenantId, id }, options);
  }

  findByIdAcrossTenants(id: string, options: LoadOptions = {}): Promise<Invoice | null> {
    return this.load({ id }, options);
  }

  /** One statement: the invoice's row, lines and note totals, and its documents as JSON. */
  async findDetail(tenantId: string, id: string): Promise<InvoiceDetail | null> {
    const row = await this.unlocked<DetailDocuments>({ tenant_id: tenantId, id }, documentsOf('i.tenant_id', 'i.id'));
    if (!row) return null;
    const { payments, refunds, credit_notes, debit_notes, ...invoice } = row;
    return {
      invoice: invoiceOf(invoice),
      payments: documentRows<PaymentRow>(payments, DETAIL_DOCUMENTS.payments).map(toPayment),
      refunds: documentRows<RefundRow>(refunds, DETAIL_DOCUMENTS.refunds).map(toRefund),
      creditNotes: documentRows<NoteRow>(credit_notes, DETAIL_DOCUMENTS.credit_notes).map((n) => toNote('CREDIT', n)),
      debitNotes: documentRows<NoteRow>(debit_notes, DETAIL_DOCUMENTS.debit_notes).map((n) => toNote('DEBIT', n)),
    };
  }

  /**
   * Locked (a write's load): the row first, then its lines and note totals in one later
   * statement. Under READ COMMITTED each statement sees what was committed before it began, so
   * totals read after the lock include every note written by the transaction that held it
   * before us. Unlocked (a read): all three in one statement, from one snapshot. Line values
   * travel as text inside the JSON, so no amount passes through a binary float.
   */
  private async load(where: Partial<InvoiceRow>, options: LoadOptions): Promise<Invoice | null> {
    if (!options.forUpdate) {
      const row = await this.unlocked(where);
      return row ? invoiceOf(row) : null;
    }
    const row = await preparedQuery(this.db<InvoiceRow>('invoices').where(where).forUpdate().first());
    if (!row) return null;
    const { rows } = await prepared<{ rows: LinesAndTotals[] }>(
      this.db,
      `SELECT ${linesAndTotalsOf('k.t', 'k.i')} FROM (SELECT ?::uuid AS t, ?::uuid AS i) k`,
      [row.tenant_id, row.id],
    );
    const { lines, ...totals } = rows[0]!;
    return toInvoice(row, jsonValue<InvoiceLineRow[]>(lines), totals);
  }

  /**
   * One prepared statement, no lock: the invoice `where` names (alias `i`), its lines and note
   * totals, and the columns of `more` (select-list SQL over `i`).
   */
  private async unlocked<More = unknown>(
    where: Partial<InvoiceRow>,
    more?: string,
  ): Promise<(InvoiceRow & LinesAndTotals & More) | undefined> {
    const columns = [linesAndTotalsOf('i.tenant_id', 'i.id'), ...(more === undefined ? [] : [more])];
    const q = this.db<InvoiceRow>('invoices as i')
      .where(Object.fromEntries(Object.entries(where).map(([column, value]) => [`i.${column}`, value])))
      .first('i.*', ...columns.map((sql) => this.db.raw(sql)));
    return (await preparedQuery(q)) as (InvoiceRow & LinesAndTotals & More) | undefined;
  }

  /**
   * One statement: the tenant's pricing mode and the tax rate of each of `productIds` the tenant
   * has (the others are absent). Rates travel as text, so none passes through a binary float.
   */
  async findPricing(tenantId: string, productIds: readonly string[]): Promise<InvoicePricing> {
    const { rows } = await prepared<{ rows: { prices_include_tax: boolean; tax_rates: unknown }[] }>(
      this.db,
      `SELECT t.prices_include_tax,
         COALESCE((SELECT json_object_agg(p.id, p.tax_rate::text) FROM products p
                   WHERE p.tenant_id = t.id AND p.id = ANY(?::uuid[])), '{}'::json) AS tax_rates
       FROM tenants t WHERE t.id = ?`,
      [[...new Set(productIds)], tenantId],
    );
    if (!rows[0]) throw new Error(`tenant ${tenantId} does not exist`);
    return toInvoicePricing(rows[0]);
  }

  async list(tenantId: string, query: InvoiceListQuery): Promise<Page<InvoiceSummary>> {
    const base = this.db('invoices as i').where('i.tenant_id', tenantId);
    if (query.status) base.andWhere('i.status', query.status);
    if (query.fromDate) base.andWhere('i.created_at', '>=', query.fromDate);
    if (query.toDate) base.andWhere('i.created_at', '<', query.toDate);
    return paginate(
      base,
      query,
      (q) =>
        q
          .select('i.*')
          .select(this.db.raw(`${NOTE_TOTALS.approved_debits('i.tenant_id', 'i.id')} AS approved_debits`))
          .select(this.db.raw(`${NOTE_TOTALS.approved_credits('i.tenant_id', 'i.id')} AS approved_credits`))
          .orderBy([{ column: 'i.created_at', order: 'desc' }, { column: 'i.id' }]),
      (row: InvoiceRow & { approved_debits: string; approved_credits: string }) => toInvoiceSummary(row),
    );
  }
}
