import { GoodsReceiptNotFound, PurchaseOrderNotFound, TransferNotFound } from '../../domain/inventory/errors.js';
import type { PurchaseOrder } from '../../domain/inventory/purchase-order.js';
import type { GoodsReceipt, StockTransfer } from '../../domain/inventory/stock-documents.js';
import type { Clock } from '../ports/clock.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn, pageOfKnownTenant } from '../shared/known-tenant.js';
import type { ListGoodsReceiptsQuery, ListReservationsQuery, ListTransfersQuery } from './commands.js';
import type { ReservationAt } from './reservation-lifecycle.js';

/*
 * The back office's reads of a tenant's stock documents, which the external API does not list:
 * reservations, transfers and goods receipts, newest first, and each of them (and a purchase
 * order) by id. Errors: TenantNotFound for a tenant that does not exist; the document's own
 * not-found error for an id the tenant does not have.
 */

/** A tenant's reservations, each with its status at the time of reading (`statusAt`). */
export class ListReservations {
  constructor(
    private readonly uow: UnitOfWork<'reservations' | 'tenants'>,
    private readonly clock: Clock,
  ) {}

  execute(tenantId: string, query: ListReservationsQuery): Promise<Page<ReservationAt>> {
    const at = this.clock.now();
    return this.uow.read(async (r) => {
      const page = await pageOfKnownTenant(r, tenantId, await r.reservations.list(tenantId, query, at));
      return { ...page, items: page.items.map((reservation) => ({ reservation, at })) };
    });
  }
}

export class ListTransfers {
  constructor(private readonly uow: UnitOfWork<'transfers' | 'tenants'>) {}

  execute(tenantId: string, query: ListTransfersQuery): Promise<Page<StockTransfer>> {
    return this.uow.read(async (r) => pageOfKnownTenant(r, tenantId, await r.transfers.list(tenantId, query)));
  }
}

export class GetTransfer {
  constructor(private readonly uow: UnitOfWork<'transfers' | 'tenants'>) {}

  execute(tenantId: string, id: string): Promise<StockTransfer> {
    return this.uow.read(
      async (r) => (await r.transfers.findById(tenantId, id)) ?? missingIn(r, tenantId, new TransferNotFound()),
    );
  }
}

export class ListGoodsReceipts {
  constructor(private readonly uow: UnitOfWork<'goodsReceipts' | 'tenants'>) {}

  execute(tenantId: string, query: ListGoodsReceiptsQuery): Promise<Page<GoodsReceipt>> {
    return this.uow.read(async (r) => pageOfKnownTenant(r, tenantId, await r.goodsReceipts.list(tenantId, query)));
  }
}

export class GetGoodsReceipt {
  constructor(private readonly uow: UnitOfWork<'goodsReceipts' | 'tenants'>) {}

  execute(tenantId: string, id: string): Promise<GoodsReceipt> {
    return this.uow.read(
      async (r) => (await r.goodsReceipts.findById(tenantId, id)) ?? missingIn(r, tenantId, new GoodsReceiptNotFound()),
    );
  }
}

/** A purchase order with its items and what was received of each. */
export class GetPurchaseOrder {
  constructor(private readonly uow: UnitOfWork<'purchaseOrders' | 'tenants'>) {}

  execute(tenantId: string, id: string): Promise<PurchaseOrder> {
    return this.uow.read(
      async (r) =>
        (await r.purchaseOrders.findById(tenantId, id)) ?? missingIn(r, tenantId, new PurchaseOrderNotFound()),
    );
  }
}
