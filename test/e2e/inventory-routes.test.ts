import { expect } from 'chai';
import type { Caller } from '../../src/application/access/caller.js';
import type { ExternalHarness } from '../support/external-harness.js';
import { callerFor, seedStock, startInventoryHarness } from '../support/inventory.js';
import { createProduct, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { pagination } from '../support/envelope.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

describe('e2e: external inventory routes through the signing client (real gate, real database)', () => {
  let svc: TestService;
  let h: ExternalHarness;
  let a: TenantSetup;
  let b: TenantSetup;
  let asA: Caller;
  let asB: Caller;
  let n = 0;

  before(async () => {
    svc = await startTestService();
    h = await startInventoryHarness(svc);
    a = await createTenantSetup(svc.baseUrl, 'A');
    b = await createTenantSetup(svc.baseUrl, 'B');
    asA = callerFor(a);
    asB = callerFor(b);
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  const product = (s: TenantSetup, minStock = 0, name = `Product ${++n}`) =>
    createProduct(svc.baseUrl, s.tenantId, { name, sku: `SKU-${n}`, price: 1, minStock });
  const adjust = (caller: Caller, body: unknown) => h.call(caller, 'POST', '/products/adjust', body);
  const approve = (id: string) => call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${id}/approve`);
  const reject = (id: string, body?: unknown) =>
    call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${id}/reject`, { body });
  const ledger = (tenantId: string, productId: string, query = '') =>
    call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${tenantId}/products/${productId}/ledger${query}`);
  const stockRow = async (s: TenantSetup, productId: string) => {
    const row = await svc.database
      .knex('stock_levels')
      .where({ tenant_id: s.tenantId, warehouse_id: s.warehouseId, product_id: productId })
      .first();
    return row ? Number(row.quantity) : null;
  };
  const summaryOf = async (caller: Caller) => {
    const r = await h.call(caller, 'GET', '/products/stock');
    expect(r.status).to.equal(200);
    return r.body.data as { status: string; productCount: number; products: { id: string; currentStock: number }[] }[];
  };
  const statusOf = async (caller: Caller, productId: string) =>
    (await summaryOf(caller)).find((s) => s.products.some((p) => p.id === productId))?.status ?? null;

  it('creates a request, lists it by status, approves it through the admin API and moves stock and ledger', async () => {
    const p = await product(a);
    const created = await adjust(asA, {
      warehouseId: a.warehouseId,
      reason: 'Goods received',
      items: [{ productId: p.id, quantity: 12.5, type: 'STOCK_IN' }],
    });
    expect(created.status).to.equal(201);
    expect(created.body.success).to.equal(true);
    const r = created.body.data;
    expect(r).to.deep.include({
      warehouseId: a.warehouseId,
      status: 'PENDING',
      reason: 'Goods received',
      items: [{ productId: p.id, quantity: 12.5, type: 'STOCK_IN' }],
    });
    expect(r.number).to.match(/^ADJ-2026-\d{6}$/);
    expect(r.id).to.match(/^[0-9a-f-]{36}$/);
    expect(new Date(r.createdAt).toISOString()).to.equal(r.createdAt);
    const stored = await svc.database.knex('stock_adjustment_requests').where({ id: r.id }).first();
    expect(stored).to.include({
      branch_id: a.branchId,
      fiscal_year_id: a.fiscalYearId,
      integration_id: await h.integrationIdOf(asA),
    });

    const pending = await h.call(asA, 'GET', '/products/adjustments?status=PENDING');
    expect(pending.status).to.equal(200);
    expect(pending.body.data.map((x: { id: string }) => x.id)).to.include(r.id);
    expect(pending.body.data.find((x: { id: string }) => x.id === r.id)).to.deep.equal({
      id: r.id,
      number: r.number,
      warehouseId: a.warehouseId,
      status: 'PENDING',
      reason: 'Goods received',
      createdAt: r.createdAt,
    });
    expect(pending.body.pagination).to.include({ page: 1, limit: 10 });
    expect(await stockRow(a, p.id)).to.equal(null);

    const approved = await approve(r.id);
    expect(approved.status).to.equal(200);
    expect(approved.body.data).to.include({
      id: r.id,
      status: 'APPROVED',
      decidedBy: 'bootstrap',
      tenantId: a.tenantId,
    });
    expect(await stockRow(a, p.id)).to.equal(12.5);

    const afterList = await h.call(asA, 'GET', '/products/adjustments?status=APPROVED');
    expect(afterList.body.data.map((x: { id: string }) => x.id)).to.include(r.id);
    const stillPending = await h.call(asA, 'GET', '/products/adjustments?status=PENDING');
    expect(stillPending.body.data.map((x: { id: string }) => x.id)).not.to.include(r.id);
    expect((await h.call(asB, 'GET', '/products/adjustments')).body.pagination.total, 'tenant B sees none').to.equal(0);

    const entries = await ledger(a.tenantId, p.id);
    expect(entries.status).to.equal(200);
    expect(entries.body.data).to.have.length(1);
    expect(entries.body.data[0]).to.include({
      warehouseId: a.warehouseId,
      productId: p.id,
      quantity: 12.5,
      balanceAfter: 12.5,
      adjustmentRequestId: r.id,
      approvedBy: 'bootstrap',
      row: 1,
    });
    const events = await svc.database.knex('outbox_events').where({ event_name: 'inventory.adjustment.approved' });
    const mine = events.filter((e) => e.payload.id === r.id);
    expect(mine).to.have.length(1);
    expect(mine[0].payload).to.include({
      code: r.number,
      branchId: a.branchId,
      resource: 'STOCK_ADJUSTMENT',
      action: 'APPROVE',
    });
  });

  it('moves a product between OUT_OF_STOCK, LOW_STOCK and neither as stock changes', async () => {
    const p = await product(a, 5);
    expect(await statusOf(asA, p.id)).to.equal('OUT_OF_STOCK');
    await seedStock(svc, h, asA, a.warehouseId, [{ productId: p.id, quantity: 3 }]);
    expect(await statusOf(asA, p.id)).to.equal('LOW_STOCK');
    await seedStock(svc, h, asA, a.warehouseId, [{ productId: p.id, quantity: 2 }]);
    expect(await statusOf(asA, p.id)).to.equal(null);

    const out = await adjust(asA, {
      warehouseId: a.warehouseId,
      reason: 'Broken',
      items: [{ productId: p.id, quantity: 5, type: 'STOCK_OUT' }],
    });
    expect(out.status).to.equal(201);
    expect(await statusOf(asA, p.id), 'a pending request changes nothing').to.equal(null);
    expect((await approve(out.body.data.id)).status).to.equal(200);
    expect(await statusOf(asA, p.id)).to.equal('OUT_OF_STOCK');
    expect(await stockRow(a, p.id)).to.equal(0);
    expect(await statusOf(asB, p.id), "another tenant's summary does not show it").to.equal(null);

    const balances = (await ledger(a.tenantId, p.id, '?limit=2')).body;
    expect(balances.pagination).to.deep.equal(pagination(3, 1, 2));
    expect(
      balances.data.map((e: { quantity: number; balanceAfter: number }) => [e.quantity, e.balanceAfter]),
    ).to.deep.equal([
      [-5, 0],
      [2, 5],
    ]);
  });

  it('answers the low-stock summary in the spec shape: both statuses, counts, at most 100 products, lowest first', async () => {
    const c = await createTenantSetup(svc.baseUrl, 'C');
    const asC = callerFor(c);
    const made = await Promise.all(
      Array.from({ length: 105 }, (_, i) =>
        createProduct(svc.baseUrl, c.tenantId, {
          name: `Item ${String(i).padStart(3, '0')}`,
          sku: `C-${i}`,
          price: 1,
          minStock: 10,
        }),
      ),
    );
    // Items 000..002 get some stock (LOW_STOCK), item 003 enough (neither); the rest stay at 0.
    await seedStock(svc, h, asC, c.warehouseId, [
      { productId: made[0]!.id, quantity: 7 },
      { productId: made[1]!.id, quantity: 2 },
      { productId: made[2]!.id, quantity: 2 },
      { productId: made[3]!.id, quantity: 10 },
    ]);
    const [out, low] = await summaryOf(asC);
    expect(out!.status).to.equal('OUT_OF_STOCK');
    expect(out!.productCount).to.equal(101);
    expect(out!.products).to.have.length(100);
    expect(out!.products[0]).to.deep.equal({
      id: made[4]!.id,
      name: 'Item 004',
      sku: 'C-4',
      currentStock: 0,
      minStock: 10,
    });
    expect(out!.products.map((p) => p.id)).not.to.include(made[104]!.id);
    expect(low).to.deep.equal({
      status: 'LOW_STOCK',
      productCount: 3,
      products: [
        { id: made[1]!.id, name: 'Item 001', sku: 'C-1', currentStock: 2, minStock: 10 },
        { id: made[2]!.id, name: 'Item 002', sku: 'C-2', currentStock: 2, minStock: 10 },
        { id: made[0]!.id, name: 'Item 000', sku: 'C-0', currentStock: 7, minStock: 10 },
      ],
    });
    const d = await createTenantSetup(svc.baseUrl, 'D');
    expect(await summaryOf(callerFor(d))).to.deep.equal([
      { status: 'OUT_OF_STOCK', productCount: 0, products: [] },
      { status: 'LOW_STOCK', productCount: 0, products: [] },
    ]);
  });

  describe('errors of POST /products/adjust', () => {
    let p: { id: string };
    before(async () => {
      p = await product(a);
      await seedStock(svc, h, asA, a.warehouseId, [{ productId: p.id, quantity: 10 }]);
    });
    const item = (over: Record<string, unknown> = {}) => ({ productId: p.id, quantity: 1, type: 'STOCK_IN', ...over });
    const body = (over: Record<string, unknown> = {}) => ({
      warehouseId: a.warehouseId,
      reason: 'Check',
      items: [item()],
      ...over,
    });
    async function expectError(r: Awaited<ReturnType<typeof adjust>>, status: number, code: string, message: string) {
      expect(r.status, JSON.stringify(r.body)).to.equal(status);
      expect(r.body).to.include({ success: false, status, code, message });
    }

    it('400 with Row N messages for bad items, counted from 1', async () => {
      await expectError(
        await adjust(asA, body({ items: [item(), item({ quantity: 0 })] })),
        400,
        'VALIDATION_ERROR',
        'Row 2: Items quantity must be a positive number',
      );
      await expectError(
        await adjust(asA, body({ items: [item({ quantity: -3 })] })),
        400,
        'VALIDATION_ERROR',
        'Row 1: Items quantity must be a positive number',
      );
      await expectError(
        await adjust(asA, body({ items: [item(), item(), item({ quantity: '2' })] })),
        400,
        'VALIDATION_ERROR',
        'Row 3: Items quantity must be a positive number',
      );
      await expectError(
        await adjust(asA, body({ items: [item({ quantity: 1.0005 })] })),
        400,
        'VALIDATION_ERROR',
        'Row 1: Items quantity must have at most 3 decimal places',
      );
      await expectError(
        await adjust(asA, body({ items: [item(), item({ type: 'MOVE' })] })),
        400,
        'VALIDATION_ERROR',
        'Row 2: Items type must be one of the following values: STOCK_IN, STOCK_OUT',
      );
      await expectError(
        await adjust(asA, body({ items: [item({ productId: 'abc' })] })),
        400,
        'VALIDATION_ERROR',
        'Row 1: Items productId must be a UUID',
      );
      const many = await adjust(asA, body({ items: [item({ quantity: 0 }), item({ type: 'X' })] }));
      expect(many.body.details).to.deep.equal([
        { field: 'items[0].quantity', issue: 'Row 1: Items quantity must be a positive number' },
        { field: 'items[1].type', issue: 'Row 2: Items type must be one of the following values: STOCK_IN, STOCK_OUT' },
      ]);
    });

    it('400 for a missing or empty reason, a bad warehouse id and 0 or 501 items', async () => {
      await expectError(await adjust(asA, body({ reason: undefined })), 400, 'VALIDATION_ERROR', 'reason is required');
      await expectError(await adjust(asA, body({ reason: '' })), 400, 'VALIDATION_ERROR', 'reason should not be empty');
      await expectError(
        await adjust(asA, body({ reason: '   ' })),
        400,
        'VALIDATION_ERROR',
        'reason should not be empty',
      );
      await expectError(
        await adjust(asA, body({ warehouseId: 'w1' })),
        400,
        'VALIDATION_ERROR',
        'warehouseId must be a UUID',
      );
      await expectError(
        await adjust(asA, body({ items: [] })),
        400,
        'VALIDATION_ERROR',
        'items must contain at least 1 item',
      );
      await expectError(
        await adjust(asA, body({ items: Array.from({ length: 501 }, () => item()) })),
        400,
        'VALIDATION_ERROR',
        'items must contain no more than 500 items',
      );
      const ok = await adjust(asA, body({ items: Array.from({ length: 500 }, () => item()) }));
      expect(ok.status).to.equal(201);
      expect(ok.body.data.items).to.have.length(500);
    });

    it("404 Warehouse not found for a missing warehouse and for another tenant's", async () => {
      for (const warehouseId of [MISSING, b.warehouseId]) {
        await expectError(await adjust(asA, body({ warehouseId })), 404, 'NOT_FOUND', 'Warehouse not found');
      }
    });

    it("404 Row N: Product not found for a missing product and for another tenant's", async () => {
      const foreign = await product(b);
      for (const productId of [MISSING, foreign.id]) {
        await expectError(
          await adjust(asA, body({ items: [item(), item(), item({ productId })] })),
          404,
          'NOT_FOUND',
          'Row 3: Product not found',
        );
      }
    });

    it('400 INSUFFICIENT_STOCK when STOCK_OUT exceeds the warehouse stock, summed per product', async () => {
      await expectError(
        await adjust(asA, body({ items: [item({ quantity: 10.001, type: 'STOCK_OUT' })] })),
        400,
        'INSUFFICIENT_STOCK',
        'Row 1: Insufficient available stock',
      );
      await expectError(
        await adjust(
          asA,
          body({
            items: [
              item({ quantity: 6, type: 'STOCK_OUT' }),
              item({ quantity: 1 }),
              item({ quantity: 4.5, type: 'STOCK_OUT' }),
            ],
          }),
        ),
        400,
        'INSUFFICIENT_STOCK',
        'Row 3: Insufficient available stock',
      );
      const c = await product(a);
      await expectError(
        await adjust(asA, body({ items: [item({ productId: c.id, type: 'STOCK_OUT' })] })),
        400,
        'INSUFFICIENT_STOCK',
        'Row 1: Insufficient available stock',
      );
      expect(
        (await adjust(asA, body({ items: [item({ quantity: 10, type: 'STOCK_OUT' })] }))).status,
        'exactly the stock on hand is fine',
      ).to.equal(201);
    });
  });

  describe('errors of GET /products/adjustments', () => {
    it('400 for a bad status filter, limit=101 and page=0; unknown parameters are ignored', async () => {
      const bad = await h.call(asA, 'GET', '/products/adjustments?status=DONE');
      expect(bad.status).to.equal(400);
      expect(bad.body).to.include({
        code: 'VALIDATION_ERROR',
        message: 'status must be one of the following values: PENDING, APPROVED, REJECTED',
      });
      const limit = await h.call(asA, 'GET', '/products/adjustments?limit=101');
      expect(limit.status).to.equal(400);
      expect(limit.body.message).to.equal('limit must not be greater than 100');
      const page = await h.call(asA, 'GET', '/products/adjustments?page=0');
      expect(page.body.message).to.equal('page must not be less than 1');
      const ok = await h.call(asA, 'GET', '/products/adjustments?limit=100&foo=bar');
      expect(ok.status).to.equal(200);
      expect(ok.body.pagination.limit).to.equal(100);
    });

    it('pages newest first', async () => {
      const c = await createTenantSetup(svc.baseUrl, 'Paging');
      const asC = callerFor(c);
      const p = await product(c);
      const numbers = [];
      for (let i = 0; i < 3; i++) {
        const r = await adjust(asC, {
          warehouseId: c.warehouseId,
          reason: `r${i}`,
          items: [{ productId: p.id, quantity: 1, type: 'STOCK_IN' }],
        });
        numbers.push(r.body.data.number);
      }
      const first = await h.call(asC, 'GET', '/products/adjustments?limit=2');
      expect(first.body.pagination).to.deep.equal(pagination(3, 1, 2));
      expect(first.body.data.map((x: { number: string }) => x.number)).to.deep.equal([numbers[2], numbers[1]]);
      const second = await h.call(asC, 'GET', '/products/adjustments?limit=2&page=2');
      expect(second.body.data.map((x: { number: string }) => x.number)).to.deep.equal([numbers[0]]);
      expect(numbers).to.deep.equal(['ADJ-2026-000001', 'ADJ-2026-000002', 'ADJ-2026-000003']);
    });
  });

  describe('back-office decisions', () => {
    it('409 INVALID_STATE for a second approval or a decision after rejection; 404 and 400 for bad ids', async () => {
      const p = await product(a);
      const r = (
        await adjust(asA, {
          warehouseId: a.warehouseId,
          reason: 'x',
          items: [{ productId: p.id, quantity: 1, type: 'STOCK_IN' }],
        })
      ).body.data;
      expect((await approve(r.id)).status).to.equal(200);
      const again = await approve(r.id);
      expect(again.status).to.equal(409);
      expect(again.body).to.include({ code: 'INVALID_STATE', message: 'Stock adjustment request is not pending' });
      expect((await reject(r.id, { reason: 'late' })).status).to.equal(409);

      const s = (
        await adjust(asA, {
          warehouseId: a.warehouseId,
          reason: 'y',
          items: [{ productId: p.id, quantity: 1, type: 'STOCK_IN' }],
        })
      ).body.data;
      const noReason = await reject(s.id, {});
      expect(noReason.status).to.equal(400);
      expect(noReason.body.message).to.equal('reason is required');
      expect((await reject(s.id)).body.message).to.equal('reason is required');
      const rejected = await reject(s.id, { reason: 'Duplicate' });
      expect(rejected.status).to.equal(200);
      expect(rejected.body.data).to.include({ status: 'REJECTED', rejectionReason: 'Duplicate' });
      const afterReject = await approve(s.id);
      expect(afterReject.status).to.equal(409);
      expect(afterReject.body.code).to.equal('INVALID_STATE');
      expect(await stockRow(a, p.id)).to.equal(1);

      const missing = await approve(MISSING);
      expect(missing.status).to.equal(404);
      expect(missing.body.message).to.equal('Stock adjustment request not found');
      const badId = await approve('not-a-uuid');
      expect(badId.status).to.equal(400);
      expect(badId.body.message).to.equal('Invalid id parameter. Must be a valid UUID.');
    });

    it('409 INSUFFICIENT_STOCK at approval when stock fell meanwhile; the request stays PENDING and nothing moves', async () => {
      const p = await product(a);
      const other = await product(a);
      await seedStock(svc, h, asA, a.warehouseId, [{ productId: p.id, quantity: 4 }]);
      const slow = (
        await adjust(asA, {
          warehouseId: a.warehouseId,
          reason: 'slow',
          items: [
            { productId: other.id, quantity: 9, type: 'STOCK_IN' },
            { productId: p.id, quantity: 3, type: 'STOCK_OUT' },
          ],
        })
      ).body.data;
      const fast = (
        await adjust(asA, {
          warehouseId: a.warehouseId,
          reason: 'fast',
          items: [{ productId: p.id, quantity: 2, type: 'STOCK_OUT' }],
        })
      ).body.data;
      expect((await approve(fast.id)).status).to.equal(200);
      const refused = await approve(slow.id);
      expect(refused.status).to.equal(409);
      expect(refused.body).to.include({ code: 'INSUFFICIENT_STOCK', message: 'Row 2: Insufficient available stock' });
      const stored = await svc.database.knex('stock_adjustment_requests').where({ id: slow.id }).first();
      expect(stored.status).to.equal('PENDING');
      expect(await stockRow(a, p.id)).to.equal(2);
      expect(await stockRow(a, other.id), 'the STOCK_IN of row 1 was rolled back').to.equal(null);
      expect(await svc.database.knex('stock_ledger').where({ adjustment_request_id: slow.id })).to.have.length(0);
      const events = await svc.database.knex('outbox_events');
      expect(events.filter((e) => e.payload.id === slow.id)).to.have.length(0);
    });

    it('409 CONFLICT, not a 5xx, when approval would take a level past what can be stored', async () => {
      const p = await product(a);
      const big = await adjust(asA, {
        warehouseId: a.warehouseId,
        reason: 'Bulk',
        items: Array.from({ length: 100 }, () => ({ productId: p.id, quantity: 1_000_000_000, type: 'STOCK_IN' })),
      });
      expect(big.status).to.equal(201);
      const refused = await approve(big.body.data.id);
      expect(refused.status).to.equal(409);
      expect(refused.body).to.include({ code: 'CONFLICT', message: 'Row 100: Stock level would exceed the maximum' });
      expect(await stockRow(a, p.id)).to.equal(null);
      const tooMuch = await adjust(asA, {
        warehouseId: a.warehouseId,
        reason: 'Bulk',
        items: [{ productId: p.id, quantity: 1_000_000_001, type: 'STOCK_IN' }],
      });
      expect(tooMuch.status).to.equal(400);
      expect(tooMuch.body.message).to.equal('Row 1: Items quantity must not be greater than 1000000000');
    });

    it('lists a tenant’s requests for the back office and guards the ledger route', async () => {
      const list = await call(
        svc.baseUrl,
        'GET',
        `/api/v1/admin/tenants/${a.tenantId}/stock-adjustments?status=REJECTED`,
      );
      expect(list.status).to.equal(200);
      expect(list.body.data.every((x: { status: string }) => x.status === 'REJECTED')).to.equal(true);
      const p = await product(a);
      expect((await ledger(a.tenantId, p.id, '?limit=101')).body.message).to.equal(
        'limit must not be greater than 100',
      );
      const foreign = await ledger(b.tenantId, p.id);
      expect(foreign.status).to.equal(404);
      expect(foreign.body.message).to.equal('Product not found');
      expect((await ledger(MISSING, p.id)).body.message).to.equal('Tenant not found');
      expect((await ledger(a.tenantId, 'x')).body.message).to.equal(
        'Invalid productId parameter. Must be a valid UUID.',
      );
      const unauth = await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${a.tenantId}/products/${p.id}/ledger`, {
        token: null,
      });
      expect(unauth.status).to.equal(401);
    });
  });
});
