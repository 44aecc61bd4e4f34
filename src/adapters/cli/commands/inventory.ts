import { ADJUSTMENT_STATUSES } from '../../../domain/inventory/adjustment-request.js';
import { path } from '../admin-api.js';
import { actorOf, byFlag, pageFlags, pageQuery, str, type CliCommand } from '../command.js';

/**
 * `productId:quantity:unitCost,...` → order rows. Numbers that do not parse are sent as the
 * text they are, so the admin API's schema words the refusal (`Row 2: Items quantity ...`).
 */
function orderRows(text: string): { productId: string; quantity: unknown; unitCost: unknown }[] {
  const num = (t: string | undefined) =>
    t !== undefined && t.trim() !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
  return text
    .split(',')
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const [productId = '', quantity, unitCost] = row.trim().split(':');
      return { productId, quantity: num(quantity), unitCost: num(unitCost) };
    });
}

/** Products, stock adjustment decisions, the stock ledger and purchase orders. */
export const inventoryCommands: CliCommand[] = [
  {
    name: 'product:create',
    summary: 'Create a product',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'name', required: true, help: 'display name' },
      { name: 'sku', required: true, help: 'stock keeping unit, unique per tenant' },
      { name: 'price', type: 'number', required: true, help: 'unit price, > 0, at most 2 decimals' },
      { name: 'min-stock', type: 'number', help: 'low-stock threshold (default 0)' },
      { name: 'slug', help: 'URL slug, unique per tenant (default: from the name)' },
      { name: 'unit', help: 'unit of measure, 1 to 16 characters (default pcs)' },
      { name: 'tax-rate', type: 'number', help: 'tax rate in percent, 0 to 100 (default 0)' },
      { name: 'barcode', help: 'barcode (EAN, UPC, ...)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/products`,
      body: {
        name: v.name,
        sku: v.sku,
        price: v.price,
        minStock: v['min-stock'],
        slug: v.slug,
        unit: v.unit,
        taxRate: v['tax-rate'],
        barcode: v.barcode,
      },
    }),
  },
  {
    name: 'purchase-order:create',
    summary: 'Place a purchase order for a warehouse of a tenant (status OPEN)',
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'supplier', required: true, help: 'supplier name' },
      { name: 'warehouse', required: true, help: 'warehouse the goods go to' },
      {
        name: 'items',
        required: true,
        help: 'rows as productId:quantity:unitCost, comma-separated',
      },
      { name: 'expected-on', help: 'expected delivery date, YYYY-MM-DD' },
      { name: 'fiscal-year', help: 'fiscal year id (default: the one covering today)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/purchase-orders`,
      body: {
        supplierName: v.supplier,
        warehouseId: v.warehouse,
        expectedOn: v['expected-on'],
        fiscalYearId: v['fiscal-year'],
        items: orderRows(str(v, 'items')),
      },
    }),
  },
  {
    name: 'purchase-order:cancel',
    summary: 'Cancel an OPEN or PARTIALLY_RECEIVED purchase order',
    flags: [
      { name: 'id', required: true, help: 'purchase order id' },
      { name: 'reason', help: 'why it is cancelled' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/purchase-orders/${str(v, 'id')}/cancel`,
      body: { reason: v.reason },
    }),
  },
  {
    name: 'adjustment:list',
    summary: "List a tenant's stock adjustment requests, newest first",
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'status', choices: ADJUSTMENT_STATUSES, help: 'only requests in this status' },
      ...pageFlags,
    ],
    request: (v) => ({
      method: 'GET',
      path: path`/tenants/${str(v, 'tenant')}/stock-adjustments`,
      query: { status: v.status as string | undefined, ...pageQuery(v) },
    }),
    columns: ['id', 'number', 'status', 'warehouseId', 'reason', 'createdAt'],
  },
  {
    name: 'adjustment:show',
    summary: "A stock adjustment request with its items, each product's stock now, and the integration that asked",
    flags: [{ name: 'id', required: true, help: 'request id' }],
    request: (v) => ({ method: 'GET', path: path`/stock-adjustments/${str(v, 'id')}` }),
  },
  {
    name: 'adjustment:approve',
    summary: 'Approve a PENDING stock adjustment request: apply it to the stock and the ledger',
    flags: [{ name: 'id', required: true, help: 'request id' }, byFlag],
    request: (v) => ({
      method: 'POST',
      path: path`/stock-adjustments/${str(v, 'id')}/approve`,
      body: { approvedBy: actorOf(v) },
    }),
  },
  {
    name: 'adjustment:reject',
    summary: 'Reject a PENDING stock adjustment request',
    flags: [
      { name: 'id', required: true, help: 'request id' },
      { name: 'reason', required: true, help: 'why it is rejected' },
      byFlag,
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/stock-adjustments/${str(v, 'id')}/reject`,
      body: { reason: v.reason, rejectedBy: actorOf(v) },
    }),
  },
  {
    name: 'ledger:list',
    summary: "A product's stock ledger (every warehouse), newest first",
    flags: [
      { name: 'tenant', required: true, help: 'tenant id' },
      { name: 'product', required: true, help: 'product id' },
      ...pageFlags,
    ],
    request: (v) => ({
      method: 'GET',
      path: path`/tenants/${str(v, 'tenant')}/products/${str(v, 'product')}/ledger`,
      query: pageQuery(v),
    }),
    columns: ['createdAt', 'type', 'warehouseId', 'quantity', 'balanceAfter', 'sourceNumber', 'sourceId'],
  },
];
