import { expect } from 'chai';
import { withQuery, type ExternalApiClient } from '@inventory-billing/sdk';
import {
  clientFor,
  createIntegration,
  createProduct,
  createTenantSetup,
  type TenantSetup,
} from '../support/mothers.js';
import { v1 } from '../support/envelope.js';
import { call, startTestService, type TestService } from '../support/service.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

/** The inventory roadmap's routes (transfers, reservations, purchase orders, goods receipt) through the signing SDK, on the real service and database. */
describe('e2e: inventory roadmap (catalogue, transfers, reservations, purchase orders, goods receipt)', () => {
  let svc: TestService;
  let a: TenantSetup;
  let b: TenantSetup;
  let secondWarehouse: string;
  let inv: ExternalApiClient;
  let bill: ExternalApiClient;
  let ro: ExternalApiClient;
  let logi: ExternalApiClient;
  let invB: ExternalApiClient;
  let n = 0;

  before(async () => {
    svc = await startTestService();
    a = await createTenantSetup(svc.baseUrl, 'A');
    b = await createTenantSetup(svc.baseUrl, 'B');
    const branch = await admin('POST', `/tenants/${a.tenantId}/branches`, { name: 'North', code: 'N' });
    const wh = await admin('POST', `/tenants/${a.tenantId}/warehouses`, {
      branchId: branch.body.data.id,
      name: 'North',
    });
    secondWarehouse = wh.body.data.id;
    const client = async (s: TenantSetup, role: string) =>
      clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, s, { role }));
    inv = await client(a, 'INVENTORY');
    bill = await client(a, 'BILLING');
    ro = await client(a, 'READ_ONLY');
    logi = await client(a, 'LOGISTICS');
    invB = await client(b, 'INVENTORY');
  });
  after(async () => {
    await svc.stop();
  });

  function admin(method: string, path: string, body?: unknown) {
    return call(svc.baseUrl, method, `/api/v1/admin${path}`, { body });
  }
  /** The v1 part of a body (the additive metadata checked and stripped). */
  const body = (r: { body: unknown }) => v1(r.body);
  async function product(s: TenantSetup = a) {
    n += 1;
    return createProduct(svc.baseUrl, s.tenantId, { name: `Item ${n}`, sku: `ITEM-${n}`, price: 2 });
  }
  /** Stock in through a goods receipt without an order (the roadmap's own way in). */
  async function stockIn(productId: string, quantity: number, warehouseId = a.warehouseId) {
    const r = await inv.request('POST', '/goods-receipt', { warehouseId, items: [{ productId, quantity }] });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
  }
  async function stockOf(productId: string, warehouseId = a.warehouseId) {
    const r = await inv.request('GET', `/products/${productId}`);
    expect(r.status).to.equal(200);
    return body(r).data.stock.find((s: { warehouseId: string }) => s.warehouseId === warehouseId);
  }
  async function ledger(productId: string) {
    const r = await admin('GET', `/tenants/${a.tenantId}/products/${productId}/ledger?limit=100`);
    expect(r.status).to.equal(200);
    return r.body.data as any[];
  }
  async function expectRefused(r: { status: number; body: unknown }, status: number, code: string, message: string) {
    expect(r.status, JSON.stringify(r.body)).to.equal(status);
    expect(body(r)).to.include({ success: false, code, message });
  }

  describe('catalogue: create and detail', () => {
    it('creates a product with the defaults and answers its detail, 201', async () => {
      const r = await inv.request('POST', '/products', { name: 'Café Crème 1kg', sku: 'CAF-1', price: 12.5 });
      expect(r.status).to.equal(201);
      const p = body(r).data;
      expect(p).to.deep.include({
        name: 'Café Crème 1kg',
        slug: 'cafe-creme-1kg',
        sku: 'CAF-1',
        price: 12.5,
        unit: 'pcs',
        taxRate: 0,
        barcode: null,
        minStock: 0,
        currentStock: 0,
        stock: [],
      });
      const detail = await inv.request('GET', `/products/${p.id}`);
      expect(body(detail).data).to.deep.equal(p);
    });

    it('keeps unit, taxRate and barcode; derives a unique slug; refuses a taken SKU or slug with 409', async () => {
      const r = await inv.request('POST', '/products', {
        name: 'Café Crème 1kg',
        sku: 'CAF-2',
        price: 13,
        unit: 'kg',
        taxRate: 7.5,
        barcode: '4006381333931',
        minStock: 2,
      });
      expect(r.status).to.equal(201);
      expect(body(r).data).to.include({ slug: 'cafe-creme-1kg-2', unit: 'kg', taxRate: 7.5, barcode: '4006381333931' });
      await expectRefused(
        await inv.request('POST', '/products', { name: 'Other', sku: 'CAF-1', price: 1 }),
        409,
        'CONFLICT',
        'Product with this SKU already exists',
      );
      await expectRefused(
        await inv.request('POST', '/products', { name: 'Other', sku: 'CAF-3', price: 1, slug: 'cafe-creme-1kg' }),
        409,
        'CONFLICT',
        'Product with this slug already exists',
      );
      const sameSkuOtherTenant = await invB.request('POST', '/products', { name: 'Café', sku: 'CAF-1', price: 1 });
      expect(sameSkuOtherTenant.status).to.equal(201);
    });

    it('refuses bad fields with clear 400s', async () => {
      const bad = async (fields: object, message: string) =>
        expectRefused(
          await inv.request('POST', '/products', { name: 'X', sku: `BAD-${++n}`, price: 1, ...fields }),
          400,
          'VALIDATION_ERROR',
          message,
        );
      await bad({ taxRate: 100.5 }, 'taxRate must not be greater than 100');
      await bad({ taxRate: 1.234 }, 'taxRate must be a percentage from 0 to 100 with at most 2 decimals');
      await bad({ unit: 'x'.repeat(17) }, 'unit must be shorter than or equal to 16 characters');
      await bad({ price: 0 }, 'price must be a positive number with at most 2 decimals');
      await bad({ sku: 'x'.repeat(65) }, 'sku must be shorter than or equal to 64 characters');
    });

    it('the back office creates with the same schema', async () => {
      const r = await admin('POST', `/tenants/${a.tenantId}/products`, {
        name: 'Tea',
        sku: 'TEA-1',
        price: 3,
        unit: 'box',
        taxRate: 19,
        barcode: '123',
      });
      expect(r.status).to.equal(201);
      expect(r.body.data).to.include({ slug: 'tea', unit: 'box', taxRate: 19, barcode: '123' });
      const bad = await admin('POST', `/tenants/${a.tenantId}/products`, {
        name: 'T',
        sku: 'T2',
        price: 1,
        taxRate: -1,
      });
      expect(bad.status).to.equal(400);
    });

    it("shows onHand, reserved and available per warehouse; another tenant's id is 404 like a missing one", async () => {
      const p = await product();
      await stockIn(p.id, 5);
      await stockIn(p.id, 2, secondWarehouse);
      const d = body(await inv.request('GET', `/products/${p.id}`)).data;
      expect(d.currentStock).to.equal(7);
      expect(d.stock).to.deep.equal([
        { warehouseId: a.warehouseId, warehouseName: 'Main', onHand: 5, reserved: 0, available: 5 },
        { warehouseId: secondWarehouse, warehouseName: 'North', onHand: 2, reserved: 0, available: 2 },
      ]);
      const missing = await inv.request('GET', `/products/${MISSING}`);
      await expectRefused(missing, 404, 'NOT_FOUND', 'Product not found');
      expect(body(await invB.request('GET', `/products/${p.id}`))).to.deep.equal(body(missing));
      await expectRefused(
        await inv.request('GET', '/products/nope'),
        400,
        'VALIDATION_ERROR',
        'Invalid id parameter. Must be a valid UUID.',
      );
    });
  });

  describe('transfers', () => {
    it('moves stock between warehouses of different branches, atomically, with TRF- numbers and two ledger entries per item', async () => {
      const p1 = await product();
      const p2 = await product();
      await stockIn(p1.id, 10);
      await stockIn(p2.id, 3);
      const r = await inv.request('POST', '/products/transfer', {
        fromWarehouseId: a.warehouseId,
        toWarehouseId: secondWarehouse,
        items: [
          { productId: p1.id, quantity: 4 },
          { productId: p2.id, quantity: 3 },
        ],
        reference: 'Rebalance',
      });
      expect(r.status).to.equal(201);
      const t = body(r).data;
      expect(t.transferNumber).to.match(/^TRF-2026-\d{6}$/);
      expect(t).to.deep.include({
        fromWarehouseId: a.warehouseId,
        toWarehouseId: secondWarehouse,
        reference: 'Rebalance',
        items: [
          { productId: p1.id, quantity: 4 },
          { productId: p2.id, quantity: 3 },
        ],
      });
      expect(await stockOf(p1.id)).to.include({ onHand: 6, available: 6 });
      expect(await stockOf(p1.id, secondWarehouse)).to.include({ onHand: 4, available: 4 });
      const entries = (await ledger(p1.id)).filter((e) => e.sourceId === t.id);
      expect(
        entries.map((e) => [e.type, e.warehouseId, e.quantity, e.balanceAfter, e.sourceNumber]).sort(),
      ).to.deep.equal(
        [
          ['TRANSFER_IN', secondWarehouse, 4, 4, t.transferNumber],
          ['TRANSFER_OUT', a.warehouseId, -4, 6, t.transferNumber],
        ].sort(),
      );
    });

    it('refuses the same warehouse, short stock (nothing moves), a product on two rows, and foreign warehouses', async () => {
      const p1 = await product();
      const p2 = await product();
      await stockIn(p1.id, 5);
      await expectRefused(
        await inv.request('POST', '/products/transfer', {
          fromWarehouseId: a.warehouseId,
          toWarehouseId: a.warehouseId,
          items: [{ productId: p1.id, quantity: 1 }],
        }),
        400,
        'VALIDATION_ERROR',
        'toWarehouseId must differ from fromWarehouseId',
      );
      await expectRefused(
        await inv.request('POST', '/products/transfer', {
          fromWarehouseId: a.warehouseId,
          toWarehouseId: secondWarehouse,
          items: [
            { productId: p1.id, quantity: 5 },
            { productId: p2.id, quantity: 1 },
          ],
        }),
        400,
        'INSUFFICIENT_STOCK',
        'Row 2: Insufficient available stock',
      );
      expect(await stockOf(p1.id)).to.include({ onHand: 5 });
      expect(await stockOf(p1.id, secondWarehouse)).to.equal(undefined);
      const dup = await inv.request('POST', '/products/transfer', {
        fromWarehouseId: a.warehouseId,
        toWarehouseId: secondWarehouse,
        items: [
          { productId: p1.id, quantity: 1 },
          { productId: p1.id, quantity: 1 },
        ],
      });
      await expectRefused(dup, 400, 'VALIDATION_ERROR', 'Row 2: Product appears on an earlier row');
      await expectRefused(
        await inv.request('POST', '/products/transfer', {
          fromWarehouseId: a.warehouseId,
          toWarehouseId: b.warehouseId,
          items: [{ productId: p1.id, quantity: 1 }],
        }),
        404,
        'NOT_FOUND',
        'Warehouse not found',
      );
    });
  });

  describe('reservations', () => {
    it('holds available stock (INVENTORY or BILLING), STOCK_OUT and transfers see only what is available, commit takes it out of stock', async () => {
      const p = await product();
      await stockIn(p.id, 6);
      const r = await bill.request('POST', '/products/reserve', {
        warehouseId: a.warehouseId,
        items: [{ productId: p.id, quantity: 4 }],
        reference: 'Order 7',
      });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      const res = body(r).data;
      expect(res.reservationNumber).to.match(/^RSV-2026-\d{6}$/);
      expect(res).to.deep.include({
        status: 'ACTIVE',
        warehouseId: a.warehouseId,
        reference: 'Order 7',
        items: [{ productId: p.id, quantity: 4 }],
      });
      expect(new Date(res.expiresAt).getTime() - new Date(res.createdAt).getTime()).to.equal(900_000);
      expect(await stockOf(p.id)).to.include({ onHand: 6, reserved: 4, available: 2 });

      await expectRefused(
        await inv.request('POST', '/products/adjust', {
          warehouseId: a.warehouseId,
          reason: 'Loss',
          items: [{ productId: p.id, quantity: 3, type: 'STOCK_OUT' }],
        }),
        400,
        'INSUFFICIENT_STOCK',
        'Row 1: Insufficient available stock',
      );
      await expectRefused(
        await inv.request('POST', '/products/transfer', {
          fromWarehouseId: a.warehouseId,
          toWarehouseId: secondWarehouse,
          items: [{ productId: p.id, quantity: 3 }],
        }),
        400,
        'INSUFFICIENT_STOCK',
        'Row 1: Insufficient available stock',
      );
      await expectRefused(
        await inv.request('POST', '/products/reserve', {
          warehouseId: a.warehouseId,
          items: [{ productId: p.id, quantity: 3 }],
        }),
        400,
        'INSUFFICIENT_STOCK',
        'Row 1: Insufficient available stock',
      );
      const listed = await inv.request('GET', withQuery('/products', { search: p.sku }));
      expect(body(listed).data[0].currentStock, 'currentStock stays the on-hand sum').to.equal(6);

      const read = await ro.request('GET', `/products/reservations/${res.id}`);
      expect(body(read).data).to.deep.equal(res);

      const committed = await inv.request('POST', `/products/reservations/${res.id}/commit`, {});
      expect(committed.status).to.equal(200);
      expect(body(committed).data.status).to.equal('COMMITTED');
      expect(await stockOf(p.id)).to.include({ onHand: 2, reserved: 0, available: 2 });
      const entry = (await ledger(p.id)).find((e) => e.sourceId === res.id);
      expect(entry).to.include({
        type: 'RESERVATION_COMMIT',
        quantity: -4,
        balanceAfter: 2,
        sourceNumber: res.reservationNumber,
        row: 1,
      });
      await expectRefused(
        await bill.request('POST', `/products/reservations/${res.id}/commit`, {}),
        409,
        'INVALID_STATE',
        'Reservation is not active',
      );
      await expectRefused(
        await inv.request('POST', `/products/reservations/${res.id}/release`, {}),
        409,
        'INVALID_STATE',
        'Reservation is not active',
      );
    });

    it('release gives the stock back; all rows or none; one row per product; foreign ids are 404', async () => {
      const p1 = await product();
      const p2 = await product();
      await stockIn(p1.id, 2);
      await stockIn(p2.id, 1);
      await expectRefused(
        await inv.request('POST', '/products/reserve', {
          warehouseId: a.warehouseId,
          items: [
            { productId: p1.id, quantity: 2 },
            { productId: p2.id, quantity: 2 },
          ],
        }),
        400,
        'INSUFFICIENT_STOCK',
        'Row 2: Insufficient available stock',
      );
      expect(await stockOf(p1.id), 'row 1 held nothing').to.include({ reserved: 0, available: 2 });
      await expectRefused(
        await inv.request('POST', '/products/reserve', {
          warehouseId: a.warehouseId,
          items: [
            { productId: p1.id, quantity: 1 },
            { productId: p1.id, quantity: 1 },
          ],
        }),
        400,
        'VALIDATION_ERROR',
        'Row 2: Product appears on an earlier row',
      );
      await expectRefused(
        await inv.request('POST', '/products/reserve', {
          warehouseId: a.warehouseId,
          items: [{ productId: p1.id, quantity: 1 }],
          expiresInSeconds: 86_401,
        }),
        400,
        'VALIDATION_ERROR',
        'expiresInSeconds must not be greater than 86400',
      );
      const r = body(
        await inv.request('POST', '/products/reserve', {
          warehouseId: a.warehouseId,
          items: [{ productId: p1.id, quantity: 2 }],
        }),
      ).data;
      expect(await stockOf(p1.id)).to.include({ reserved: 2, available: 0 });
      const released = await bill.request('POST', `/products/reservations/${r.id}/release`, {});
      expect(body(released).data.status).to.equal('RELEASED');
      expect(await stockOf(p1.id)).to.include({ onHand: 2, reserved: 0, available: 2 });

      const missing = await inv.request('GET', `/products/reservations/${MISSING}`);
      await expectRefused(missing, 404, 'NOT_FOUND', 'Reservation not found');
      expect(body(await invB.request('GET', `/products/reservations/${r.id}`))).to.deep.equal(body(missing));
      await expectRefused(
        await invB.request('POST', `/products/reservations/${r.id}/commit`, {}),
        404,
        'NOT_FOUND',
        'Reservation not found',
      );
      await expectRefused(
        await invB.request('POST', `/products/reservations/${r.id}/release`, {}),
        404,
        'NOT_FOUND',
        'Reservation not found',
      );
      await expectRefused(
        await invB.request('POST', '/products/reserve', {
          warehouseId: a.warehouseId,
          items: [{ productId: p1.id, quantity: 1 }],
        }),
        404,
        'NOT_FOUND',
        'Warehouse not found',
      );
      await expectRefused(
        await invB.request('POST', '/products/reserve', {
          warehouseId: b.warehouseId,
          items: [{ productId: p1.id, quantity: 1 }],
        }),
        404,
        'NOT_FOUND',
        'Row 1: Product not found',
      );
    });

    it('stops holding stock exactly at expiresAt, with no sweep: reads say EXPIRED, commit is refused, the next reservation takes the stock', async () => {
      const p = await product();
      await stockIn(p.id, 3);
      const r = body(
        await inv.request('POST', '/products/reserve', {
          warehouseId: a.warehouseId,
          items: [{ productId: p.id, quantity: 3 }],
          expiresInSeconds: 1,
        }),
      ).data;
      expect(await stockOf(p.id)).to.include({ reserved: 3, available: 0 });
      const deadline = Date.now() + 10_000;
      let status = 'ACTIVE';
      while (status === 'ACTIVE' && Date.now() < deadline)
        status = body(await inv.request('GET', `/products/reservations/${r.id}`)).data.status;
      expect(status).to.equal('EXPIRED');
      expect(Date.now()).to.be.at.least(new Date(r.expiresAt).getTime());
      // No worker runs in this service: the row still says ACTIVE and holds the stock...
      const row = await svc.database.knex('reservations').where({ id: r.id }).first();
      expect(row.status).to.equal('ACTIVE');
      // ...yet nothing reads it as held.
      expect(await stockOf(p.id)).to.include({ onHand: 3, reserved: 0, available: 3 });
      await expectRefused(
        await inv.request('POST', `/products/reservations/${r.id}/commit`, {}),
        409,
        'INVALID_STATE',
        'Reservation is not active',
      );
      await expectRefused(
        await inv.request('POST', `/products/reservations/${r.id}/release`, {}),
        409,
        'INVALID_STATE',
        'Reservation is not active',
      );

      const next = await inv.request('POST', '/products/reserve', {
        warehouseId: a.warehouseId,
        items: [{ productId: p.id, quantity: 3 }],
      });
      expect(next.status).to.equal(201);
      expect((await svc.database.knex('reservations').where({ id: r.id }).first()).status).to.equal('EXPIRED');
      const level = await svc.database
        .knex('stock_levels')
        .where({ tenant_id: a.tenantId, warehouse_id: a.warehouseId, product_id: p.id })
        .first();
      expect(Number(level.reserved)).to.equal(3);
    });

    it("a transfer short of stock frees the source warehouse's expired holds and moves what they held; a live hold still counts", async () => {
      const p = await product();
      await stockIn(p.id, 4);
      const hold = async (quantity: number) =>
        body(
          await inv.request('POST', '/products/reserve', {
            warehouseId: a.warehouseId,
            items: [{ productId: p.id, quantity }],
          }),
        ).data as { id: string };
      const expired = await hold(3);
      const live = await hold(1);
      // The first hold's expiry passes with no sweep: its row still says ACTIVE and holds 3.
      await svc.database
        .knex('reservations')
        .where({ id: expired.id })
        .update({ created_at: new Date(Date.now() - 2000), expires_at: new Date(Date.now() - 1000) });
      const transfer = (quantity: number) =>
        inv.request('POST', '/products/transfer', {
          fromWarehouseId: a.warehouseId,
          toWarehouseId: secondWarehouse,
          items: [{ productId: p.id, quantity }],
        });
      await expectRefused(await transfer(4), 400, 'INSUFFICIENT_STOCK', 'Row 1: Insufficient available stock');
      // That refusal rolled back its sweep too.
      expect((await svc.database.knex('reservations').where({ id: expired.id }).first()).status).to.equal('ACTIVE');
      expect((await transfer(3)).status).to.equal(201);
      expect((await svc.database.knex('reservations').where({ id: expired.id }).first()).status).to.equal('EXPIRED');
      expect((await svc.database.knex('reservations').where({ id: live.id }).first()).status).to.equal('ACTIVE');
      expect(await stockOf(p.id)).to.include({ onHand: 1, reserved: 1, available: 0 });
    });
  });

  describe('purchase orders and goods receipt', () => {
    it('creates and lists orders (status filter, pagination); receives partially then fully; refuses receipts on RECEIVED', async () => {
      const p1 = await product();
      const p2 = await product();
      const created = await inv.request('POST', '/purchase-orders', {
        supplierName: 'Beans Ltd',
        warehouseId: a.warehouseId,
        expectedOn: '2026-12-01',
        items: [
          { productId: p1.id, quantity: 10, unitCost: 1.25 },
          { productId: p2.id, quantity: 2, unitCost: 4 },
        ],
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const po = body(created).data;
      expect(po.poNumber).to.match(/^PO-2026-\d{6}$/);
      expect(po).to.deep.include({
        status: 'OPEN',
        supplierName: 'Beans Ltd',
        warehouseId: a.warehouseId,
        expectedOn: '2026-12-01',
        items: [
          { productId: p1.id, orderedQuantity: 10, receivedQuantity: 0, unitCost: 1.25 },
          { productId: p2.id, orderedQuantity: 2, receivedQuantity: 0, unitCost: 4 },
        ],
      });

      const partial = await inv.request('POST', '/goods-receipt', {
        purchaseOrderId: po.id,
        supplierReference: 'DN-1',
        items: [{ productId: p1.id, quantity: 4 }],
      });
      expect(partial.status, JSON.stringify(partial.body)).to.equal(201);
      const grn = body(partial).data;
      expect(grn.receiptNumber).to.match(/^GRN-2026-\d{6}$/);
      expect(grn).to.deep.include({
        purchaseOrderId: po.id,
        warehouseId: a.warehouseId,
        supplierReference: 'DN-1',
        items: [{ productId: p1.id, quantity: 4, unitCost: 1.25 }],
      });
      expect(await stockOf(p1.id)).to.include({ onHand: 4 });
      expect((await ledger(p1.id)).find((e) => e.sourceId === grn.id)).to.include({
        type: 'GOODS_RECEIPT',
        quantity: 4,
        balanceAfter: 4,
        sourceNumber: grn.receiptNumber,
      });

      const list = async (query: object) => body(await ro.request('GET', withQuery('/purchase-orders', query)));
      const partials = await list({ status: 'PARTIALLY_RECEIVED' });
      expect(partials.data.map((o: { id: string }) => o.id)).to.deep.equal([po.id]);
      expect(partials.data[0].items[0]).to.include({ receivedQuantity: 4 });
      expect((await list({ status: 'OPEN' })).data.map((o: { id: string }) => o.id)).not.to.include(po.id);
      expect((await list({ limit: 1 })).pagination).to.deep.include({ page: 1, limit: 1 });
      await expectRefused(
        await inv.request('GET', withQuery('/purchase-orders', { status: 'NOPE' })),
        400,
        'VALIDATION_ERROR',
        'status must be one of the following values: OPEN, PARTIALLY_RECEIVED, RECEIVED, CANCELLED',
      );

      await expectRefused(
        await inv.request('POST', '/goods-receipt', {
          purchaseOrderId: po.id,
          items: [
            { productId: p2.id, quantity: 1 },
            { productId: MISSING, quantity: 1 },
          ],
        }),
        400,
        'VALIDATION_ERROR',
        'Row 2: Product is not on the purchase order',
      );
      await expectRefused(
        await inv.request('POST', '/goods-receipt', {
          purchaseOrderId: po.id,
          items: [{ productId: p1.id, quantity: 6.001 }],
        }),
        400,
        'VALIDATION_ERROR',
        'Row 1: Quantity exceeds the outstanding quantity',
      );
      const rest = await inv.request('POST', '/goods-receipt', {
        purchaseOrderId: po.id,
        items: [
          { productId: p2.id, quantity: 2, unitCost: 3.5 },
          { productId: p1.id, quantity: 6 },
        ],
      });
      expect(rest.status).to.equal(201);
      expect((await list({ status: 'RECEIVED' })).data.map((o: { id: string }) => o.id)).to.include(po.id);
      expect(await stockOf(p1.id)).to.include({ onHand: 10 });
      await expectRefused(
        await inv.request('POST', '/goods-receipt', {
          purchaseOrderId: po.id,
          items: [{ productId: MISSING, quantity: 1 }],
        }),
        409,
        'INVALID_STATE',
        'Cannot receive goods on a purchase order in status RECEIVED',
      );
      await expectRefused(
        await admin('POST', `/purchase-orders/${po.id}/cancel`, {}),
        409,
        'INVALID_STATE',
        'Cannot cancel a purchase order in status RECEIVED',
      );
    });

    it('the back office creates and cancels orders; a cancelled order takes no receipt; foreign orders are 404', async () => {
      const p = await product();
      const viaAdmin = await admin('POST', `/tenants/${a.tenantId}/purchase-orders`, {
        supplierName: 'Mugs Inc',
        warehouseId: secondWarehouse,
        fiscalYearId: a.fiscalYearId,
        items: [{ productId: p.id, quantity: 3, unitCost: 2 }],
      });
      expect(viaAdmin.status, JSON.stringify(viaAdmin.body)).to.equal(201);
      const po = viaAdmin.body.data;
      expect(po).to.include({ status: 'OPEN', warehouseId: secondWarehouse });
      const defaultYear = await admin('POST', `/tenants/${a.tenantId}/purchase-orders`, {
        supplierName: 'Mugs Inc',
        warehouseId: a.warehouseId,
        items: [{ productId: p.id, quantity: 1, unitCost: 2 }],
      });
      expect(defaultYear.status, 'the fiscal year covering today').to.equal(201);

      const missing = await inv.request('POST', '/goods-receipt', {
        purchaseOrderId: MISSING,
        items: [{ productId: p.id, quantity: 1 }],
      });
      await expectRefused(missing, 404, 'NOT_FOUND', 'Purchase order not found');
      expect(
        body(
          await invB.request('POST', '/goods-receipt', {
            purchaseOrderId: po.id,
            items: [{ productId: p.id, quantity: 1 }],
          }),
        ),
      ).to.deep.equal(body(missing));
      await expectRefused(
        await inv.request('POST', '/goods-receipt', {
          purchaseOrderId: po.id,
          warehouseId: a.warehouseId,
          items: [{ productId: p.id, quantity: 1 }],
        }),
        400,
        'VALIDATION_ERROR',
        "warehouseId must be the purchase order's warehouse",
      );

      const cancelled = await admin('POST', `/purchase-orders/${po.id}/cancel`, { reason: 'Supplier closed' });
      expect(cancelled.status).to.equal(200);
      expect(cancelled.body.data).to.include({
        status: 'CANCELLED',
        cancelReason: 'Supplier closed',
        cancelledBy: 'bootstrap',
      });
      await expectRefused(
        await inv.request('POST', '/goods-receipt', {
          purchaseOrderId: po.id,
          items: [{ productId: p.id, quantity: 1 }],
        }),
        409,
        'INVALID_STATE',
        'Cannot receive goods on a purchase order in status CANCELLED',
      );
      await expectRefused(
        await admin('POST', `/purchase-orders/${MISSING}/cancel`, {}),
        404,
        'NOT_FOUND',
        'Purchase order not found',
      );
    });

    it('receives without an order only into a named warehouse of the tenant', async () => {
      const p = await product();
      await expectRefused(
        await inv.request('POST', '/goods-receipt', { items: [{ productId: p.id, quantity: 1 }] }),
        400,
        'VALIDATION_ERROR',
        'warehouseId is required when no purchaseOrderId is given',
      );
      await expectRefused(
        await invB.request('POST', '/goods-receipt', {
          warehouseId: a.warehouseId,
          items: [{ productId: p.id, quantity: 1 }],
        }),
        404,
        'NOT_FOUND',
        'Warehouse not found',
      );
      await expectRefused(
        await invB.request('POST', '/goods-receipt', {
          warehouseId: b.warehouseId,
          items: [{ productId: p.id, quantity: 1 }],
        }),
        404,
        'NOT_FOUND',
        'Row 1: Product not found',
      );
      const ok = await inv.request('POST', '/goods-receipt', {
        warehouseId: a.warehouseId,
        items: [{ productId: p.id, quantity: 2.5, unitCost: 1 }],
      });
      expect(body(ok).data).to.deep.include({
        purchaseOrderId: null,
        items: [{ productId: p.id, quantity: 2.5, unitCost: 1 }],
      });
      expect(await stockOf(p.id)).to.include({ onHand: 2.5 });
    });
  });

  it('roles: INVENTORY everything, BILLING reservations only, READ_ONLY reads, LOGISTICS none of it', async () => {
    const p = await product();
    await stockIn(p.id, 5);
    const forbidden = {
      success: false,
      status: 403,
      message: "This integration's role does not allow this operation.",
      code: 'FORBIDDEN',
    };
    const reserve = (c: ExternalApiClient) =>
      c.request('POST', '/products/reserve', { warehouseId: a.warehouseId, items: [{ productId: p.id, quantity: 1 }] });
    expect((await reserve(inv)).status).to.equal(201);
    const viaBilling = await reserve(bill);
    expect(viaBilling.status).to.equal(201);
    expect((await bill.request('GET', `/products/reservations/${body(viaBilling).data.id}`)).status).to.equal(200);
    expect(body(await reserve(ro))).to.deep.equal(forbidden);
    expect(body(await reserve(logi))).to.deep.equal(forbidden);
    expect(body(await bill.request('GET', `/products/${p.id}`))).to.deep.equal(forbidden);
    expect(body(await bill.request('POST', '/products', { name: 'x', sku: 'x', price: 1 }))).to.deep.equal(forbidden);
    expect(
      body(
        await bill.request('POST', '/products/transfer', {
          fromWarehouseId: a.warehouseId,
          toWarehouseId: secondWarehouse,
          items: [{ productId: p.id, quantity: 1 }],
        }),
      ),
    ).to.deep.equal(forbidden);
    expect(
      body(
        await bill.request('POST', '/goods-receipt', {
          warehouseId: a.warehouseId,
          items: [{ productId: p.id, quantity: 1 }],
        }),
      ),
    ).to.deep.equal(forbidden);
    expect(body(await bill.request('GET', '/purchase-orders'))).to.deep.equal(forbidden);
    expect(
      body(
        await ro.request('POST', '/purchase-orders', {
          supplierName: 'x',
          warehouseId: a.warehouseId,
          items: [{ productId: p.id, quantity: 1, unitCost: 1 }],
        }),
      ),
    ).to.deep.equal(forbidden);
    expect(body(await logi.request('GET', `/products/reservations/${body(viaBilling).data.id}`))).to.deep.equal(
      forbidden,
    );
    expect((await ro.request('GET', `/products/${p.id}`)).status).to.equal(200);
    expect((await ro.request('GET', '/purchase-orders')).status).to.equal(200);
    expect(
      body(await ro.request('POST', `/products/reservations/${body(viaBilling).data.id}/commit`, {})),
    ).to.deep.equal(forbidden);
  });
});
