import type { TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import { ADMIN_API, EXTERNAL_API } from '../../../src/adapters/http/openapi/index.js';
import {
  InventoryApi,
  LogisticsApi,
  type ExternalApiClient,
  type Method,
  type PageOf,
  type QueryInput,
  type RequestOptions,
  type Transport,
} from '@inventory-billing/sdk';
import { bodyValidator } from '../../../src/adapters/shared/validation.js';
import { startExternalHarness } from '../../support/external-harness.js';
import { callerFor } from '../../support/inventory.js';
import { createTenantSetup } from '../../support/mothers.js';
import { call, startTestService, type TestService } from '../../support/service.js';

/** The smallest Transport: the signing client, the envelope's `data`, any non-2xx thrown. */
class ClientTransport implements Transport {
  constructor(private readonly client: ExternalApiClient) {}

  private async envelope(
    method: Method,
    path: string,
    input: { query?: QueryInput; body?: object },
    o?: RequestOptions,
  ) {
    const query = Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined);
    const url = query.length
      ? `${path}?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)]))}`
      : path;
    const r = await this.client.request<any>(method, url, input.body, { idempotencyKey: o?.idempotencyKey });
    if (r.status < 200 || r.status > 299) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  async send<T>(method: Method, path: string, input: { query?: QueryInput; body?: object } = {}, o?: RequestOptions) {
    return (await this.envelope(method, path, input, o)).data as T;
  }

  async sendPage<T>(path: string, query?: QueryInput, o?: RequestOptions): Promise<PageOf<T>> {
    const { data, pagination } = await this.envelope('GET', path, { query }, o);
    return { data, pagination };
  }
}

/** The answer matches the documented response schema exactly (no missing, extra or mistyped field). */
function conforms<T>(route: { success: { data: TSchema } }, data: T): T {
  const schema: TSchema = route.success.data;
  bodyValidator(schema)(data);
  return data;
}

const RECIPIENT = {
  name: 'Ann Example',
  phone: '+49 30 123456',
  address: { line1: 'Invalidenstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
};

/**
 * The SDK's typed inventory and logistics methods against the real service: one
 * happy call per external route, each answer checked against the route's documented schema.
 */
describe('SDK: InventoryApi and LogisticsApi against the real service', () => {
  let svc: TestService;
  let inventory: InventoryApi;
  let logistics: LogisticsApi;
  let warehouseId: string;
  let otherWarehouseId: string;
  let tenantId: string;
  const doc = (operationId: string) => {
    const route = [...EXTERNAL_API.routes, ...ADMIN_API.routes].find((r) => r.operationId === operationId);
    if (!route) throw new Error(`no route documented as ${operationId}`);
    return route;
  };

  before(async () => {
    svc = await startTestService();
    const setup = await createTenantSetup(svc.baseUrl, 'SDK shop');
    warehouseId = setup.warehouseId;
    tenantId = setup.tenantId;
    const second = await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${setup.tenantId}/warehouses`, {
      body: { branchId: setup.branchId, name: 'Second' },
    });
    otherWarehouseId = second.body.data.id;
    const client = await (await startExternalHarness(svc)).clientFor(callerFor(setup));
    inventory = new InventoryApi(new ClientTransport(client));
    logistics = new LogisticsApi(new ClientTransport(client));
  });
  after(() => svc.stop());

  it('has a method named by the operationId of every documented external route', () => {
    for (const [api, routes] of [
      [inventory, EXTERNAL_API.routes.filter((r) => r.tag === 'Catalogue' || r.tag === 'Inventory')],
      [logistics, EXTERNAL_API.routes.filter((r) => r.tag === 'Logistics')],
    ] as const) {
      const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(api)).filter((m) => m !== 'constructor');
      expect(methods.sort()).to.deep.equal(routes.map((r) => r.operationId).sort());
    }
  });

  it('catalogue, stock, adjustments, transfers, reservations, purchase orders and goods receipt', async () => {
    const created = conforms(
      doc('createProduct'),
      await inventory.createProduct({ name: 'SDK mug', sku: 'SDK-MUG', price: 9.9, minStock: 50 }),
    );
    expect(created).to.include({ name: 'SDK mug', sku: 'SDK-MUG', slug: 'sdk-mug', price: 9.9, currentStock: 0 });
    const productId = created.id;

    const updated = conforms(doc('updateProduct'), await inventory.updateProduct(productId, { price: 12.5 }));
    expect(updated.price).to.equal(12.5);

    const page = await inventory.listProducts({ search: 'sdk-', limit: 5 });
    expect(page.pagination).to.include({ total: 1, page: 1, limit: 5 });
    expect(conforms(doc('listProducts'), page.data[0]!)).to.include({ id: productId, price: 12.5 });

    const adjustment = conforms(
      doc('requestAdjustment'),
      await inventory.requestAdjustment({
        warehouseId,
        reason: 'Opening stock',
        items: [{ productId, quantity: 10, type: 'STOCK_IN' }],
      }),
    );
    expect(adjustment.status).to.equal('PENDING');
    const approved = await admin('adminApproveAdjustment', `/stock-adjustments/${adjustment.id}/approve`, {});
    expect(approved).to.include({ status: 'APPROVED', decidedBy: 'bootstrap' });

    const adjustments = await inventory.listAdjustments({ status: 'APPROVED' });
    expect(adjustments.data.map((a) => conforms(doc('listAdjustments'), a).id)).to.deep.equal([adjustment.id]);

    const low = conforms(doc('listLowStock'), await inventory.listLowStock());
    expect(low.map((s) => [s.status, s.productCount])).to.deep.equal([
      ['OUT_OF_STOCK', 0],
      ['LOW_STOCK', 1],
    ]);

    const transfer = conforms(
      doc('transferStock'),
      await inventory.transferStock({
        fromWarehouseId: warehouseId,
        toWarehouseId: otherWarehouseId,
        items: [{ productId, quantity: 2 }],
      }),
    );
    expect(transfer.transferNumber).to.match(/^TRF-/);

    const reservation = conforms(
      doc('reserveStock'),
      await inventory.reserveStock({ warehouseId, items: [{ productId, quantity: 3 }], reference: 'Order 1' }),
    );
    expect(reservation.status).to.equal('ACTIVE');
    expect(conforms(doc('getReservation'), await inventory.getReservation(reservation.id)).reference).to.equal(
      'Order 1',
    );
    const committed = await inventory.commitReservation(reservation.id);
    expect(conforms(doc('commitReservation'), committed).status).to.equal('COMMITTED');
    const second = await inventory.reserveStock({ warehouseId, items: [{ productId, quantity: 1 }] });
    const released = await inventory.releaseReservation(second.id);
    expect(conforms(doc('releaseReservation'), released).status).to.equal('RELEASED');

    const detail = conforms(doc('getProduct'), await inventory.getProduct(productId));
    expect(detail.currentStock).to.equal(7); // 10 in, 3 committed out; the transfer moves 2 within the tenant
    expect(detail.stock.map((s) => [s.warehouseId, s.onHand]).sort()).to.deep.equal(
      [
        [warehouseId, 5],
        [otherWarehouseId, 2],
      ].sort(),
    );

    const order = conforms(
      doc('createPurchaseOrder'),
      await inventory.createPurchaseOrder({
        supplierName: 'Acme Supplies',
        warehouseId,
        expectedOn: '2026-07-01',
        items: [{ productId, quantity: 4, unitCost: 2.4 }],
      }),
    );
    expect(order).to.include({ status: 'OPEN', expectedOn: '2026-07-01' });
    const orders = await inventory.listPurchaseOrders({ status: 'OPEN' });
    expect(orders.data.map((o) => conforms(doc('listPurchaseOrders'), o).id)).to.deep.equal([order.id]);

    const receipt = conforms(
      doc('receiveGoods'),
      await inventory.receiveGoods({ purchaseOrderId: order.id, items: [{ productId, quantity: 4 }] }),
    );
    expect(receipt).to.include({ purchaseOrderId: order.id, warehouseId });
    expect(receipt.items).to.deep.equal([{ productId, quantity: 4, unitCost: 2.4 }]);
  });

  /** A back-office call answered with its documented success status and schema. */
  const admin = async (operationId: string, path: string, body?: object) => {
    const route = doc(operationId);
    const r = await call(svc.baseUrl, route.method.toUpperCase(), `/api/v1/admin${path}`, { body });
    expect(r.status, JSON.stringify(r.body)).to.equal(route.success.status);
    return conforms(route, route.success.paginated ? r.body.data[0] : r.body.data);
  };

  it('the back office answers what its routes document', async () => {
    const product = await admin('adminCreateProduct', `/tenants/${tenantId}/products`, {
      name: 'Admin mug',
      sku: 'ADM-MUG',
      price: 5,
    });
    const request = await inventory.requestAdjustment({
      warehouseId,
      reason: 'Found one',
      items: [{ productId: product.id, quantity: 1, type: 'STOCK_IN' }],
    });
    expect(await admin('adminListAdjustments', `/tenants/${tenantId}/stock-adjustments?status=PENDING`)).to.include({
      id: request.id,
    });
    const rejected = await admin('adminRejectAdjustment', `/stock-adjustments/${request.id}/reject`, { reason: 'No' });
    expect(rejected).to.include({ status: 'REJECTED', rejectionReason: 'No' });
    const order = await admin('adminCreatePurchaseOrder', `/tenants/${tenantId}/purchase-orders`, {
      supplierName: 'Acme',
      warehouseId,
      items: [{ productId: product.id, quantity: 2, unitCost: 1 }],
    });
    await inventory.receiveGoods({ purchaseOrderId: order.id, items: [{ productId: product.id, quantity: 1 }] });
    const ledger = await admin('adminListStockLedger', `/tenants/${tenantId}/products/${product.id}/ledger`);
    expect(ledger).to.include({ type: 'GOODS_RECEIPT', quantity: 1, balanceAfter: 1 });
    const cancelled = await admin('adminCancelPurchaseOrder', `/purchase-orders/${order.id}/cancel`, {});
    expect(cancelled).to.include({ status: 'CANCELLED' });
    const shipment = await logistics.bookShipment({ weightKg: 1, recipient: RECIPIENT });
    const event = await admin('adminRecordCarrierEvent', `/shipments/${shipment.id}/events`, { status: 'PICKED_UP' });
    expect(event).to.include({ status: 'PICKED_UP', recorded: true });
  });

  it('shipments: book, track, cancel', async () => {
    const shipment = conforms(
      doc('bookShipment'),
      await logistics.bookShipment({ weightKg: 2.5, codAmount: 10, recipient: RECIPIENT }),
    );
    expect(shipment).to.include({ status: 'BOOKED', weightKg: 2.5, codAmount: 10, invoiceId: null });
    expect(shipment.recipient.address).to.include({ line2: null, country: 'DE' });

    const tracking = conforms(doc('trackShipment'), await logistics.trackShipment(shipment.id));
    expect(tracking.history.map((h) => h.status)).to.deep.equal(['BOOKED']);

    const cancelled = conforms(
      doc('cancelShipment'),
      await logistics.cancelShipment({ shipmentId: shipment.id, reason: 'Changed my mind' }),
    );
    expect(cancelled).to.include({ status: 'CANCELLED', cancelReason: 'Changed my mind' });
  });
});
