import type { KeyedWrite } from '../ports/gateway-ports.js';
import { ProductNotFound, PurchaseOrderNotFound } from '../../domain/inventory/errors.js';
import { PurchaseOrder, type PurchaseOrderStatus } from '../../domain/inventory/purchase-order.js';
import { distinctStockLinesOf } from '../../domain/inventory/stock-lines.js';
import { FiscalYearNotFound, TenantNotFound, WarehouseNotFound } from '../../domain/organization/errors.js';
import { PurchaseOrderInvalidState } from '../../domain/inventory/errors.js';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Page } from '../ports/pagination.js';
import type { Repositories, UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import { pageOfKnownTenant } from '../shared/known-tenant.js';
import type {
  AdminCreatePurchaseOrderCommand,
  CancelPurchaseOrderCommand,
  CreatePurchaseOrderCommand,
  ListPurchaseOrdersQuery,
} from './commands.js';

type OrderRepos = Pick<Repositories, 'warehouses' | 'products' | 'documentNumbers' | 'purchaseOrders'>;

/** What both creates share: the warehouse and products checked, the number drawn, the order stored. */
async function placeOrder(
  r: OrderRepos,
  tenantId: string,
  command: CreatePurchaseOrderCommand,
  meta: { id: string; fiscalYearId: string; branchId: string | null; integrationId: string | null },
  now: Date,
): Promise<PurchaseOrder> {
  const { warehouseId } = command;
  const warehouse = await r.warehouses.findById(tenantId, warehouseId);
  if (!warehouse) throw new WarehouseNotFound();
  const lines = distinctStockLinesOf(command.items);
  const existing = await r.products.findExistingIds(
    tenantId,
    lines.map((l) => l.productId),
  );
  const missing = lines.find((l) => !existing.has(l.productId));
  if (missing) throw new ProductNotFound(missing.row);
  const order = PurchaseOrder.create(
    {
      id: meta.id,
      tenantId,
      number: await r.documentNumbers.next(tenantId, meta.fiscalYearId, 'PO'),
      warehouseId,
      branchId: meta.branchId ?? warehouse.branchId,
      fiscalYearId: meta.fiscalYearId,
      integrationId: meta.integrationId,
      expectedOn: command.expectedOn ?? null,
    },
    { supplierName: command.supplierName, items: command.items },
    now,
  );
  await r.purchaseOrders.add(order);
  return order;
}

/**
 * `POST /purchase-orders`: an OPEN order numbered `PO-` in the caller's fiscal
 * year. Errors: DuplicateProductRow (400); WarehouseNotFound; ProductNotFound(row).
 */
export class CreatePurchaseOrder {
  constructor(
    private readonly uow: UnitOfWork<'warehouses' | 'products' | 'documentNumbers' | 'purchaseOrders'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(caller: Caller, command: CreatePurchaseOrderCommand, keyed?: KeyedWrite): Promise<PurchaseOrder> {
    const meta = {
      id: this.ids.next(),
      fiscalYearId: caller.fiscalYearId,
      branchId: caller.branchId,
      integrationId: caller.integrationId,
    };
    return this.uow.run((r) => placeOrder(r, caller.tenantId, command, meta, this.clock.now()), keyed);
  }
}

/**
 * Back office `POST /tenants/:tenantId/purchase-orders`: the same order, attributed to the
 * warehouse's branch and to `fiscalYearId`, else the tenant's fiscal year covering today.
 * Errors: TenantNotFound, FiscalYearNotFound, and those of the external create.
 */
export class AdminCreatePurchaseOrder {
  constructor(
    private readonly uow: UnitOfWork<
      'tenants' | 'fiscalYears' | 'warehouses' | 'products' | 'documentNumbers' | 'purchaseOrders'
    >,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(command: AdminCreatePurchaseOrderCommand, scope?: WriteScope): Promise<PurchaseOrder> {
    const { tenantId, fiscalYearId, ...order } = command;
    const now = this.clock.now();
    return this.uow.run(async (r) => {
      if (!(await r.tenants.findById(tenantId))) throw new TenantNotFound();
      const today = now.toISOString().slice(0, 10);
      const year = fiscalYearId
        ? await r.fiscalYears.findById(tenantId, fiscalYearId)
        : await r.fiscalYears.findOverlapping(tenantId, today, today);
      if (!year) throw new FiscalYearNotFound();
      const meta = { id: this.ids.next(), fiscalYearId: year.id, branchId: null, integrationId: null };
      return placeOrder(r, tenantId, order, meta, now);
    }, scope);
  }
}

/**
 * `GET /purchase-orders`: the tenant's orders, optionally of one status, newest first; the back
 * office lists a tenant's through it. Errors: TenantNotFound (back office).
 */
export class ListPurchaseOrders {
  constructor(private readonly uow: UnitOfWork<'purchaseOrders' | 'tenants'>) {}

  execute(caller: Pick<Caller, 'tenantId'>, query: ListPurchaseOrdersQuery): Promise<Page<PurchaseOrder>> {
    const status = query.status as PurchaseOrderStatus | undefined;
    return this.uow.read(async (r) =>
      pageOfKnownTenant(r, caller.tenantId, await r.purchaseOrders.list(caller.tenantId, { ...query, status })),
    );
  }
}

/**
 * Back office `POST /purchase-orders/:id/cancel`: OPEN | PARTIALLY_RECEIVED → CANCELLED by `by`
 * (the caller's email; what was received stays in stock). Errors: PurchaseOrderNotFound; PurchaseOrderInvalidState (409).
 */
export class CancelPurchaseOrder {
  constructor(
    private readonly uow: UnitOfWork<'purchaseOrders'>,
    private readonly clock: Clock,
  ) {}

  execute(command: CancelPurchaseOrderCommand, by: string, scope?: WriteScope): Promise<PurchaseOrder> {
    return this.uow.run(async (r) => {
      const order = await r.purchaseOrders.findByIdAcrossTenants(command.id, { forUpdate: true });
      if (!order) throw new PurchaseOrderNotFound();
      order.cancel(command.reason ?? null, this.clock.now(), by);
      if (!(await r.purchaseOrders.save(order))) throw new PurchaseOrderInvalidState(order.status, 'cancel');
      return order;
    }, scope);
  }
}
