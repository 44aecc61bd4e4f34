/**
 * The baseline's billing routes: invoice create, payment, refund, invoice detail. Each route's
 * comment lists its statements in order; "claim" is the nonce claim and "key" / "answer" the
 * Idempotency-Key's row and stored answer (bench/baseline/gateway.ts).
 */
import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Express } from 'express';
import type pg from 'pg';
import { env, nextNumber, ok, pool, readRoute, Refused, writeRoute } from './gateway.js';

const Dec = Decimal.clone({ precision: 40 });
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

interface Item {
  productId: string;
  quantity: number;
  unitPrice: number;
  taxRate?: number;
}

interface Pricing {
  gross: boolean;
  rates: Record<string, string>;
}

/** The tenant's pricing mode and the products' tax rates: the service's one read before the write. */
async function pricingOf(items: Item[]): Promise<Pricing> {
  const { rows } = await pool.query(
    `SELECT t.prices_include_tax,
       COALESCE((SELECT json_object_agg(p.id, p.tax_rate::text) FROM products p
                 WHERE p.tenant_id = t.id AND p.id = ANY($2::uuid[])), '{}'::json) AS tax_rates
     FROM tenants t WHERE t.id = $1`,
    [env.tenantId, [...new Set(items.map((i) => i.productId))]],
  );
  return { gross: rows[0].prices_include_tax, rates: rows[0].tax_rates };
}

/** The same amounts as the service: each line rounded half-up to cents, taxed net or gross. */
function taxedLine(item: Item, n: number, pricing: Pricing) {
  const total = cents(new Dec(item.quantity).times(item.unitPrice));
  const rate = new Dec(item.taxRate ?? pricing.rates[item.productId]!);
  const untaxed = pricing.gross ? cents(total.dividedBy(rate.dividedBy(100).plus(1))) : total;
  const tax = pricing.gross ? total.minus(untaxed) : cents(total.times(rate).dividedBy(100));
  return { ...item, n: n + 1, total, rate, untaxed, tax, gross: untaxed.plus(tax) };
}

export function billingRoutes(app: Express): void {
  app.post('/api/v1/external/billing/invoices', createInvoice);
  app.get('/api/v1/external/billing/invoices/:id', invoiceDetail);
  app.post('/api/v1/external/billing/invoices/:id/payments', recordPayment);
  app.post('/api/v1/external/billing/refunds', createRefund);
}

/**
 * POST /billing/invoices — claim; the pricing read (outside the transaction); BEGIN; key; INV
 * number; the invoice; its lines (one statement); answer; COMMIT. (The service writes the
 * number, invoice, lines and key in one statement: 3 round trips fewer than these.)
 */
const createInvoice = writeRoute(async (req, begin) => {
  const { customerId, paymentMethod, items } = req.body as { customerId: string; paymentMethod: string; items: Item[] };
  const pricing = await pricingOf(items);
  const lines = items.map((item, n) => taxedLine(item, n, pricing));
  const sum = (f: (l: (typeof lines)[number]) => Decimal) => lines.reduce((a, l) => a.plus(f(l)), new Dec(0));
  const [subtotal, tax, total] = [sum((l) => l.untaxed), sum((l) => l.tax), sum((l) => l.gross)];
  const client = await begin();
  const number = await nextNumber(client, 'INV');
  const id = randomUUID();
  const now = new Date();
  const amounts = [subtotal, tax, total].map((a) => a.toFixed(2));
  await client.query(
    `INSERT INTO invoices (tenant_id, id, number, fiscal_year_id, branch_id, customer_id, payment_method, status, subtotal, tax_amount, total_amount, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'DRAFT', $8, $9, $10, $11, $11)`,
    [env.tenantId, id, number, env.fiscalYearId, env.branchId, customerId, paymentMethod, ...amounts, now],
  );
  type Line = (typeof lines)[number];
  const column = (f: (l: Line) => unknown) => lines.map(f);
  const amount = (f: (l: Line) => Decimal) => lines.map((l) => f(l).toFixed(2));
  await client.query(
    `INSERT INTO invoice_lines (tenant_id, invoice_id, line_no, product_id, quantity, unit_price, line_total, tax_rate, untaxed_amount, tax_amount, gross_amount)
     SELECT $1, $2, * FROM unnest($3::int[], $4::uuid[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[])`,
    [
      env.tenantId,
      id,
      column((l) => l.n),
      column((l) => l.productId),
      column((l) => l.quantity),
      column((l) => l.unitPrice),
      amount((l) => l.total),
      amount((l) => l.rate),
      amount((l) => l.untaxed),
      amount((l) => l.tax),
      amount((l) => l.gross),
    ],
  );
  const [subtotalN, taxN, totalN] = [subtotal, tax, total].map((a) => a.toNumber());
  return ok(201, {
    id,
    billNumber: number,
    status: 'DRAFT',
    subtotal: subtotalN,
    taxAmount: taxN,
    totalAmount: totalN,
  });
});

/** The service's read of an invoice's lines and note totals, one statement (it rebuilds the whole invoice). */
const LINES_AND_NOTES = `SELECT
   COALESCE((SELECT json_agg(json_build_object(
               'tenant_id', l.tenant_id, 'invoice_id', l.invoice_id, 'line_no', l.line_no,
               'product_id', l.product_id, 'quantity', l.quantity::text,
               'unit_price', l.unit_price::text, 'line_total', l.line_total::text,
               'tax_rate', l.tax_rate::text, 'untaxed_amount', l.untaxed_amount::text,
               'tax_amount', l.tax_amount::text, 'gross_amount', l.gross_amount::text) ORDER BY l.line_no)
             FROM invoice_lines l WHERE l.tenant_id = k.t AND l.invoice_id = k.i), '[]'::json) AS lines,
   COALESCE((SELECT sum(n.amount) FROM debit_notes n
             WHERE n.tenant_id = k.t AND n.invoice_id = k.i AND n.status IN ('APPROVED')), 0) AS approved_debits,
   COALESCE((SELECT sum(n.amount) FROM credit_notes n
             WHERE n.tenant_id = k.t AND n.invoice_id = k.i AND n.status IN ('APPROVED')), 0) AS approved_credits,
   COALESCE((SELECT sum(n.amount) FROM credit_notes n
             WHERE n.tenant_id = k.t AND n.invoice_id = k.i AND n.status IN ('DRAFT')), 0) AS pending_credits
 FROM (SELECT $1::uuid AS t, $2::uuid AS i) k`;

const toCents = (v: string | number) => Math.round(Number(v) * 100);

/** An invoice row, locked, with its lines and note totals; its net amount and what was paid, in cents. */
async function lockedInvoice(client: pg.PoolClient, id: string) {
  const { rows } = await client.query('SELECT * FROM invoices WHERE tenant_id = $1 AND id = $2 LIMIT 1 FOR UPDATE', [
    env.tenantId,
    id,
  ]);
  const invoice = rows[0];
  if (!invoice) throw new Refused(404, 'Invoice not found');
  const notes = (await client.query(LINES_AND_NOTES, [env.tenantId, id])).rows[0];
  const net = toCents(invoice.total_amount) + toCents(notes.approved_debits) - toCents(notes.approved_credits);
  const paid = toCents(invoice.payments_total) - toCents(invoice.refunds_total);
  return { invoice, net, paid };
}

/** The outbox's row of an event, written with the change it tells of. */
async function addEvent(client: pg.PoolClient, name: string, payload: object, now: Date): Promise<void> {
  await client.query(
    'INSERT INTO outbox_events (tenant_id, id, event_name, payload, occurred_at) VALUES ($1, $2, $3, $4, $5)',
    [env.tenantId, randomUUID(), name, JSON.stringify(payload), now],
  );
}

/**
 * POST /billing/invoices/:id/payments — claim; BEGIN; key; the invoice row FOR UPDATE; its
 * lines and note totals; PAY number; the invoice's totals and status; the payment; its outbox
 * event; answer; COMMIT. (The service writes the payment and its event in one statement, which
 * draws the number too, after the invoice's update.)
 */
const recordPayment = writeRoute(async (req, begin) => {
  const { amount, method, reference } = req.body as { amount: number; method: string; reference?: string };
  const client = await begin();
  const { invoice, net, paid } = await lockedInvoice(client, req.params.id as string);
  const due = net - paid;
  if (!['DRAFT', 'APPROVED'].includes(invoice.status) || toCents(amount) > due) {
    throw new Refused(400, 'Payment exceeds the amount due');
  }
  const number = await nextNumber(client, 'PAY');
  const id = randomUUID();
  const now = new Date();
  const left = due - toCents(amount);
  const status = left === 0 ? 'PAID' : 'APPROVED';
  await client.query(
    `UPDATE invoices SET status = $3, payments_total = payments_total + $4, approved_at = COALESCE(approved_at, $5), updated_at = $5
     WHERE tenant_id = $1 AND id = $2`,
    [env.tenantId, invoice.id, status, amount, now],
  );
  await client.query(
    `INSERT INTO payments (tenant_id, id, number, invoice_id, fiscal_year_id, branch_id, amount, method, reference, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [env.tenantId, id, number, invoice.id, env.fiscalYearId, env.branchId, amount, method, reference ?? null, now],
  );
  const common = { id, code: number, branchId: env.branchId, invoiceId: invoice.id, amount };
  const event = { ...common, resource: 'PAYMENT', action: 'RECEIVE', paymentMethod: method, reference };
  await addEvent(client, 'billing.payment.received', { ...event, timestamp: now.toISOString() }, now);
  return ok(201, { ...common, paymentNumber: number, method, reference, receivedAt: now, invoiceStatus: status });
});

/**
 * POST /billing/refunds — claim; BEGIN; key; the invoice row FOR UPDATE; its lines and note
 * totals; RF number; the invoice's refunds total; the refund; its outbox event; answer; COMMIT.
 * (The service writes the refund and its event in one statement, which draws the number too.) On an APPROVED invoice all
 * that was paid may be refunded; on a PAID one only an overpayment.
 */
const createRefund = writeRoute(async (req, begin) => {
  const body = req.body as { invoiceId: string; amount: number; reason: string; method?: string };
  const client = await begin();
  const { invoice, net, paid } = await lockedInvoice(client, body.invoiceId);
  const refundable = invoice.status === 'PAID' ? Math.max(paid - net, 0) : paid;
  if (!['APPROVED', 'PAID', 'VOIDED'].includes(invoice.status) || toCents(body.amount) > refundable) {
    throw new Refused(400, 'Refund exceeds the refundable amount');
  }
  const number = await nextNumber(client, 'RF');
  const id = randomUUID();
  const now = new Date();
  await client.query(
    'UPDATE invoices SET refunds_total = refunds_total + $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2',
    [env.tenantId, invoice.id, body.amount, now],
  );
  await client.query(
    `INSERT INTO refunds (tenant_id, id, number, invoice_id, fiscal_year_id, branch_id, amount, reason, method, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'PROCESSED', $10)`,
    [env.tenantId, id, number, invoice.id, env.fiscalYearId, env.branchId, body.amount, body.reason, body.method, now],
  );
  const common = { id, branchId: env.branchId, invoiceId: invoice.id, amount: body.amount };
  await addEvent(
    client,
    'billing.refund.processed',
    { ...common, code: number, resource: 'REFUND', action: 'PROCESS' },
    now,
  );
  return ok(201, { ...common, refundNumber: number, reason: body.reason, method: body.method, status: 'PROCESSED' });
});

/** The invoice's documents of one kind, newest first, as the service lists them. */
const documentsOf = (table: string, at: string, id: string) =>
  pool.query(`SELECT * FROM ${table} WHERE tenant_id = $1 AND invoice_id = $2 ORDER BY ${at} DESC, id ASC`, [
    env.tenantId,
    id,
  ]);

/**
 * GET /billing/invoices/:id — claim beside the invoice's row; its lines and note totals; then
 * its payments, refunds, credit notes and debit notes (4 statements side by side on 4
 * connections). The service reads all of it in one statement, the documents as JSON.
 */
const invoiceDetail = readRoute(async (req, claim) => {
  const id = req.params.id as string;
  const [, found] = await Promise.all([
    claim,
    pool.query('SELECT * FROM invoices WHERE tenant_id = $1 AND id = $2 LIMIT 1', [env.tenantId, id]),
  ]);
  const invoice = found.rows[0];
  if (!invoice) throw new Refused(404, 'Invoice not found');
  const notes = (await pool.query(LINES_AND_NOTES, [env.tenantId, id])).rows[0];
  const [payments, refunds, credits, debits] = await Promise.all([
    documentsOf('payments', 'received_at', id),
    documentsOf('refunds', 'created_at', id),
    documentsOf('credit_notes', 'created_at', id),
    documentsOf('debit_notes', 'created_at', id),
  ]);
  const net = toCents(invoice.total_amount) + toCents(notes.approved_debits) - toCents(notes.approved_credits);
  const paid = toCents(invoice.payments_total) - toCents(invoice.refunds_total);
  const money = (r: { amount: string }) => ({ ...r, amount: Number(r.amount) });
  return ok(200, {
    id: invoice.id,
    billNumber: invoice.number,
    status: invoice.status,
    customerId: invoice.customer_id,
    totalAmount: Number(invoice.total_amount),
    netAmount: net / 100,
    amountPaid: paid / 100,
    amountDue: (net - paid) / 100,
    items: notes.lines,
    payments: payments.rows.map(money),
    refunds: refunds.rows.map(money),
    creditNotes: credits.rows.map(money),
    debitNotes: debits.rows.map(money),
  });
});
