import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Caller } from '../../../src/application/access/caller.js';
import { ApproveAdjustment } from '../../../src/application/inventory/approve-adjustment.js';
import { CreateProduct } from '../../../src/application/inventory/create-product.js';
import { GetLowStockSummary } from '../../../src/application/inventory/get-low-stock-summary.js';
import { ListAdjustments } from '../../../src/application/inventory/list-adjustments.js';
import { ListProducts } from '../../../src/application/inventory/list-products.js';
import { ListStockLedger } from '../../../src/application/inventory/list-stock-ledger.js';
import { RejectAdjustment } from '../../../src/application/inventory/reject-adjustment.js';
import { RequestAdjustment } from '../../../src/application/inventory/request-adjustment.js';
import { UpdateProduct } from '../../../src/application/inventory/update-product.js';
import { CreateBranch } from '../../../src/application/organization/create-branch.js';
import { CreateFiscalYear } from '../../../src/application/organization/create-fiscal-year.js';
import { CreateTenant } from '../../../src/application/organization/create-tenant.js';
import { CreateWarehouse } from '../../../src/application/organization/create-warehouse.js';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import {
  AdjustmentRequestNotFound,
  AdjustmentRequestNotPending,
  DuplicateSku,
  InsufficientAvailableStock,
  ProductNotFound,
  StockLevelLimitExceeded,
} from '../../../src/domain/inventory/errors.js';
import { TenantNotFound, WarehouseNotFound } from '../../../src/domain/organization/errors.js';
import { resetData, testDatabase } from '../../support/database.js';
import { FixedClock, SequentialIds } from '../../support/fakes.js';

const MISSING = '99999999-9999-4999-8999-999999999999';
type Line = [productId: string, quantity: number, type: 'STOCK_IN' | 'STOCK_OUT'];

/** The inventory use cases on the real knex repositories and unit of work (PGlite or PostgreSQL). */
describe('inventory use cases (real database)', () => {
  async function world() {
    const db = await testDatabase();
    await resetData(db.knex);
    const knex = db.knex;
    const uow = new KnexUnitOfWork(knex, new AesGcmSecretCipher(randomBytes(32)));
    const ids = new SequentialIds();
    const clock = new FixedClock();
    const args = [uow, ids, clock] as const;
    const uc = {
      request: new RequestAdjustment(...args),
      approve: new ApproveAdjustment(...args),
      reject: new RejectAdjustment(uow, clock),
      list: new ListAdjustments(uow),
      lowStock: new GetLowStockSummary(uow),
      ledger: new ListStockLedger(uow),
      createProduct: new CreateProduct(...args),
      listProducts: new ListProducts(uow),
      updateProduct: new UpdateProduct(uow, clock),
    };
    async function tenant(name: string) {
      const t = await new CreateTenant(...args).execute({ name });
      const b = await new CreateBranch(...args).execute({ tenantId: t.id, name: 'HQ', code: 'HQ' });
      const y = await new CreateFiscalYear(...args).execute({
        tenantId: t.id,
        code: '2026',
        startsOn: '2026-01-01',
        endsOn: '2026-12-31',
      });
      const w = await new CreateWarehouse(...args).execute({ tenantId: t.id, branchId: b.id, name: 'Main' });
      const integrationId = ids.next();
      await knex('integrations').insert({
        tenant_id: t.id,
        id: integrationId,
        branch_id: b.id,
        fiscal_year_id: y.id,
        role: 'ADMIN',
        client_name: `client ${name}`,
        client_id: `client-${name}`,
        client_secret_enc: 'x',
        created_at: clock.now(),
        updated_at: clock.now(),
      });
      const caller: Caller = { integrationId, tenantId: t.id, branchId: b.id, fiscalYearId: y.id };
      const product = async (name: string, minStock = 0) =>
        (await uc.createProduct.execute({ tenantId: t.id, name, sku: name, price: 1, minStock })).id;
      return { caller, warehouseId: w.id, product };
    }
    const a = await tenant('A');
    const b = await tenant('B');
    const adjust = (caller: Caller, warehouseId: string, lines: Line[], reason = 'Count') =>
      uc.request.execute(caller, {
        warehouseId,
        reason,
        items: lines.map(([productId, quantity, type]) => ({ productId, quantity, type })),
      });
    const stockOf = async (t: { caller: Caller; warehouseId: string }, productId: string) => {
      const row = await knex('stock_levels')
        .where({ tenant_id: t.caller.tenantId, warehouse_id: t.warehouseId, product_id: productId })
        .first();
      return row ? Number(row.quantity) : 0;
    };
    const statusOf = async (id: string) => (await knex('stock_adjustment_requests').where({ id }).first()).status;
    const count = async (table: string) => Number((await knex(table).count({ n: '*' }))[0]!.n);
    const events = () => knex('outbox_events').orderBy('occurred_at').select('event_name', 'tenant_id', 'payload');
    return { knex, clock, uc, a, b, adjust, stockOf, statusOf, count, events };
  }

  describe('request', () => {
    it('creates numbered PENDING requests attributed to the caller, changing no stock', async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const first = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 5, 'STOCK_IN']], '  Cycle count ');
      const second = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 1, 'STOCK_IN']]);
      expect(first.number).to.equal('ADJ-2026-000001');
      expect(second.number).to.equal('ADJ-2026-000002');
      const stored = await w.knex('stock_adjustment_requests').where({ id: first.id }).first();
      expect(stored).to.include({
        status: 'PENDING',
        reason: 'Cycle count',
        tenant_id: w.a.caller.tenantId,
        branch_id: w.a.caller.branchId,
        fiscal_year_id: w.a.caller.fiscalYearId,
        integration_id: w.a.caller.integrationId,
        warehouse_id: w.a.warehouseId,
      });
      expect(await w.count('stock_adjustment_requests')).to.equal(2);
      expect(await w.stockOf(w.a, p)).to.equal(0);
      expect(await w.events()).to.deep.equal([]);
    });

    it("refuses a missing warehouse and another tenant's warehouse alike", async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      for (const warehouseId of [MISSING, w.b.warehouseId]) {
        await expect(w.adjust(w.a.caller, warehouseId, [[p, 1, 'STOCK_IN']])).to.be.rejectedWith(
          WarehouseNotFound,
          'Warehouse not found',
        );
      }
    });

    it("names the first missing product's row, another tenant's product included", async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const foreign = await w.b.product('Mug');
      await expect(
        w.adjust(w.a.caller, w.a.warehouseId, [
          [p, 1, 'STOCK_IN'],
          [foreign, 1, 'STOCK_IN'],
          [MISSING, 1, 'STOCK_IN'],
        ]),
      ).to.be.rejectedWith(ProductNotFound, 'Row 2: Product not found');
    });

    it('refuses STOCK_OUT above what the warehouse holds (summed per product) with a 400, writing nothing', async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const seed = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 10, 'STOCK_IN']]);
      await w.uc.approve.execute({ id: seed.id, approvedBy: 'test' });
      const before = await w.count('stock_adjustment_requests');

      const err = await w
        .adjust(w.a.caller, w.a.warehouseId, [
          [p, 6, 'STOCK_OUT'],
          [p, 5, 'STOCK_OUT'],
        ])
        .then(
          () => expect.fail('expected a refusal'),
          (e: unknown) => e,
        );
      expect(err).to.be.instanceOf(InsufficientAvailableStock);
      expect(err).to.include({ message: 'Row 2: Insufficient available stock', code: 'INSUFFICIENT_STOCK' });
      expect(err).to.include({ kind: 'validation' });
      expect(await w.count('stock_adjustment_requests')).to.equal(before);

      const ok = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 10, 'STOCK_OUT']]);
      expect(ok.number, 'the refused request gave its number back').to.equal('ADJ-2026-000002');
    });
  });

  describe('approve', () => {
    it('applies every item, writes one ledger entry per item and one event, in one transaction', async () => {
      const w = await world();
      const p1 = await w.a.product('Mug');
      const p2 = await w.a.product('Cup');
      const seed = await w.adjust(w.a.caller, w.a.warehouseId, [
        [p1, 10, 'STOCK_IN'],
        [p2, 2.5, 'STOCK_IN'],
      ]);
      await w.uc.approve.execute({ id: seed.id, approvedBy: 'seed' });
      const r = await w.adjust(w.a.caller, w.a.warehouseId, [
        [p1, 3, 'STOCK_OUT'],
        [p2, 1.25, 'STOCK_IN'],
        [p1, 1, 'STOCK_OUT'],
      ]);
      const approved = await w.uc.approve.execute({ id: r.id, approvedBy: 'ops' });

      expect(approved.status).to.equal('APPROVED');
      expect(await w.statusOf(r.id)).to.equal('APPROVED');
      expect(await w.stockOf(w.a, p1)).to.equal(6);
      expect(await w.stockOf(w.a, p2)).to.equal(3.75);
      const entries = await w.knex('stock_ledger').where({ adjustment_request_id: r.id }).orderBy('row_no');
      expect(entries.map((e) => [e.row_no, Number(e.quantity), Number(e.balance_after), e.approved_by])).to.deep.equal([
        [1, -3, 7, 'ops'],
        [2, 1.25, 3.75, 'ops'],
        [3, -1, 6, 'ops'],
      ]);
      const events = await w.events();
      expect(events).to.have.length(2);
      expect(events[1]).to.include({ event_name: 'inventory.adjustment.approved', tenant_id: w.a.caller.tenantId });
      expect(events[1].payload).to.deep.include({
        id: r.id,
        code: r.number,
        branchId: w.a.caller.branchId,
        resource: 'STOCK_ADJUSTMENT',
        action: 'APPROVE',
      });
    });

    it('refuses with 409 INSUFFICIENT_STOCK when stock fell meanwhile; everything rolls back and it stays PENDING', async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const other = await w.a.product('Cup');
      await w.uc.approve.execute({
        id: (await w.adjust(w.a.caller, w.a.warehouseId, [[p, 5, 'STOCK_IN']])).id,
        approvedBy: 'seed',
      });
      const slow = await w.adjust(w.a.caller, w.a.warehouseId, [
        [other, 7, 'STOCK_IN'],
        [p, 4, 'STOCK_OUT'],
      ]);
      const fast = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 2, 'STOCK_OUT']]);
      await w.uc.approve.execute({ id: fast.id, approvedBy: 'ops' });
      const ledgerBefore = await w.count('stock_ledger');
      const eventsBefore = (await w.events()).length;

      const err = await w.uc.approve.execute({ id: slow.id, approvedBy: 'ops' }).then(
        () => expect.fail('expected a refusal'),
        (e: unknown) => e,
      );
      expect(err).to.be.instanceOf(InsufficientAvailableStock);
      expect(err).to.include({
        kind: 'conflict',
        code: 'INSUFFICIENT_STOCK',
        message: 'Row 2: Insufficient available stock',
      });
      expect(await w.statusOf(slow.id)).to.equal('PENDING');
      expect(await w.stockOf(w.a, p)).to.equal(3);
      expect(await w.stockOf(w.a, other), 'the STOCK_IN of row 1 was rolled back').to.equal(0);
      expect(await w.count('stock_ledger')).to.equal(ledgerBefore);
      expect(await w.events()).to.have.length(eventsBefore);
    });

    it('refuses with 409 when a STOCK_IN would take the level past what can be stored, writing nothing', async () => {
      const w = await world();
      const p = await w.a.product('Bulk');
      const r = await w.adjust(
        w.a.caller,
        w.a.warehouseId,
        Array.from({ length: 100 }, (): Line => [p, 1_000_000_000, 'STOCK_IN']),
      );
      await expect(w.uc.approve.execute({ id: r.id, approvedBy: 'ops' })).to.be.rejectedWith(
        StockLevelLimitExceeded,
        'Row 100: Stock level would exceed the maximum',
      );
      expect(await w.stockOf(w.a, p)).to.equal(0);
      expect(await w.statusOf(r.id)).to.equal('PENDING');
      expect(await w.count('stock_ledger')).to.equal(0);
    });

    it('refuses a second decision with 409 INVALID_STATE and a missing request with 404', async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const r = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 1, 'STOCK_IN']]);
      await w.uc.approve.execute({ id: r.id, approvedBy: 'ops' });
      await expect(w.uc.approve.execute({ id: r.id, approvedBy: 'ops' })).to.be.rejectedWith(
        AdjustmentRequestNotPending,
        'Stock adjustment request is not pending',
      );
      await expect(w.uc.reject.execute({ id: r.id, reason: 'late', rejectedBy: 'ops' })).to.be.rejectedWith(
        AdjustmentRequestNotPending,
      );
      expect(await w.stockOf(w.a, p)).to.equal(1);
      expect(await w.events()).to.have.length(1);
      await expect(w.uc.approve.execute({ id: MISSING, approvedBy: 'ops' })).to.be.rejectedWith(
        AdjustmentRequestNotFound,
        'Stock adjustment request not found',
      );
    });
  });

  describe('reject', () => {
    it('stores the trimmed reason, changes no stock, emits nothing, and is final', async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const r = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 1, 'STOCK_IN']]);
      const rejected = await w.uc.reject.execute({ id: r.id, reason: ' Duplicate ', rejectedBy: 'ops' });
      expect(rejected.status).to.equal('REJECTED');
      expect(await w.knex('stock_adjustment_requests').where({ id: r.id }).first()).to.include({
        status: 'REJECTED',
        rejection_reason: 'Duplicate',
        decided_by: 'ops',
      });
      expect(await w.stockOf(w.a, p)).to.equal(0);
      expect(await w.events()).to.deep.equal([]);
      await expect(w.uc.approve.execute({ id: r.id, approvedBy: 'ops' })).to.be.rejectedWith(
        AdjustmentRequestNotPending,
      );
    });
  });

  it('lists the tenant’s requests newest first, filtered by status and paged', async () => {
    const w = await world();
    const p = await w.a.product('Mug');
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(await w.adjust(w.a.caller, w.a.warehouseId, [[p, 1, 'STOCK_IN']], `r${i}`));
      w.clock.advance(1000);
    }
    await w.adjust(w.b.caller, w.b.warehouseId, [[await w.b.product('X'), 1, 'STOCK_IN']]);
    await w.uc.approve.execute({ id: made[1]!.id, approvedBy: 'ops' });

    const all = await w.uc.list.execute(w.a.caller, { page: 1, limit: 2 });
    expect(all.total).to.equal(3);
    expect(all.items.map((i) => i.reason)).to.deep.equal(['r2', 'r1']);
    const pending = await w.uc.list.execute(w.a.caller, { status: 'PENDING', page: 1, limit: 10 });
    expect(pending.items.map((i) => i.reason)).to.deep.equal(['r2', 'r0']);
    const approved = await w.uc.list.execute(w.a.caller, { status: 'APPROVED', page: 1, limit: 10 });
    expect(approved.items.map((i) => [i.reason, i.status])).to.deep.equal([['r1', 'APPROVED']]);
  });

  it('summarises OUT_OF_STOCK and LOW_STOCK, both always present, lowest stock first', async () => {
    const w = await world();
    const empty = await w.uc.lowStock.execute(w.a.caller);
    expect(empty).to.deep.equal([
      { status: 'OUT_OF_STOCK', productCount: 0, products: [] },
      { status: 'LOW_STOCK', productCount: 0, products: [] },
    ]);
    const zed = await w.a.product('Zed', 5);
    const abe = await w.a.product('Abe', 5);
    const low = await w.a.product('Low', 10);
    const fine = await w.a.product('Fine', 2);
    await w.b.product('Other tenant', 5);
    await w.uc.approve.execute({
      id: (
        await w.adjust(w.a.caller, w.a.warehouseId, [
          [low, 3, 'STOCK_IN'],
          [fine, 2, 'STOCK_IN'],
        ])
      ).id,
      approvedBy: 'seed',
    });
    const [out, lowStock] = await w.uc.lowStock.execute(w.a.caller);
    expect(out).to.deep.equal({
      status: 'OUT_OF_STOCK',
      productCount: 2,
      products: [
        { id: abe, name: 'Abe', sku: 'Abe', currentStock: 0, minStock: 5 },
        { id: zed, name: 'Zed', sku: 'Zed', currentStock: 0, minStock: 5 },
      ],
    });
    expect(lowStock).to.deep.equal({
      status: 'LOW_STOCK',
      productCount: 1,
      products: [{ id: low, name: 'Low', sku: 'Low', currentStock: 3, minStock: 10 }],
    });
  });

  it("lists a product's ledger newest first; 404 for a missing tenant or product", async () => {
    const w = await world();
    const p = await w.a.product('Mug');
    for (const [q, type] of [
      [5, 'STOCK_IN'],
      [2, 'STOCK_OUT'],
    ] as const) {
      await w.uc.approve.execute({
        id: (await w.adjust(w.a.caller, w.a.warehouseId, [[p, q, type]])).id,
        approvedBy: 'ops',
      });
    }
    const page = await w.uc.ledger.execute({ tenantId: w.a.caller.tenantId, productId: p, page: 1, limit: 10 });
    expect(page.items.map((e) => [e.quantity.toNumber(), e.balanceAfter.toNumber()])).to.deep.equal([
      [-2, 3],
      [5, 5],
    ]);
    await expect(w.uc.ledger.execute({ tenantId: MISSING, productId: p, page: 1, limit: 10 })).to.be.rejectedWith(
      TenantNotFound,
    );
    await expect(
      w.uc.ledger.execute({ tenantId: w.b.caller.tenantId, productId: p, page: 1, limit: 10 }),
    ).to.be.rejectedWith(ProductNotFound, 'Product not found');
  });

  describe('catalogue', () => {
    it('creates a product with a trimmed name, a slug and exact money; a taken SKU is a conflict', async () => {
      const w = await world();
      const created = await w.uc.createProduct.execute({
        tenantId: w.a.caller.tenantId,
        name: ' Crème Mug ',
        sku: 'CM-1',
        price: 12.5,
        minStock: 2.5,
      });
      const row = await w.knex('products').where({ id: created.id }).first();
      expect(row).to.include({ name: 'Crème Mug', slug: 'creme-mug', sku: 'CM-1' });
      expect([String(row.price), String(row.min_stock)]).to.deep.equal(['12.50', '2.500']);
      await expect(
        w.uc.createProduct.execute({ tenantId: w.a.caller.tenantId, name: 'Other', sku: 'CM-1', price: 1 }),
      ).to.be.rejectedWith(DuplicateSku);
      await expect(
        w.uc.createProduct.execute({ tenantId: MISSING, name: 'Other', sku: 'X', price: 1 }),
      ).to.be.rejectedWith(TenantNotFound);
    });

    it('updates name and price of its own tenant’s product only, and lists with a trimmed search', async () => {
      const w = await world();
      const mug = await w.a.product('Mug');
      await w.a.product('Cup');
      const foreign = await w.b.product('Mug');
      w.clock.advance(60_000);
      const updated = await w.uc.updateProduct.execute(w.a.caller, mug, { name: ' Big mug ', price: 9.99 });
      expect(updated.updatedAt.getTime()).to.be.greaterThan(updated.createdAt.getTime());
      await expect(w.uc.updateProduct.execute(w.a.caller, foreign, { price: 2 })).to.be.rejectedWith(
        ProductNotFound,
        'Product not found',
      );
      const page = await w.uc.listProducts.execute(w.a.caller, { page: 1, limit: 10, search: '  BIG ' });
      expect(page.items).to.deep.equal([
        { id: mug, name: 'Big mug', slug: 'mug', price: 9.99, sku: 'Mug', currentStock: 0, minStock: 0 },
      ]);
      const blank = await w.uc.listProducts.execute(w.a.caller, { page: 1, limit: 10, search: '   ' });
      expect(blank.total).to.equal(2);
    });
  });
});
