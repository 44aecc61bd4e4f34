/**
 * The baseline's stock writes: reservation, transfer, adjustment request, goods receipt. Each
 * route's comment lists its statements in order; "claim" is the nonce claim and "key" / "answer"
 * the Idempotency-Key's row and stored answer (bench/baseline/gateway.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type pg from 'pg';
import { env, nextNumber, ok, Refused, writeRoute } from './gateway.js';

interface Line {
  productId: string;
  quantity: number;
}

/** The warehouse must be the tenant's (the service reads its row). */
async function checkWarehouse(client: pg.PoolClient, id: string): Promise<void> {
  const { rowCount } = await client.query('SELECT * FROM warehouses WHERE tenant_id = $1 AND id = $2 LIMIT 1', [
    env.tenantId,
    id,
  ]);
  if (rowCount !== 1) throw new Refused(404, 'Warehouse not found');
}

/** Every product must be the tenant's (the service reads their ids). */
async function checkProducts(client: pg.PoolClient, ids: string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const { rowCount } = await client.query('SELECT id FROM products WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [
    env.tenantId,
    wanted,
  ]);
  if (rowCount !== wanted.length) throw new Refused(404, 'Product not found');
}

/** Frees the warehouse's reservations past their expiry, in one statement; how many it expired. */
async function expireDue(client: pg.PoolClient, warehouseId: string, now: Date): Promise<number> {
  const { rows } = await client.query<{ expired: number }>(
    `WITH due AS (
       SELECT tenant_id, id FROM reservations
       WHERE status IN ('ACTIVE') AND expires_at <= $1 AND tenant_id = $2 AND warehouse_id = $3
       ORDER BY expires_at FOR UPDATE
     ),
     expired AS (
       UPDATE reservations r SET status = 'EXPIRED', updated_at = $1 FROM due
       WHERE r.tenant_id = due.tenant_id AND r.id = due.id AND r.status IN ('ACTIVE')
       RETURNING r.tenant_id, r.id, r.warehouse_id
     ),
     freed AS (
       SELECT e.tenant_id, e.warehouse_id, ri.product_id, sum(ri.quantity) AS quantity
       FROM expired e JOIN reservation_items ri ON ri.tenant_id = e.tenant_id AND ri.reservation_id = e.id
       GROUP BY e.tenant_id, e.warehouse_id, ri.product_id
     ),
     released AS (
       UPDATE stock_levels s SET reserved = s.reserved - freed.quantity, updated_at = $1 FROM freed
       WHERE s.tenant_id = freed.tenant_id AND s.warehouse_id = freed.warehouse_id AND s.product_id = freed.product_id
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM expired)::int AS expired, (SELECT count(*) FROM released)::int AS released`,
    [now, env.tenantId, warehouseId],
  );
  return rows[0]!.expired;
}

/**
 * As the service takes stock: a conditional statement (`take`, no row when too little is
 * available) that finds too little has the warehouse's expired holds freed (once per request)
 * and runs again when that freed any.
 */
function sweepingWhenShort(client: pg.PoolClient, warehouseId: string, now: Date) {
  let swept = false;
  return async <R extends pg.QueryResultRow>(take: () => Promise<pg.QueryResult<R>>): Promise<pg.QueryResult<R>> => {
    const first = await take();
    if (first.rowCount === 1 || swept) return first;
    swept = true;
    return (await expireDue(client, warehouseId, now)) > 0 ? take() : first;
  };
}

/** Lines in product-id order: two writes on the same rows lock them in one order. */
const inProductOrder = <L extends Line>(lines: L[]) =>
  lines.map((l, i) => ({ ...l, row: i + 1 })).sort((a, b) => (a.productId < b.productId ? -1 : 1));

/** Adds to a level (created at 0 when missing) within its bounds; its new quantity. */
async function stockIn(client: pg.PoolClient, warehouseId: string, line: Line, now: Date): Promise<string> {
  const { rows } = await client.query<{ quantity: string }>(
    `INSERT INTO stock_levels (tenant_id, warehouse_id, product_id, quantity, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, warehouse_id, product_id)
     DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = EXCLUDED.updated_at
     WHERE stock_levels.quantity + EXCLUDED.quantity BETWEEN 0 AND 99999999999.999
     RETURNING quantity`,
    [env.tenantId, warehouseId, line.productId, line.quantity, now],
  );
  if (!rows[0]) throw new Refused(409, 'Stock level limit exceeded');
  return rows[0].quantity;
}

interface LedgerRow {
  warehouseId: string;
  productId: string;
  type: string;
  quantity: number;
  balanceAfter: string;
  row: number;
}

/** The stock ledger's entries of one document, in one statement. */
async function addLedger(client: pg.PoolClient, source: { id: string; number: string }, rows: LedgerRow[], now: Date) {
  await client.query(
    `INSERT INTO stock_ledger (tenant_id, id, warehouse_id, product_id, type, quantity, balance_after, row_no, source_id, source_number, created_at)
     SELECT $1, u.*, $9::uuid, $10, $11
     FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::int[]) AS u`,
    [
      env.tenantId,
      rows.map(() => randomUUID()),
      rows.map((r) => r.warehouseId),
      rows.map((r) => r.productId),
      rows.map((r) => r.type),
      rows.map((r) => r.quantity),
      rows.map((r) => r.balanceAfter),
      rows.map((r) => r.row),
      source.id,
      source.number,
      now,
    ],
  );
}

/** The items of a document: one statement, rows numbered from 1. */
async function addItems(client: pg.PoolClient, table: string, parent: string, id: string, lines: Line[]) {
  await client.query(
    `INSERT INTO ${table} (tenant_id, ${parent}, row_no, product_id, quantity)
     SELECT $1, $2, * FROM unnest($3::int[], $4::uuid[], $5::numeric[])`,
    [env.tenantId, id, lines.map((_, i) => i + 1), lines.map((l) => l.productId), lines.map((l) => l.quantity)],
  );
}

export function stockRoutes(app: Express): void {
  app.post('/api/v1/external/products/reserve', reserve);
  app.post('/api/v1/external/products/transfer', transfer);
  app.post('/api/v1/external/products/adjust', adjust);
  app.post('/api/v1/external/goods-receipt', receiveGoods);
}

/**
 * POST /products/reserve — claim; BEGIN; key; the warehouse's row; the products' ids; per item
 * (product order) the conditional hold (`quantity - reserved >= wanted`; when short, the
 * warehouse's expired reservations freed and the hold tried again); RSV number; the
 * reservation; its items; answer; COMMIT. (The service: number, row and items in one statement.)
 */
const reserve = writeRoute(async (req, begin) => {
  const { warehouseId, items } = req.body as { warehouseId: string; items: Line[] };
  const client = await begin();
  const now = new Date();
  await checkWarehouse(client, warehouseId);
  await checkProducts(
    client,
    items.map((i) => i.productId),
  );
  const take = sweepingWhenShort(client, warehouseId, now);
  for (const item of inProductOrder(items)) {
    const held = await take(() =>
      client.query(
        `UPDATE stock_levels SET reserved = reserved + $1, updated_at = $2
         WHERE tenant_id = $3 AND warehouse_id = $4 AND product_id = $5 AND quantity - reserved >= $1 RETURNING 1`,
        [item.quantity, now, env.tenantId, warehouseId, item.productId],
      ),
    );
    if (held.rowCount !== 1) throw new Refused(400, `Row ${item.row}: insufficient available stock`);
  }
  const number = await nextNumber(client, 'RSV');
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + 900_000);
  await client.query(
    `INSERT INTO reservations (tenant_id, id, number, warehouse_id, branch_id, fiscal_year_id, integration_id, status, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'ACTIVE', $8, $9, $9)`,
    [env.tenantId, id, number, warehouseId, env.branchId, env.fiscalYearId, env.integrationId, expiresAt, now],
  );
  await addItems(client, 'reservation_items', 'reservation_id', id, items);
  return ok(201, { id, reservationNumber: number, status: 'ACTIVE', warehouseId, items, expiresAt });
});

/**
 * POST /products/transfer — claim; BEGIN; key; both warehouses' rows (two statements); the
 * products' ids; per item (product order) the conditional decrement of the source (`quantity -
 * n >= reserved`; when short, the source's expired reservations freed and the decrement tried
 * again) and the bounded upsert of the destination; TRF number; the transfer; its items; the
 * ledger's 2 entries per item (one statement); answer; COMMIT (the service: the last four in one).
 */
const transfer = writeRoute(async (req, begin) => {
  const body = req.body as { fromWarehouseId: string; toWarehouseId: string; items: Line[]; reference?: string };
  const { fromWarehouseId: from, toWarehouseId: to, items } = body;
  const client = await begin();
  const now = new Date();
  for (const w of [from, to]) await checkWarehouse(client, w);
  await checkProducts(
    client,
    items.map((i) => i.productId),
  );
  const take = sweepingWhenShort(client, from, now);
  const ledger: LedgerRow[] = [];
  for (const line of inProductOrder(items)) {
    const { rows } = await take(() =>
      client.query<{ quantity: string }>(
        `UPDATE stock_levels SET quantity = quantity - $1, updated_at = $2
         WHERE tenant_id = $3 AND warehouse_id = $4 AND product_id = $5 AND quantity - $1 >= reserved
         RETURNING quantity`,
        [line.quantity, now, env.tenantId, from, line.productId],
      ),
    );
    if (!rows[0]) throw new Refused(400, `Row ${line.row}: insufficient available stock`);
    const into = await stockIn(client, to, line, now);
    const common = { productId: line.productId, quantity: line.quantity, row: line.row };
    // An outgoing entry's quantity is negative (the ledger's sign check).
    ledger.push({
      ...common,
      quantity: -line.quantity,
      warehouseId: from,
      type: 'TRANSFER_OUT',
      balanceAfter: rows[0].quantity,
    });
    ledger.push({ ...common, warehouseId: to, type: 'TRANSFER_IN', balanceAfter: into });
  }
  const number = await nextNumber(client, 'TRF');
  const id = randomUUID();
  await client.query(
    `INSERT INTO stock_transfers (tenant_id, id, number, from_warehouse_id, to_warehouse_id, branch_id, fiscal_year_id, integration_id, reference, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      env.tenantId,
      id,
      number,
      from,
      to,
      env.branchId,
      env.fiscalYearId,
      env.integrationId,
      body.reference ?? null,
      now,
    ],
  );
  await addItems(client, 'stock_transfer_items', 'transfer_id', id, items);
  await addLedger(client, { id, number }, ledger, now);
  return ok(201, { id, transferNumber: number, fromWarehouseId: from, toWarehouseId: to, items, createdAt: now });
});

/**
 * POST /products/adjust — claim; BEGIN; key; the warehouse's row; the products' ids; the
 * STOCK_OUT products' available stock (on hand − reserved, less expired unswept holds); ADJ
 * number; the PENDING request; its items; answer; COMMIT (the service: number, row and items in
 * one statement). Stock changes only on approval.
 */
const adjust = writeRoute(async (req, begin) => {
  type Item = Line & { type: 'STOCK_IN' | 'STOCK_OUT' };
  const { warehouseId, reason, items } = req.body as { warehouseId: string; reason: string; items: Item[] };
  const client = await begin();
  const now = new Date();
  await checkWarehouse(client, warehouseId);
  await checkProducts(
    client,
    items.map((i) => i.productId),
  );
  const outgoing = items.filter((i) => i.type === 'STOCK_OUT');
  if (outgoing.length > 0) {
    const { rows } = await client.query<{ product_id: string; available: string }>(
      `SELECT s.product_id, s.quantity - (s.reserved - COALESCE((
         SELECT sum(ri.quantity) FROM reservations r
         JOIN reservation_items ri ON ri.tenant_id = r.tenant_id AND ri.reservation_id = r.id
         WHERE r.tenant_id = s.tenant_id AND r.warehouse_id = s.warehouse_id AND ri.product_id = s.product_id
           AND r.status IN ('ACTIVE') AND r.expires_at <= $1), 0)) AS available
       FROM stock_levels s WHERE s.tenant_id = $2 AND s.warehouse_id = $3 AND s.product_id = ANY($4::uuid[])`,
      [now, env.tenantId, warehouseId, [...new Set(outgoing.map((i) => i.productId))]],
    );
    const left = new Map(rows.map((r) => [r.product_id, Number(r.available)]));
    for (const [n, item] of items.entries()) {
      if (item.type !== 'STOCK_OUT') continue;
      const after = (left.get(item.productId) ?? 0) - item.quantity;
      if (after < 0) throw new Refused(400, `Row ${n + 1}: insufficient available stock`);
      left.set(item.productId, after);
    }
  }
  const number = await nextNumber(client, 'ADJ');
  const id = randomUUID();
  await client.query(
    `INSERT INTO stock_adjustment_requests (tenant_id, id, number, warehouse_id, branch_id, fiscal_year_id, integration_id, reason, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', $9)`,
    [env.tenantId, id, number, warehouseId, env.branchId, env.fiscalYearId, env.integrationId, reason, now],
  );
  await client.query(
    `INSERT INTO stock_adjustment_items (tenant_id, request_id, row_no, product_id, type, quantity)
     SELECT $1, $2, * FROM unnest($3::int[], $4::uuid[], $5::text[], $6::numeric[])`,
    [
      env.tenantId,
      id,
      items.map((_, i) => i + 1),
      ...(['productId', 'type', 'quantity'] as const).map((f) => items.map((i) => i[f])),
    ],
  );
  return ok(201, { id, number, warehouseId, status: 'PENDING', reason, items, createdAt: now });
});

/**
 * POST /goods-receipt, without a purchase order — claim; BEGIN; key; the warehouse's row; the
 * products' ids; per item (product order) the bounded upsert of the level; GRN number; the
 * receipt; its items; the ledger's entry per item (one statement); answer; COMMIT (the service:
 * number, receipt, items and entries in one statement).
 */
const receiveGoods = writeRoute(async (req, begin) => {
  type Item = Line & { unitCost?: number };
  const body = req.body as { warehouseId: string; supplierReference?: string; items: Item[] };
  const { warehouseId, items } = body;
  const client = await begin();
  const now = new Date();
  await checkWarehouse(client, warehouseId);
  await checkProducts(
    client,
    items.map((i) => i.productId),
  );
  const ledger: LedgerRow[] = [];
  for (const line of inProductOrder(items)) {
    const balanceAfter = await stockIn(client, warehouseId, line, now);
    ledger.push({ ...line, warehouseId, type: 'GOODS_RECEIPT', balanceAfter });
  }
  const number = await nextNumber(client, 'GRN');
  const id = randomUUID();
  await client.query(
    `INSERT INTO goods_receipts (tenant_id, id, number, warehouse_id, branch_id, fiscal_year_id, integration_id, supplier_reference, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      env.tenantId,
      id,
      number,
      warehouseId,
      env.branchId,
      env.fiscalYearId,
      env.integrationId,
      body.supplierReference?.trim() || null,
      now,
    ],
  );
  await client.query(
    `INSERT INTO goods_receipt_items (tenant_id, receipt_id, row_no, product_id, quantity, unit_cost)
     SELECT $1, $2, * FROM unnest($3::int[], $4::uuid[], $5::numeric[], $6::numeric[])`,
    [
      env.tenantId,
      id,
      items.map((_, i) => i + 1),
      items.map((i) => i.productId),
      items.map((i) => i.quantity),
      items.map((i) => i.unitCost ?? null),
    ],
  );
  await addLedger(client, { id, number }, ledger, now);
  return ok(201, { id, receiptNumber: number, purchaseOrderId: null, warehouseId, items, createdAt: now });
});
