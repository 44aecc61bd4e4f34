import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../src/application/access/caller.js';
import type { RequestAdjustmentCommand } from '../../src/application/inventory/commands.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import { TOKENS } from '../../src/application/tokens.js';
import { AdjustmentRequest } from '../../src/domain/inventory/adjustment-request.js';
import type { ExternalHarness } from '../support/external-harness.js';
import { callerFor, seedStock, startInventoryHarness } from '../support/inventory.js';
import { createProduct, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';

/**
 * Real parallel HTTP approvals through the admin API, on the real database (embedded PGlite
 * by default, PostgreSQL with TEST_DATABASE_URL): the conditional decrement and the request
 * row lock must let exactly as many through as the stock and the lifecycle allow.
 */
describe('e2e: parallel approvals of stock adjustments', () => {
  let svc: TestService;
  let h: ExternalHarness;
  let s: TenantSetup;
  let caller: Caller;

  before(async () => {
    svc = await startTestService();
    h = await startInventoryHarness(svc);
    s = await createTenantSetup(svc.baseUrl, 'Race');
    // The integration the harness signs with: requests are attributed to a real one.
    caller = { ...callerFor(s), integrationId: await h.integrationIdOf(callerFor(s)) };
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  const approve = (id: string) => call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${id}/approve`);
  const knex = () => svc.database.knex;

  /**
   * `count` PENDING requests, each taking `quantity` of the product. Made in ONE transaction
   * with the real aggregate, numbering and repository (creation through the external route
   * is tested elsewhere): 200 separate creations would spend seconds on commits alone.
   */
  async function pendingStockOuts(productId: string, quantity: number, count: number): Promise<string[]> {
    const uow = svc.container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const draft: RequestAdjustmentCommand = {
      warehouseId: s.warehouseId,
      reason: 'Sale',
      items: [{ productId, quantity, type: 'STOCK_OUT' }],
    };
    return uow.run(async (r) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const request = AdjustmentRequest.create(draft, { id: randomUUID(), ...caller }, new Date());
        await r.adjustmentRequests.add(request);
        ids.push(request.id);
      }
      return ids;
    });
  }

  it('200 parallel approvals of 1-unit STOCK_OUTs on a stock of 100: exactly 100 pass, stock ends at 0, never below', async () => {
    const p = await createProduct(svc.baseUrl, s.tenantId, { name: 'Hot item', sku: 'HOT', price: 1 });
    await seedStock(svc, h, caller, s.warehouseId, [{ productId: p.id, quantity: 100 }]);
    const ids = await pendingStockOuts(p.id, 1, 200);
    expect(new Set(ids).size).to.equal(200);

    const results = await Promise.all(ids.map(async (id) => ({ id, r: await approve(id) })));

    const ok = results.filter((x) => x.r.status === 200);
    const refused = results.filter((x) => x.r.status === 409);
    expect(ok).to.have.length(100);
    expect(refused).to.have.length(100);
    for (const { r } of refused) {
      expect(r.body).to.include({ code: 'INSUFFICIENT_STOCK', message: 'Row 1: Insufficient available stock' });
    }

    const level = await knex()('stock_levels').where({ tenant_id: s.tenantId, product_id: p.id }).first();
    expect(Number(level.quantity)).to.equal(0);

    const okIds = ok.map((x) => x.id);
    const entries = await knex()('stock_ledger').whereIn('adjustment_request_id', ids);
    expect(entries).to.have.length(100);
    expect(new Set(entries.map((e) => e.adjustment_request_id))).to.deep.equal(new Set(okIds));
    expect(entries.every((e) => Number(e.quantity) === -1)).to.equal(true);
    // Each approval saw the stock the previous one left: balances 99, 98, ..., 0, each once.
    expect(entries.map((e) => Number(e.balance_after)).sort((a, b) => a - b)).to.deep.equal(
      Array.from({ length: 100 }, (_, i) => i),
    );

    const events = (await knex()('outbox_events').where({ event_name: 'inventory.adjustment.approved' })).filter((e) =>
      ids.includes(e.payload.id),
    );
    expect(events).to.have.length(100);
    expect(new Set(events.map((e) => e.payload.id))).to.deep.equal(new Set(okIds));

    const statuses = await knex()('stock_adjustment_requests').whereIn('id', ids).select('id', 'status');
    expect(statuses.filter((r) => r.status === 'APPROVED')).to.have.length(100);
    expect(statuses.filter((r) => r.status === 'PENDING').map((r) => r.id)).to.have.members(refused.map((x) => x.id));
  });

  it('the same request approved twice in parallel: one success, one 409, one event, one set of ledger entries', async () => {
    const p1 = await createProduct(svc.baseUrl, s.tenantId, { name: 'Twin A', sku: 'TWIN-A', price: 1 });
    const p2 = await createProduct(svc.baseUrl, s.tenantId, { name: 'Twin B', sku: 'TWIN-B', price: 1 });
    await seedStock(svc, h, caller, s.warehouseId, [{ productId: p1.id, quantity: 50 }]);
    const requests = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const r = await h.call(caller, 'POST', '/products/adjust', {
          warehouseId: s.warehouseId,
          reason: 'Recount',
          items: [
            { productId: p1.id, quantity: 2, type: 'STOCK_OUT' },
            { productId: p2.id, quantity: 3, type: 'STOCK_IN' },
          ],
        });
        return r.body.data.id as string;
      }),
    );

    const pairs = await Promise.all(requests.map((id) => Promise.all([approve(id), approve(id)])));

    for (const [first, second] of pairs) {
      expect([first.status, second.status].sort()).to.deep.equal([200, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.body).to.include({ code: 'INVALID_STATE', message: 'Stock adjustment request is not pending' });
    }
    for (const id of requests) {
      expect(await knex()('stock_ledger').where({ adjustment_request_id: id })).to.have.length(2);
      const events = (await knex()('outbox_events').where({ event_name: 'inventory.adjustment.approved' })).filter(
        (e) => e.payload.id === id,
      );
      expect(events).to.have.length(1);
    }
    const levels = await knex()('stock_levels').where({ tenant_id: s.tenantId, warehouse_id: s.warehouseId });
    const qty = (id: string) => Number(levels.find((l) => l.product_id === id)?.quantity);
    expect(qty(p1.id)).to.equal(50 - 10 * 2);
    expect(qty(p2.id)).to.equal(10 * 3);
  });
});
