/**
 * The bench's load scenarios — the one list of them — and the seed they need. Every scenario
 * has a hand-written route of the same method and path in the baseline (bench/baseline/) doing
 * the same statements as the service, and a PostgreSQL-limit measure (bench/pg-limit.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LOGISTICS_ROUTES } from '../src/adapters/http/routes/index.js';
import { growProducts } from './lib.js';

const SHIPMENT_EXAMPLE = LOGISTICS_ROUTES.find((r) => r.operationId === 'bookShipment')!.example as object;

/** What the seed made, for the scenarios' bodies and the baseline's environment. */
export interface Seeded {
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  fiscalYearCode: string;
  /** The warehouse of every stock scenario; transfers go from it to `otherWarehouseId`. */
  warehouseId: string;
  otherWarehouseId: string;
  customerIds: string[];
  /** The first products by SKU: [0] reserved, [1] transferred (and the product detail), [2] adjusted, [3] received. */
  productIds: string[];
  /** APPROVED invoices of 999,999,999.99 with nothing paid: the payment scenario's. */
  openInvoiceIds: string[];
  /** APPROVED invoices with 500,000,000.00 paid: the refund scenario's. */
  refundInvoiceIds: string[];
  /** An APPROVED invoice of 3 lines with one payment and one refund, touched by no write: the invoice detail's. */
  detailInvoiceId: string;
}

export type ScenarioKind = 'read' | 'write';

/** A load scenario: the same request to the baseline and (signed) to the service. */
export interface Scenario {
  name: string;
  kind: ScenarioKind;
  /** The first request's path (autocannon's); `pathOf`, when given, picks each request's own. */
  path: string;
  pathOf?: () => string;
  /** A write's body, made afresh for each request. */
  body?: () => object;
}

const API = '/api/v1/external';
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** The scenarios, in the order they run: the reads, then the writes. */
export function scenarios(ids: Seeded): Scenario[] {
  return [...readScenarios(ids), ...writeScenarios(ids)];
}

function readScenarios(ids: Seeded): Scenario[] {
  const transferred = ids.productIds[1]!;
  return [
    { name: 'GET /products?page=1&limit=10', kind: 'read', path: `${API}/products?page=1&limit=10` },
    { name: 'GET /products?search=sku-1234', kind: 'read', path: `${API}/products?search=sku-1234` },
    // A product with stock in both warehouses.
    { name: 'GET /products/:id', kind: 'read', path: `${API}/products/${transferred}` },
    // 3 lines, one payment, one refund.
    { name: 'GET /billing/invoices/:id', kind: 'read', path: `${API}/billing/invoices/${ids.detailInvoiceId}` },
  ];
}

/** Every write is sized so that no request of a run is refused. */
function writeScenarios(ids: Seeded): Scenario[] {
  return [...billingWrites(ids), ...stockWrites(ids)];
}

/** Invoices, their payments and refunds, and a shipment. */
function billingWrites(ids: Seeded): Scenario[] {
  const paymentPath = () => `${API}/billing/invoices/${pick(ids.openInvoiceIds)}/payments`;
  return [
    {
      name: 'POST /billing/invoices (3 items)',
      kind: 'write',
      path: `${API}/billing/invoices`,
      body: () => ({
        customerId: pick(ids.customerIds),
        paymentMethod: 'CASH',
        items: [0, 1, 2].map((k) => ({ productId: ids.productIds[k]!, quantity: k + 1, unitPrice: 19.99 })),
      }),
    },
    // Payments of 0.01 on one of 50 open invoices (each with an amount due far above a run's total).
    {
      name: 'POST /billing/invoices/:id/payments',
      kind: 'write',
      path: paymentPath(),
      pathOf: paymentPath,
      body: () => ({ amount: 0.01, method: 'CARD', reference: 'bench' }),
    },
    // Refunds of 0.01 on one of 50 APPROVED invoices with 500,000,000 paid.
    {
      name: 'POST /billing/refunds',
      kind: 'write',
      path: `${API}/billing/refunds`,
      body: () => ({ invoiceId: pick(ids.refundInvoiceIds), amount: 0.01, reason: 'Returned', method: 'CARD' }),
    },
    {
      name: 'POST /logistics/shipments',
      kind: 'write',
      path: `${API}/logistics/shipments`,
      // The booking the API document shows (its example, validated against the schema there).
      body: () => SHIPMENT_EXAMPLE,
    },
  ];
}

/** The stock writes: a reservation, a transfer, an adjustment request, a goods receipt. */
function stockWrites(ids: Seeded): Scenario[] {
  const [reserved, transferred, adjusted, received] = ids.productIds as [string, string, string, string];
  return [
    // Every reservation holds 1 of a stock of 10^9, so none is refused for want of stock.
    {
      name: 'POST /products/reserve (1 item)',
      kind: 'write',
      path: `${API}/products/reserve`,
      body: () => ({ warehouseId: ids.warehouseId, items: [{ productId: reserved, quantity: 1 }] }),
    },
    // 1 of a stock of 10^9 from the main warehouse to the other.
    {
      name: 'POST /products/transfer (1 item)',
      kind: 'write',
      path: `${API}/products/transfer`,
      body: () => ({
        fromWarehouseId: ids.warehouseId,
        toWarehouseId: ids.otherWarehouseId,
        items: [{ productId: transferred, quantity: 1 }],
        reference: 'Restock shop',
      }),
    },
    // A STOCK_OUT (checked against the available stock, 10^9); stays PENDING.
    {
      name: 'POST /products/adjust (1 item)',
      kind: 'write',
      path: `${API}/products/adjust`,
      body: () => ({
        warehouseId: ids.warehouseId,
        reason: 'Stocktake difference',
        items: [{ productId: adjusted, quantity: 1, type: 'STOCK_OUT' }],
      }),
    },
    // Without a purchase order: a delivery note booked into a named warehouse.
    {
      name: 'POST /goods-receipt (1 item, no PO)',
      kind: 'write',
      path: `${API}/goods-receipt`,
      body: () => ({
        warehouseId: ids.warehouseId,
        supplierReference: 'DN-7781',
        items: [{ productId: received, quantity: 1, unitCost: 2.4 }],
      }),
    },
  ];
}

/** Tenant, branch, fiscal year, two warehouses, `products` products, customers, stock and invoices. */
export async function seed(knex: Knex, products: number): Promise<Seeded> {
  const now = new Date();
  const year = now.getUTCFullYear();
  const org = {
    tenantId: randomUUID(),
    branchId: randomUUID(),
    fiscalYearId: randomUUID(),
    fiscalYearCode: String(year),
    warehouseId: randomUUID(),
    otherWarehouseId: randomUUID(),
  };
  const { tenantId } = org;
  await knex('tenants').insert({ id: tenantId, name: 'Bench', created_at: now });
  await knex('branches').insert({ tenant_id: tenantId, id: org.branchId, name: 'HQ', code: 'HQ', created_at: now });
  await knex('fiscal_years').insert({
    tenant_id: tenantId,
    id: org.fiscalYearId,
    code: org.fiscalYearCode,
    starts_on: `${year}-01-01`,
    ends_on: `${year}-12-31`,
    created_at: now,
  });
  await knex('warehouses').insert(
    [
      [org.warehouseId, 'Main'],
      [org.otherWarehouseId, 'Shop'],
    ].map(([id, name]) => ({ tenant_id: tenantId, id, branch_id: org.branchId, name, created_at: now })),
  );
  await growProducts(knex, tenantId, 0, products);
  const customerIds = Array.from({ length: 20 }, () => randomUUID());
  await knex('customers').insert(
    customerIds.map((id, i) => ({ tenant_id: tenantId, id, name: `Customer ${i}`, created_at: now })),
  );
  const productIds = (await knex('products').where({ tenant_id: tenantId }).orderBy('sku').limit(4).select('id')).map(
    (r: { id: string }) => r.id,
  );
  // Plenty of stock in the main warehouse for every stock scenario, and some of the
  // transferred product in the other (the product detail lists both).
  const level = (warehouseId: string, productId: string, quantity: number) => ({
    tenant_id: tenantId,
    warehouse_id: warehouseId,
    product_id: productId,
    quantity,
    reserved: 0,
    updated_at: now,
  });
  await knex('stock_levels').insert([
    ...productIds.map((p) => level(org.warehouseId, p, 1_000_000_000)),
    level(org.otherWarehouseId, productIds[1]!, 1_000),
  ]);
  const ids = { ...org, customerIds, productIds };
  return { ...ids, ...(await seedInvoices(knex, ids, now)) };
}

type Org = Omit<Seeded, 'openInvoiceIds' | 'refundInvoiceIds' | 'detailInvoiceId'>;

/**
 * The invoices the payment, refund and detail scenarios work on, numbered from 900,000 (the
 * service's own sequences start at 1), each APPROVED, with its lines, payments and refunds.
 */
async function seedInvoices(knex: Knex, ids: Org, now: Date) {
  const { tenantId, fiscalYearCode } = ids;
  const number = (kind: string, n: number) => `${kind}-${fiscalYearCode}-${String(900_000 + n).padStart(6, '0')}`;
  const openInvoiceIds = Array.from({ length: 50 }, () => randomUUID());
  const refundInvoiceIds = Array.from({ length: 50 }, () => randomUUID());
  const detailInvoiceId = randomUUID();
  const common = { tenant_id: tenantId, fiscal_year_id: ids.fiscalYearId, branch_id: ids.branchId };
  const invoice = (id: string, n: number, total: string, paid: string, refunded = '0.00') => ({
    ...common,
    id,
    number: number('INV', n),
    customer_id: ids.customerIds[n % ids.customerIds.length],
    payment_method: 'CARD',
    status: 'APPROVED',
    subtotal: total,
    tax_amount: '0.00',
    total_amount: total,
    payments_total: paid,
    refunds_total: refunded,
    approved_at: now,
    created_at: now,
    updated_at: now,
  });
  await knex('invoices').insert([
    ...openInvoiceIds.map((id, i) => invoice(id, i, '999999999.99', '0.00')),
    ...refundInvoiceIds.map((id, i) => invoice(id, 100 + i, '999999999.99', '500000000.00')),
    invoice(detailInvoiceId, 200, '119.94', '50.00', '10.00'),
  ]);
  const line = (invoiceId: string, n: number, quantity: number, unitPrice: string, total: string) => ({
    tenant_id: tenantId,
    invoice_id: invoiceId,
    line_no: n,
    product_id: ids.productIds[n - 1],
    quantity: quantity.toFixed(3),
    unit_price: unitPrice,
    line_total: total,
    tax_rate: '0.00',
    untaxed_amount: total,
    tax_amount: '0.00',
    gross_amount: total,
  });
  await knex('invoice_lines').insert([
    ...[...openInvoiceIds, ...refundInvoiceIds].map((id) => line(id, 1, 1, '999999999.99', '999999999.99')),
    ...[1, 2, 3].map((k) => line(detailInvoiceId, k, k, '19.99', (k * 19.99).toFixed(2))),
  ]);
  const payment = (invoiceId: string, n: number, amount: string) => ({
    ...common,
    id: randomUUID(),
    number: number('PAY', n),
    invoice_id: invoiceId,
    amount,
    method: 'CARD',
    received_at: now,
  });
  await knex('payments').insert([
    ...refundInvoiceIds.map((id, i) => payment(id, i, '500000000.00')),
    payment(detailInvoiceId, 100, '50.00'),
  ]);
  await knex('refunds').insert({
    ...common,
    id: randomUUID(),
    number: number('RF', 0),
    invoice_id: detailInvoiceId,
    amount: '10.00',
    reason: 'Returned',
    method: 'CARD',
    status: 'PROCESSED',
    created_at: now,
  });
  return { openInvoiceIds, refundInvoiceIds, detailInvoiceId };
}
