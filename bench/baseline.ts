/**
 * The benchmark baseline: a minimal hand-written express 5 + pg server doing the same SQL as
 * the service for each scenario, with no authentication, no validation and none of our
 * framework. `DATABASE_URL` and `PORT` come from the environment; `TENANT_ID` fixes the tenant.
 */
import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenantId = process.env.TENANT_ID!;
const branchId = process.env.BRANCH_ID!;
const fiscalYearId = process.env.FISCAL_YEAR_ID!;
const fiscalYearCode = process.env.FISCAL_YEAR_CODE!;
const integrationId = process.env.INTEGRATION_ID!;
const app = express();
app.use(express.json({ limit: '1mb' }));

app.get('/api/v1/external/products', async (req, res) => {
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 10);
  const search = typeof req.query.search === 'string' ? req.query.search : '';
  const params: unknown[] = [tenantId];
  let where = 'p.tenant_id = $1';
  if (search) {
    params.push(`%${search.toLowerCase()}%`);
    where += ' AND (lower(p.name) LIKE $2 OR lower(p.sku) LIKE $2)';
  }
  const [rows, count] = await Promise.all([
    pool.query(
      `SELECT p.*, COALESCE((SELECT sum(s.quantity) FROM stock_levels s WHERE s.tenant_id = p.tenant_id AND s.product_id = p.id), 0) AS current_stock
       FROM products p WHERE ${where} ORDER BY p.name, p.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    ),
    pool.query(`SELECT count(*) AS total FROM products p WHERE ${where}`, params),
  ]);
  res.json({
    success: true,
    data: rows.rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      price: Number(r.price),
      sku: r.sku,
      currentStock: Number(r.current_stock),
      minStock: Number(r.min_stock),
    })),
    pagination: { total: Number(count.rows[0].total), page, limit },
  });
});

const Dec = Decimal.clone({ precision: 40 });
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

interface Item {
  productId: string;
  quantity: number;
  unitPrice: number;
  taxRate?: number;
}

/** The tenant's pricing mode and the products' tax rates: the service's one read before the insert. */
async function pricingOf(items: Item[]): Promise<{ gross: boolean; rates: Record<string, string> }> {
  const { rows } = await pool.query(
    `SELECT t.prices_include_tax,
       COALESCE((SELECT json_object_agg(p.id, p.tax_rate::text) FROM products p
                 WHERE p.tenant_id = t.id AND p.id = ANY($2::uuid[])), '{}'::json) AS tax_rates
     FROM tenants t WHERE t.id = $1`,
    [tenantId, [...new Set(items.map((i) => i.productId))]],
  );
  return { gross: rows[0].prices_include_tax, rates: rows[0].tax_rates };
}

/** The same amounts as the service: each line rounded half-up to cents, taxed net or gross. */
function taxedLine(item: Item, n: number, pricing: { gross: boolean; rates: Record<string, string> }) {
  const total = cents(new Dec(item.quantity).times(item.unitPrice));
  const rate = new Dec(item.taxRate ?? pricing.rates[item.productId]!);
  const untaxed = pricing.gross ? cents(total.dividedBy(rate.dividedBy(100).plus(1))) : total;
  const tax = pricing.gross ? total.minus(untaxed) : cents(total.times(rate).dividedBy(100));
  return { ...item, n: n + 1, total, rate, untaxed, tax, gross: untaxed.plus(tax) };
}

/** The same rows the service writes for an invoice, after the same pricing read, with nothing checked. */
app.post('/api/v1/external/billing/invoices', async (req, res) => {
  const { customerId, paymentMethod, items } = req.body as { customerId: string; paymentMethod: string; items: Item[] };
  const pricing = await pricingOf(items);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const seq = await client.query(
      `INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value) VALUES ($1, $2, 'INV', 1)
       ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
       RETURNING last_value`,
      [tenantId, fiscalYearId],
    );
    const number = `INV-${fiscalYearCode}-${String(seq.rows[0].last_value).padStart(6, '0')}`;
    const id = randomUUID();
    const lines = items.map((item, n) => taxedLine(item, n, pricing));
    const sum = (f: (l: (typeof lines)[number]) => Decimal) => lines.reduce((a, l) => a.plus(f(l)), new Dec(0));
    const [subtotal, tax, total] = [sum((l) => l.untaxed), sum((l) => l.tax), sum((l) => l.gross)];
    const now = new Date();
    await client.query(
      `INSERT INTO invoices (tenant_id, id, number, fiscal_year_id, branch_id, customer_id, payment_method, status, subtotal, tax_amount, total_amount, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'DRAFT', $8, $9, $10, $11, $11)`,
      [
        tenantId,
        id,
        number,
        fiscalYearId,
        branchId,
        customerId,
        paymentMethod,
        ...[subtotal, tax, total].map((a) => a.toFixed(2)),
        now,
      ],
    );
    await client.query(
      `INSERT INTO invoice_lines (tenant_id, invoice_id, line_no, product_id, quantity, unit_price, line_total, tax_rate, untaxed_amount, tax_amount, gross_amount)
       SELECT $1, $2, * FROM unnest($3::int[], $4::uuid[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[])`,
      [
        tenantId,
        id,
        lines.map((l) => l.n),
        lines.map((l) => l.productId),
        lines.map((l) => l.quantity),
        lines.map((l) => l.unitPrice),
        lines.map((l) => l.total.toFixed(2)),
        lines.map((l) => l.rate.toFixed(2)),
        lines.map((l) => l.untaxed.toFixed(2)),
        lines.map((l) => l.tax.toFixed(2)),
        lines.map((l) => l.gross.toFixed(2)),
      ],
    );
    await client.query('COMMIT');
    res.status(201).json({
      success: true,
      data: {
        id,
        billNumber: number,
        status: 'DRAFT',
        subtotal: subtotal.toNumber(),
        taxAmount: tax.toNumber(),
        totalAmount: total.toNumber(),
      },
    });
  } catch (err) {
    await client.query('ROLLBACK');
    res.status(500).json({ success: false, status: 500, message: String(err) });
  } finally {
    client.release();
  }
});

/**
 * The same statements the service runs for a reservation, in one transaction, with nothing
 * checked: free the warehouse's expired holds, the conditional hold per row
 * (`quantity - reserved >= wanted`), the RSV counter, the reservation and its items.
 */
app.post('/api/v1/external/products/reserve', async (req, res) => {
  const { warehouseId, items } = req.body as { warehouseId: string; items: { productId: string; quantity: number }[] };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const now = new Date();
    await client.query(
      `WITH due AS (
         SELECT tenant_id, id FROM reservations
         WHERE status = ANY($1) AND expires_at <= $2 AND tenant_id = $3 AND warehouse_id = $4
         ORDER BY expires_at FOR UPDATE
       ),
       expired AS (
         UPDATE reservations r SET status = 'EXPIRED', updated_at = $2 FROM due
         WHERE r.tenant_id = due.tenant_id AND r.id = due.id AND r.status = ANY($1)
         RETURNING r.tenant_id, r.id, r.warehouse_id
       ),
       freed AS (
         SELECT e.tenant_id, e.warehouse_id, ri.product_id, sum(ri.quantity) AS quantity
         FROM expired e JOIN reservation_items ri ON ri.tenant_id = e.tenant_id AND ri.reservation_id = e.id
         GROUP BY e.tenant_id, e.warehouse_id, ri.product_id
       ),
       released AS (
         UPDATE stock_levels s SET reserved = s.reserved - freed.quantity, updated_at = $2 FROM freed
         WHERE s.tenant_id = freed.tenant_id AND s.warehouse_id = freed.warehouse_id AND s.product_id = freed.product_id
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM expired)::int AS expired`,
      [['ACTIVE'], now, tenantId, warehouseId],
    );
    for (const item of items) {
      const held = await client.query(
        `UPDATE stock_levels SET reserved = reserved + $1, updated_at = $2
         WHERE tenant_id = $3 AND warehouse_id = $4 AND product_id = $5 AND quantity - reserved >= $1 RETURNING 1`,
        [item.quantity, now, tenantId, warehouseId, item.productId],
      );
      if (held.rowCount !== 1) throw new Error('Insufficient available stock');
    }
    const seq = await client.query(
      `INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value) VALUES ($1, $2, 'RSV', 1)
       ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
       RETURNING last_value`,
      [tenantId, fiscalYearId],
    );
    const number = `RSV-${fiscalYearCode}-${String(seq.rows[0].last_value).padStart(6, '0')}`;
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + 900_000);
    await client.query(
      `INSERT INTO reservations (tenant_id, id, number, warehouse_id, branch_id, fiscal_year_id, integration_id, status, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'ACTIVE', $8, $9, $9)`,
      [tenantId, id, number, warehouseId, branchId, fiscalYearId, integrationId, expiresAt, now],
    );
    await client.query(
      `INSERT INTO reservation_items (tenant_id, reservation_id, row_no, product_id, quantity)
       SELECT $1, $2, * FROM unnest($3::int[], $4::uuid[], $5::numeric[])`,
      [tenantId, id, items.map((_, i) => i + 1), items.map((i) => i.productId), items.map((i) => i.quantity)],
    );
    await client.query('COMMIT');
    res.status(201).json({
      success: true,
      data: { id, reservationNumber: number, status: 'ACTIVE', warehouseId, items, expiresAt: expiresAt.toISOString() },
    });
  } catch (err) {
    await client.query('ROLLBACK');
    res.status(500).json({ success: false, status: 500, message: String(err) });
  } finally {
    client.release();
  }
});

/**
 * The same row-locked update as the service's payment of an invoice, with nothing checked
 * but the amount due: lock the invoice row, sum its approved notes, draw the PAY- number, move
 * the invoice's total (and status), insert the payment and its outbox event, in one transaction.
 */
app.post('/api/v1/external/billing/invoices/:id/payments', async (req, res) => {
  const { amount, method, reference } = req.body as { amount: number; method: string; reference?: string };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `SELECT i.*,
         COALESCE((SELECT sum(amount) FROM debit_notes d WHERE d.tenant_id = i.tenant_id AND d.invoice_id = i.id AND d.status = 'APPROVED'), 0) AS debits,
         COALESCE((SELECT sum(amount) FROM credit_notes c WHERE c.tenant_id = i.tenant_id AND c.invoice_id = i.id AND c.status = 'APPROVED'), 0) AS credits
       FROM invoices i WHERE i.tenant_id = $1 AND i.id = $2 FOR UPDATE`,
      [tenantId, req.params.id],
    );
    const inv = rows[0];
    const cents = (v: string | number) => Math.round(Number(v) * 100);
    const due =
      cents(inv.total_amount) +
      cents(inv.debits) -
      cents(inv.credits) -
      cents(inv.payments_total) +
      cents(inv.refunds_total);
    if (!['DRAFT', 'APPROVED'].includes(inv.status) || cents(amount) > due) {
      await client.query('ROLLBACK');
      res.status(400).json({ success: false, status: 400, message: 'Payment exceeds the amount due' });
      return;
    }
    const seq = await client.query(
      `INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value) VALUES ($1, $2, 'PAY', 1)
       ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
       RETURNING last_value`,
      [tenantId, fiscalYearId],
    );
    const number = `PAY-${fiscalYearCode}-${String(seq.rows[0].last_value).padStart(6, '0')}`;
    const id = randomUUID();
    const now = new Date();
    const left = due - cents(amount);
    const status = left === 0 ? 'PAID' : 'APPROVED';
    await client.query(
      `UPDATE invoices SET status = $3, payments_total = payments_total + $4, approved_at = COALESCE(approved_at, $5), updated_at = $5
       WHERE tenant_id = $1 AND id = $2`,
      [tenantId, inv.id, status, amount, now],
    );
    await client.query(
      `INSERT INTO payments (tenant_id, id, number, invoice_id, fiscal_year_id, branch_id, amount, method, reference, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [tenantId, id, number, inv.id, fiscalYearId, branchId, amount, method, reference ?? null, now],
    );
    const payload = {
      id,
      code: number,
      branchId,
      resource: 'PAYMENT',
      action: 'RECEIVE',
      invoiceId: inv.id,
      paymentMethod: method,
      reference: reference ?? null,
      amount,
      timestamp: now.toISOString(),
    };
    await client.query(
      `INSERT INTO outbox_events (tenant_id, id, event_name, payload, occurred_at) VALUES ($1, $2, 'billing.payment.received', $3, $4)`,
      [tenantId, randomUUID(), JSON.stringify(payload), now],
    );
    await client.query('COMMIT');
    res.status(201).json({
      success: true,
      data: {
        id,
        paymentNumber: number,
        invoiceId: inv.id,
        amount,
        method,
        reference: reference ?? null,
        receivedAt: now.toISOString(),
        invoiceStatus: status,
        amountDue: left / 100,
      },
    });
  } catch (err) {
    await client.query('ROLLBACK');
    res.status(500).json({ success: false, status: 500, message: String(err) });
  } finally {
    client.release();
  }
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
