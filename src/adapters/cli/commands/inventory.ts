import { ADJUSTMENT_STATUSES } from '../../../domain/inventory/adjustment-request.js';
import { path } from '../admin-api.js';
import { actorOf, byFlag, pageFlags, pageQuery, str, type CliCommand } from '../command.js';

/** Products, stock adjustment decisions and the stock ledger. */
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
      { name: 'slug', help: 'URL slug (default: from the name)' },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/tenants/${str(v, 'tenant')}/products`,
      body: { name: v.name, sku: v.sku, price: v.price, minStock: v['min-stock'], slug: v.slug },
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
    columns: ['createdAt', 'warehouseId', 'quantity', 'balanceAfter', 'adjustmentRequestId', 'approvedBy'],
  },
];
