import type { Knex } from 'knex';
import type {
  GoodsReceiptListQuery,
  GoodsReceiptRepository,
  TransferListQuery,
  TransferRepository,
} from '../../application/ports/inventory-repositories.js';
import type { Page } from '../../application/ports/pagination.js';
import type { GoodsReceipt, StockTransfer } from '../../domain/inventory/stock-documents.js';
import type { StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import { Money } from '../../domain/shared/money.js';
import { Quantity } from '../../domain/shared/quantity.js';
import { insertNumbered } from './document-numbers.js';
import { paginate } from './paginate.js';
import { toStockLedgerRow } from './stock-ledger.mapper.js';
import type { Db } from './db.js';

export { KnexPurchaseOrderRepository } from './purchase-order-repository.js';

interface TransferRow {
  tenant_id: string;
  id: string;
  number: string;
  from_warehouse_id: string;
  to_warehouse_id: string;
  branch_id: string;
  fiscal_year_id: string;
  integration_id: string;
  reference: string | null;
  created_at: Date;
}

interface TransferItemRow {
  tenant_id: string;
  transfer_id: string;
  row_no: number;
  product_id: string;
  quantity: string;
}

interface GoodsReceiptRow {
  tenant_id: string;
  id: string;
  number: string;
  purchase_order_id: string | null;
  warehouse_id: string;
  branch_id: string;
  fiscal_year_id: string;
  integration_id: string;
  supplier_reference: string | null;
  created_at: Date;
}

interface GoodsReceiptItemRow {
  tenant_id: string;
  receipt_id: string;
  row_no: number;
  product_id: string;
  quantity: string;
  unit_cost: string | null;
}

/** Newest first, then id (the order of every document list). */
const newestFirst = (table: string) => [
  { column: `${table}.created_at`, order: 'desc' as const },
  { column: `${table}.id`, order: 'desc' as const },
];

/** Keeps the documents of `table` with a row of `productId` in `itemTable` (linked by `link`). */
function withProduct(q: Knex.QueryBuilder, table: string, itemTable: string, link: string, productId: string) {
  q.whereExists((sub) =>
    sub
      .select(1)
      .from(`${itemTable} as it`)
      .whereRaw(`it.tenant_id = ${table}.tenant_id AND it.${link} = ${table}.id`)
      .andWhere('it.product_id', productId),
  );
}

/**
 * The rows of `itemTable` of the documents `ids` (one tenant's), by document then row, grouped
 * by their document's id (`documentOf`): one query for a page of documents.
 */
async function itemsOf<Item>(
  db: Db,
  itemTable: string,
  link: string,
  documentOf: (item: Item) => string,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, Item[]>> {
  const grouped = new Map<string, Item[]>();
  if (ids.length === 0) return grouped;
  const rows = (await db(itemTable)
    .where({ tenant_id: tenantId })
    .whereIn(link, ids)
    .orderBy([{ column: link }, { column: 'row_no' }])) as Item[];
  for (const row of rows) grouped.set(documentOf(row), [...(grouped.get(documentOf(row)) ?? []), row]);
  return grouped;
}

function toTransfer(row: TransferRow, items: TransferItemRow[]): StockTransfer {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    number: row.number,
    fromWarehouseId: row.from_warehouse_id,
    toWarehouseId: row.to_warehouse_id,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    integrationId: row.integration_id,
    reference: row.reference,
    items: items.map((i) => ({ row: i.row_no, productId: i.product_id, quantity: Quantity.of(i.quantity) })),
    createdAt: row.created_at,
  };
}

function toGoodsReceipt(row: GoodsReceiptRow, items: GoodsReceiptItemRow[]): GoodsReceipt {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    number: row.number,
    purchaseOrderId: row.purchase_order_id,
    warehouseId: row.warehouse_id,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    integrationId: row.integration_id,
    supplierReference: row.supplier_reference,
    items: items.map((i) => ({
      row: i.row_no,
      productId: i.product_id,
      quantity: Quantity.of(i.quantity),
      unitCost: i.unit_cost === null ? null : Money.of(i.unit_cost),
    })),
    createdAt: row.created_at,
  };
}

/** Where a stock document and its items live, and its number's kind. */
const TRANSFERS = { table: 'stock_transfers', items: 'stock_transfer_items', kind: 'TRF' } as const;
const RECEIPTS = { table: 'goods_receipts', items: 'goods_receipt_items', kind: 'GRN' } as const;

/**
 * A stock document's row, its items and the stock `movements` it made, in one statement that
 * draws its number; the ledger's entries name the document by that number. Returns the number.
 */
function withMovements(
  db: Db,
  document: typeof TRANSFERS | typeof RECEIPTS,
  row: TransferRow | GoodsReceiptRow,
  items: readonly object[],
  movements: readonly StockLedgerEntry[],
): Promise<string> {
  return insertNumbered(
    db,
    document.table,
    row,
    document.kind,
    [],
    [
      { table: document.items, rows: items },
      { table: 'stock_ledger', rows: movements.map(toStockLedgerRow), numberColumn: 'source_number' },
    ],
  );
}

export class KnexTransferRepository implements TransferRepository {
  constructor(private readonly db: Db) {}

  /** The transfer, its items and its movements in one statement, numbered (TRF-) by it. */
  async add(t: StockTransfer, movements: readonly StockLedgerEntry[]): Promise<StockTransfer> {
    const row = {
      tenant_id: t.tenantId,
      id: t.id,
      number: t.number,
      from_warehouse_id: t.fromWarehouseId,
      to_warehouse_id: t.toWarehouseId,
      branch_id: t.branchId,
      fiscal_year_id: t.fiscalYearId,
      integration_id: t.integrationId,
      reference: t.reference,
      created_at: t.createdAt,
    } satisfies TransferRow;
    const items = t.items.map((i): TransferItemRow => ({
      tenant_id: t.tenantId,
      transfer_id: t.id,
      row_no: i.row,
      product_id: i.productId,
      quantity: i.quantity.toString(),
    }));
    return { ...t, number: await withMovements(this.db, TRANSFERS, row, items, movements) };
  }

  async findById(tenantId: string, id: string): Promise<StockTransfer | null> {
    const row = await this.db<TransferRow>('stock_transfers').where({ tenant_id: tenantId, id }).first();
    return row ? (await this.withItems(tenantId, [row]))[0]! : null;
  }

  async list(tenantId: string, query: TransferListQuery): Promise<Page<StockTransfer>> {
    const base = this.db('stock_transfers').where({ tenant_id: tenantId });
    const { warehouseId, productId } = query;
    if (warehouseId)
      base.andWhere((w) => w.where({ from_warehouse_id: warehouseId }).orWhere({ to_warehouse_id: warehouseId }));
    if (productId) withProduct(base, 'stock_transfers', 'stock_transfer_items', 'transfer_id', productId);
    const page = await paginate<TransferRow, TransferRow>(
      base,
      query,
      (q) => q.select('stock_transfers.*').orderBy(newestFirst('stock_transfers')),
      (row) => row,
    );
    return { ...page, items: await this.withItems(tenantId, page.items) };
  }

  private async withItems(tenantId: string, rows: TransferRow[]): Promise<StockTransfer[]> {
    const items = await itemsOf<TransferItemRow>(
      this.db,
      'stock_transfer_items',
      'transfer_id',
      (i) => i.transfer_id,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toTransfer(row, items.get(row.id) ?? []));
  }
}

export class KnexGoodsReceiptRepository implements GoodsReceiptRepository {
  constructor(private readonly db: Db) {}

  /** The receipt, its items and its movements in one statement, numbered (GRN-) by it. */
  async add(g: GoodsReceipt, movements: readonly StockLedgerEntry[]): Promise<GoodsReceipt> {
    const row = {
      tenant_id: g.tenantId,
      id: g.id,
      number: g.number,
      purchase_order_id: g.purchaseOrderId,
      warehouse_id: g.warehouseId,
      branch_id: g.branchId,
      fiscal_year_id: g.fiscalYearId,
      integration_id: g.integrationId,
      supplier_reference: g.supplierReference,
      created_at: g.createdAt,
    } satisfies GoodsReceiptRow;
    const items = g.items.map((i): GoodsReceiptItemRow => ({
      tenant_id: g.tenantId,
      receipt_id: g.id,
      row_no: i.row,
      product_id: i.productId,
      quantity: i.quantity.toString(),
      unit_cost: i.unitCost?.toString() ?? null,
    }));
    return { ...g, number: await withMovements(this.db, RECEIPTS, row, items, movements) };
  }

  async findById(tenantId: string, id: string): Promise<GoodsReceipt | null> {
    const row = await this.db<GoodsReceiptRow>('goods_receipts').where({ tenant_id: tenantId, id }).first();
    return row ? (await this.withItems(tenantId, [row]))[0]! : null;
  }

  async list(tenantId: string, query: GoodsReceiptListQuery): Promise<Page<GoodsReceipt>> {
    const base = this.db('goods_receipts').where({ tenant_id: tenantId });
    if (query.warehouseId) base.andWhere({ warehouse_id: query.warehouseId });
    if (query.purchaseOrderId) base.andWhere({ purchase_order_id: query.purchaseOrderId });
    const page = await paginate<GoodsReceiptRow, GoodsReceiptRow>(
      base,
      query,
      (q) => q.select('goods_receipts.*').orderBy(newestFirst('goods_receipts')),
      (row) => row,
    );
    return { ...page, items: await this.withItems(tenantId, page.items) };
  }

  private async withItems(tenantId: string, rows: GoodsReceiptRow[]): Promise<GoodsReceipt[]> {
    const items = await itemsOf<GoodsReceiptItemRow>(
      this.db,
      'goods_receipt_items',
      'receipt_id',
      (i) => i.receipt_id,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toGoodsReceipt(row, items.get(row.id) ?? []));
  }
}
