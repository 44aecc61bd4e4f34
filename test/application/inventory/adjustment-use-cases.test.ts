import { expect } from 'chai';
import type { Caller } from '../../../src/application/access/caller.js';
import { ApproveAdjustment } from '../../../src/application/inventory/approve-adjustment.js';
import { CreateProduct } from '../../../src/application/inventory/create-product.js';
import { GetLowStockSummary } from '../../../src/application/inventory/get-low-stock-summary.js';
import { ListAdjustments } from '../../../src/application/inventory/list-adjustments.js';
import { ListStockLedger } from '../../../src/application/inventory/list-stock-ledger.js';
import { RejectAdjustment } from '../../../src/application/inventory/reject-adjustment.js';
import { RequestAdjustment } from '../../../src/application/inventory/request-adjustment.js';
import { CreateBranch } from '../../../src/application/organization/create-branch.js';
import { CreateFiscalYear } from '../../../src/application/organization/create-fiscal-year.js';
import { CreateTenant } from '../../../src/application/organization/create-tenant.js';
import { CreateWarehouse } from '../../../src/application/organization/create-warehouse.js';
import {
  AdjustmentRequestNotFound,
  AdjustmentRequestNotPending,
  InsufficientAvailableStock,
  ProductNotFound,
  StockLevelLimitExceeded,
} from '../../../src/domain/inventory/errors.js';
import { TenantNotFound, WarehouseNotFound } from '../../../src/domain/organization/errors.js';
import { ValidationError } from '../../../src/domain/shared/errors.js';
import { fakes } from '../../support/fakes.js';

const MISSING = '99999999-9999-4999-8999-999999999999';
type Line = [productId: string, quantity: number, type: 'STOCK_IN' | 'STOCK_OUT'];

describe('inventory adjustment use cases (in-memory ports)', () => {
  async function world() {
    const f = fakes();
    const args = [f.uow, f.ids, f.clock] as const;
    const uc = {
      request: new RequestAdjustment(...args),
      approve: new ApproveAdjustment(...args),
      reject: new RejectAdjustment(f.uow, f.clock),
      list: new ListAdjustments(f.uow),
      lowStock: new GetLowStockSummary(f.uow),
      ledger: new ListStockLedger(f.uow),
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
      const caller: Caller = { integrationId: f.ids.next(), tenantId: t.id, branchId: b.id, fiscalYearId: y.id };
      const product = async (name: string, minStock = 0) =>
        (await new CreateProduct(...args).execute({ tenantId: t.id, name, sku: name, price: 1, minStock })).id;
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
    const stockOf = (t: { caller: Caller; warehouseId: string }, productId: string) =>
      f.uow.repos.stock.level(t.caller.tenantId, t.warehouseId, productId).toNumber();
    return { ...f, uc, a, b, adjust, stockOf };
  }

  describe('request', () => {
    it('creates numbered PENDING requests attributed to the caller, changing no stock', async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const first = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 5, 'STOCK_IN']]);
      const second = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 1, 'STOCK_IN']]);
      expect(first.number).to.equal('ADJ-2026-000001');
      expect(second.number).to.equal('ADJ-2026-000002');
      expect(first.snapshot()).to.include({
        status: 'PENDING',
        tenantId: w.a.caller.tenantId,
        branchId: w.a.caller.branchId,
        fiscalYearId: w.a.caller.fiscalYearId,
        integrationId: w.a.caller.integrationId,
        warehouseId: w.a.warehouseId,
      });
      expect(w.uow.repos.adjustmentRequests.rows.size).to.equal(2);
      expect(w.stockOf(w.a, p)).to.equal(0);
      expect(w.uow.outbox.published()).to.deep.equal([]);
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
      const before = w.uow.repos.adjustmentRequests.rows.size;

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
      expect(w.uow.repos.adjustmentRequests.rows.size).to.equal(before);

      const ok = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 10, 'STOCK_OUT']]);
      expect(ok.number, 'the refused request gave its number back').to.equal('ADJ-2026-000002');
    });

    it('validates the body before touching any repository', async () => {
      const w = await world();
      const commits = w.uow.commits;
      await expect(
        w.uc.request.execute(w.a.caller, { warehouseId: MISSING, reason: '', items: [] }),
      ).to.be.rejectedWith(ValidationError, 'reason should not be empty');
      expect(w.uow.commits).to.equal(commits);
    });
  });

  describe('approve', () => {
    it('applies every item, writes one ledger entry per item and one event, in one commit', async () => {
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
      const commits = w.uow.commits;
      const approved = await w.uc.approve.execute({ id: r.id, approvedBy: 'ops' });

      expect(w.uow.commits).to.equal(commits + 1);
      expect(approved.status).to.equal('APPROVED');
      expect(w.uow.repos.adjustmentRequests.rows.get(r.id)?.status).to.equal('APPROVED');
      expect(w.stockOf(w.a, p1)).to.equal(6);
      expect(w.stockOf(w.a, p2)).to.equal(3.75);
      const entries = [...w.uow.repos.stockLedger.rows.values()].filter((e) => e.adjustmentRequestId === r.id);
      expect(entries.map((e) => [e.row, e.quantity.toNumber(), e.balanceAfter.toNumber(), e.approvedBy])).to.deep.equal(
        [
          [1, -3, 7, 'ops'],
          [2, 1.25, 3.75, 'ops'],
          [3, -1, 6, 'ops'],
        ],
      );
      const events = w.uow.outbox.published();
      expect(events).to.have.length(2);
      expect(events[1]).to.deep.include({
        name: 'inventory.adjustment.approved',
        tenantId: w.a.caller.tenantId,
        payload: {
          id: r.id,
          code: r.number,
          branchId: w.a.caller.branchId,
          resource: 'STOCK_ADJUSTMENT',
          action: 'APPROVE',
        },
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
      const ledgerBefore = w.uow.repos.stockLedger.rows.size;
      const eventsBefore = w.uow.outbox.published().length;

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
      expect(w.uow.repos.adjustmentRequests.rows.get(slow.id)?.status).to.equal('PENDING');
      expect(w.stockOf(w.a, p)).to.equal(3);
      expect(w.stockOf(w.a, other), 'the STOCK_IN of row 1 was rolled back').to.equal(0);
      expect(w.uow.repos.stockLedger.rows.size).to.equal(ledgerBefore);
      expect(w.uow.outbox.published()).to.have.length(eventsBefore);
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
      expect(w.stockOf(w.a, p)).to.equal(0);
      expect(w.uow.repos.adjustmentRequests.rows.get(r.id)?.status).to.equal('PENDING');
      expect(w.uow.repos.stockLedger.rows.size).to.equal(0);
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
      expect(w.stockOf(w.a, p)).to.equal(1);
      expect(w.uow.outbox.published()).to.have.length(1);
      await expect(w.uc.approve.execute({ id: MISSING, approvedBy: 'ops' })).to.be.rejectedWith(
        AdjustmentRequestNotFound,
        'Stock adjustment request not found',
      );
    });
  });

  describe('reject', () => {
    it('needs a reason, changes no stock, emits nothing, and is final', async () => {
      const w = await world();
      const p = await w.a.product('Mug');
      const r = await w.adjust(w.a.caller, w.a.warehouseId, [[p, 1, 'STOCK_IN']]);
      await expect(w.uc.reject.execute({ id: r.id, reason: ' ', rejectedBy: 'ops' })).to.be.rejectedWith(
        ValidationError,
        'reason should not be empty',
      );
      const rejected = await w.uc.reject.execute({ id: r.id, reason: 'Duplicate', rejectedBy: 'ops' });
      expect(rejected.snapshot()).to.include({ status: 'REJECTED', rejectionReason: 'Duplicate', decidedBy: 'ops' });
      expect(w.uow.repos.adjustmentRequests.rows.get(r.id)?.status).to.equal('REJECTED');
      expect(w.stockOf(w.a, p)).to.equal(0);
      expect(w.uow.outbox.published()).to.deep.equal([]);
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
});
