import { expect } from 'chai';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { CommitReservation, ExpireReservations } from '../../src/application/inventory/reservation-lifecycle.js';
import type { IdGenerator } from '../../src/application/ports/id-generator.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import { TOKENS } from '../../src/application/tokens.js';
import { TEST_DATABASE_URL } from '../support/database.js';
import { FixedClock } from '../support/fakes.js';
import {
  clientFor,
  createIntegration,
  createProduct,
  createTenantSetup,
  type TenantSetup,
} from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';

/**
 * Races on one stock row through the real service on a PostgreSQL server:
 * conditional updates and row locks must let through exactly what the stock allows.
 */
describe('e2e: inventory roadmap under concurrency (PostgreSQL server)', function () {
  let svc: TestService;
  let s: TenantSetup;
  let other: string;
  let api: ExternalApiClient;
  let n = 0;

  before(async function () {
    if (!TEST_DATABASE_URL) {
      console.log(
        '      skipped: these races need a PostgreSQL server in TEST_DATABASE_URL (the embedded database has one connection)',
      );
      this.skip();
    }
    svc = await startTestService();
    s = await createTenantSetup(svc.baseUrl, 'Race');
    other = (
      await call(svc.baseUrl, 'POST', `/api/v1/admin/tenants/${s.tenantId}/warehouses`, {
        body: { branchId: s.branchId, name: 'Second' },
      })
    ).body.data.id;
    api = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, s, { role: 'ADMIN' }));
  });
  after(async () => {
    await svc?.stop();
  });

  async function productWith(stock: number): Promise<string> {
    n += 1;
    const p = await createProduct(svc.baseUrl, s.tenantId, { name: `Hot ${n}`, sku: `HOT-${n}`, price: 1 });
    const r = await api.request('POST', '/goods-receipt', {
      warehouseId: s.warehouseId,
      items: [{ productId: p.id, quantity: stock }],
    });
    expect(r.status).to.equal(201);
    return p.id;
  }
  async function level(productId: string, warehouseId = s.warehouseId) {
    const row = await svc.database
      .knex('stock_levels')
      .where({ tenant_id: s.tenantId, warehouse_id: warehouseId, product_id: productId })
      .first();
    return row ? { onHand: Number(row.quantity), reserved: Number(row.reserved) } : { onHand: 0, reserved: 0 };
  }

  it('100 parallel reservations of 1 on 40 available: exactly 40 ACTIVE, the rest 400 INSUFFICIENT_STOCK, available 0', async () => {
    const productId = await productWith(40);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        api.request('POST', '/products/reserve', { warehouseId: s.warehouseId, items: [{ productId, quantity: 1 }] }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 400);
    expect(ok).to.have.length(40);
    expect(refused).to.have.length(60);
    for (const r of refused)
      expect(r.body).to.include({ code: 'INSUFFICIENT_STOCK', message: 'Row 1: Insufficient available stock' });
    // Numbered by the statement that stores each: the 60 refused drew none, so the 40 run on.
    const sequence = ok.map((r) => Number((r.body as any).data.reservationNumber.slice('RSV-2026-'.length)));
    expect(new Set(sequence).size).to.equal(40);
    expect(Math.max(...sequence) - Math.min(...sequence)).to.equal(39);
    expect(await level(productId)).to.deep.equal({ onHand: 40, reserved: 40 });
    const active = await svc.database
      .knex('reservations as r')
      .join('reservation_items as i', 'i.reservation_id', 'r.id')
      .where({ 'i.product_id': productId, 'r.status': 'ACTIVE' });
    expect(active).to.have.length(40);
    const detail = (await api.request('GET', `/products/${productId}`)).body as any;
    expect(detail.data.stock[0]).to.include({ onHand: 40, reserved: 40, available: 0 });
  });

  it('parallel transfers, STOCK_OUT approvals and reservations on one stock row never oversell', async () => {
    const productId = await productWith(30);
    // 20 PENDING STOCK_OUTs of 1, each valid when made (30 available).
    const pending: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await api.request('POST', '/products/adjust', {
        warehouseId: s.warehouseId,
        reason: 'Sale',
        items: [{ productId, quantity: 1, type: 'STOCK_OUT' }],
      });
      pending.push((r.body as any).data.id);
    }
    const item = [{ productId, quantity: 1 }];
    const tasks = [
      ...Array.from(
        { length: 20 },
        () => () =>
          api
            .request('POST', '/products/transfer', {
              fromWarehouseId: s.warehouseId,
              toWarehouseId: other,
              items: item,
            })
            .then((r) => ['transfer', r.status] as const),
      ),
      ...pending.map(
        (id) => () =>
          call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${id}/approve`).then(
            (r) => ['approval', r.status] as const,
          ),
      ),
      ...Array.from(
        { length: 20 },
        () => () =>
          api
            .request('POST', '/products/reserve', { warehouseId: s.warehouseId, items: item })
            .then((r) => ['reservation', r.status] as const),
      ),
    ];
    const results = await Promise.all(tasks.sort(() => Math.random() - 0.5).map((t) => t()));
    const okOf = (kind: string, status: number) => results.filter(([k, st]) => k === kind && st === status).length;
    const transfers = okOf('transfer', 201);
    const approvals = okOf('approval', 200);
    const reservations = okOf('reservation', 201);
    expect(transfers + approvals + reservations, JSON.stringify(results)).to.equal(30);
    expect(results.every(([k, st]) => (k === 'approval' ? [200, 409] : [201, 400]).includes(st))).to.equal(true);
    expect(await level(productId)).to.deep.equal({ onHand: 30 - transfers - approvals, reserved: reservations });
    expect(await level(productId, other)).to.deep.equal({ onHand: transfers, reserved: 0 });
    const ledger = await svc.database
      .knex('stock_ledger')
      .where({ tenant_id: s.tenantId, product_id: productId, warehouse_id: s.warehouseId })
      .orderBy('seq');
    // Each movement out of the row saw the one before: balances never repeat, never drop below the reservations.
    const outs = ledger.filter((e) => Number(e.quantity) < 0).map((e) => Number(e.balance_after));
    expect(new Set(outs).size).to.equal(outs.length);
    expect(Math.min(...outs)).to.be.at.least(0);
  });

  it('15 parallel receipts of 1 on an order of 10: exactly 10 accepted, the order RECEIVED, stock 10', async () => {
    n += 1;
    const p = await createProduct(svc.baseUrl, s.tenantId, { name: `Ordered ${n}`, sku: `ORD-${n}`, price: 1 });
    const po = (
      await api.request('POST', '/purchase-orders', {
        supplierName: 'Acme',
        warehouseId: s.warehouseId,
        items: [{ productId: p.id, quantity: 10, unitCost: 1 }],
      })
    ).body as any;
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        api.request('POST', '/goods-receipt', {
          purchaseOrderId: po.data.id,
          items: [{ productId: p.id, quantity: 1 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).to.have.length(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).to.have.length(5);
    for (const r of refused)
      expect(r.body).to.include({
        status: 409,
        code: 'INVALID_STATE',
        message: 'Cannot receive goods on a purchase order in status RECEIVED',
      });
    expect(await level(p.id)).to.deep.equal({ onHand: 10, reserved: 0 });
    const order = await svc.database.knex('purchase_orders').where({ id: po.data.id }).first();
    expect(order.status).to.equal('RECEIVED');
    const item = await svc.database.knex('purchase_order_items').where({ purchase_order_id: po.data.id }).first();
    expect(Number(item.received_quantity)).to.equal(10);
    expect(await svc.database.knex('goods_receipts').where({ purchase_order_id: po.data.id })).to.have.length(10);
  });

  it('reservations expiring while commits race them: each ends COMMITTED or EXPIRED, never both, and the stock adds up', async () => {
    const productId = await productWith(40);
    const created = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.request('POST', '/products/reserve', {
          warehouseId: s.warehouseId,
          items: [{ productId, quantity: 2 }],
          expiresInSeconds: 60,
        }),
      ),
    );
    const ids = created.map((r) => (r.body as any).data.id as string);
    const expiresAt = new Date((created[0]!.body as any).data.expiresAt);
    const uow = svc.container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const idGen = svc.container.get<IdGenerator>(TOKENS.IdGenerator);
    // Two processes whose clocks straddle the expiry: the commit's says "just before", the sweep's "at it".
    const commit = new CommitReservation(uow, idGen, new FixedClock(new Date(expiresAt.getTime() - 1)));
    const sweep = new ExpireReservations(uow, new FixedClock(new Date(expiresAt.getTime() + 1_000)));
    const outcomes = await Promise.all([
      ...ids.map((id) =>
        commit.execute({ tenantId: s.tenantId }, id).then(
          () => 'committed',
          (err: Error) => err.message,
        ),
      ),
      ...Array.from({ length: 5 }, () => sweep.execute().then((count) => `swept ${count}`)),
    ]);
    const commitOutcomes = outcomes.slice(0, ids.length);
    expect(
      commitOutcomes.every((o) => o === 'committed' || o === 'Reservation is not active'),
      commitOutcomes.join(),
    ).to.equal(true);
    const rows = await svc.database.knex('reservations').whereIn('id', ids);
    const committed = rows.filter((r) => r.status === 'COMMITTED').length;
    const expired = rows.filter((r) => r.status === 'EXPIRED').length;
    expect(committed + expired).to.equal(20);
    expect(commitOutcomes.filter((o) => o === 'committed')).to.have.length(committed);
    expect(await level(productId)).to.deep.equal({ onHand: 40 - 2 * committed, reserved: 0 });
    const entries = await svc.database.knex('stock_ledger').whereIn('source_id', ids);
    expect(entries).to.have.length(committed);
    expect(entries.every((e) => e.type === 'RESERVATION_COMMIT')).to.equal(true);
  });
});
