import type { KeyedWrite } from '../ports/gateway-ports.js';
import {
  PurchaseOrderInvalidState,
  PurchaseOrderNotFound,
  ReceiptWarehouseMismatch,
  ReceiptWarehouseRequired,
  StockLevelLimitExceeded,
} from '../../domain/inventory/errors.js';
import type { PurchaseOrder } from '../../domain/inventory/purchase-order.js';
import type { GoodsReceipt, GoodsReceiptItem } from '../../domain/inventory/stock-documents.js';
import { movementEntry, type StockLedgerEntry } from '../../domain/inventory/stock-ledger.js';
import { stockLinesOf } from '../../domain/inventory/stock-lines.js';
import { UNNUMBERED } from '../../domain/shared/document-number.js';
import { Money } from '../../domain/shared/money.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ReceiveGoodsCommand } from './commands.js';
import { requireStockTargets, takeInProductOrder } from './stock-order.js';

/**
 * `POST /goods-receipt`, one transaction: stock in (onHand grows), one
 * GOODS_RECEIPT ledger entry per item, a `GRN-` number, and with a purchase order its received
 * quantities and status. The order row is locked first, so parallel receipts on one order
 * queue: N receipts of one unit on an outstanding Q, exactly Q succeed. With an order the
 * warehouse is the order's; without one `warehouseId` is required. Errors in order:
 * ReceiptWarehouseRequired (400); PurchaseOrderNotFound / WarehouseNotFound;
 * ReceiptWarehouseMismatch (400); PurchaseOrderInvalidState (409, RECEIVED or CANCELLED,
 * before the rows); ProductNotOnPurchaseOrder(row) / QuantityExceedsOutstanding(row) /
 * ProductNotFound(row) (400 / 404); StockLevelLimitExceeded(row) (409).
 */
export class ReceiveGoods {
  constructor(
    private readonly uow: UnitOfWork<'stock' | 'purchaseOrders' | 'goodsReceipts'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, command: ReceiveGoodsCommand, keyed?: KeyedWrite): Promise<GoodsReceipt> {
    const { tenantId } = caller;
    if (command.purchaseOrderId === undefined && command.warehouseId === undefined) {
      throw new ReceiptWarehouseRequired();
    }
    const lines = stockLinesOf(command.items).map((line, i) => ({ ...line, unitCost: command.items[i]!.unitCost }));
    const now = this.clock.now();
    return this.uow.run(async (r) => {
      let order: PurchaseOrder | null = null;
      let warehouseId: string;
      let items: GoodsReceiptItem[];
      if (command.purchaseOrderId !== undefined) {
        order = await r.purchaseOrders.findById(tenantId, command.purchaseOrderId, { forUpdate: true });
        if (!order) throw new PurchaseOrderNotFound();
        warehouseId = order.warehouseId;
        if (command.warehouseId !== undefined && command.warehouseId !== warehouseId) {
          throw new ReceiptWarehouseMismatch();
        }
        items = order.receive(lines, now);
      } else {
        warehouseId = command.warehouseId!;
        await requireStockTargets(r.stock, tenantId, [warehouseId], lines);
        items = lines.map((l) => ({ ...l, unitCost: l.unitCost === undefined ? null : Money.of(l.unitCost) }));
      }

      const balances = new Map<number, StockLedgerEntry['balanceAfter']>();
      await takeInProductOrder(items, async (item) => {
        const balance = await r.stock.increaseIfRoom(tenantId, warehouseId, item.productId, item.quantity, now);
        if (balance === null) throw new StockLevelLimitExceeded(item.row);
        balances.set(item.row, balance);
      });
      if (order && !(await r.purchaseOrders.save(order))) {
        throw new PurchaseOrderInvalidState(order.status, 'receive goods on');
      }

      const receipt: GoodsReceipt = {
        id: this.ids.next(),
        tenantId,
        number: UNNUMBERED,
        purchaseOrderId: order?.id ?? null,
        warehouseId,
        branchId: caller.branchId,
        fiscalYearId: caller.fiscalYearId,
        integrationId: caller.integrationId,
        supplierReference: command.supplierReference?.trim() || null,
        items,
        createdAt: now,
      };
      // The movements name the receipt, whose number the statement that stores them all draws:
      // the transaction's last write, so the GRN- counter is held only until the commit.
      const source = { id: receipt.id, number: UNNUMBERED };
      const movements = items.map((item) =>
        movementEntry({
          id: this.ids.next(),
          tenantId,
          warehouseId,
          productId: item.productId,
          type: 'GOODS_RECEIPT',
          quantity: item.quantity,
          balanceAfter: balances.get(item.row)!,
          source,
          row: item.row,
          at: now,
        }),
      );
      return r.goodsReceipts.add(receipt, movements);
    }, keyed);
  }
}
