import { expect } from 'chai';
import { cliFor } from '../support/cli.js';
import { callerFor, seedStock, startInventoryHarness } from '../support/inventory.js';
import type { ExternalHarness } from '../support/external-harness.js';
import { createProduct, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { asStaff, createStaff, signIn } from '../support/staff.js';

const NOT_FOUND = [404, 'NOT_FOUND', 'Stock adjustment request not found'];

describe("e2e: the back office's stock adjustment detail (items, their stock now, who asked)", () => {
  let svc: TestService;
  let h: ExternalHarness;
  let a: TenantSetup;
  let b: TenantSetup;

  before(async () => {
    svc = await startTestService();
    h = await startInventoryHarness(svc);
    a = await createTenantSetup(svc.baseUrl, 'A');
    b = await createTenantSetup(svc.baseUrl, 'B');
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  const detail = (id: string) => call(svc.baseUrl, 'GET', `/api/v1/admin/stock-adjustments/${id}`);

  /** A PENDING request of the tenant moving `items`. */
  async function request(s: TenantSetup, items: { productId: string; quantity: number; type: string }[]) {
    const r = await h.call(callerFor(s), 'POST', '/products/adjust', {
      warehouseId: s.warehouseId,
      reason: 'Count',
      items,
    });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    return r.body.data as { id: string; number: string };
  }

  it("shows each item's product and its on-hand and available stock in the request's warehouse now, and the integration that asked", async () => {
    const tea = await createProduct(svc.baseUrl, a.tenantId, { name: 'Tea', sku: 'TEA-1', price: 3 });
    const mug = await createProduct(svc.baseUrl, a.tenantId, { name: 'Mug', sku: 'MUG-1', price: 5 });
    await seedStock(svc, h, callerFor(a), a.warehouseId, [{ productId: tea.id, quantity: 10 }]);
    const held = await h.call(callerFor(a), 'POST', '/products/reserve', {
      warehouseId: a.warehouseId,
      items: [{ productId: tea.id, quantity: 2.5 }],
    });
    expect(held.status, JSON.stringify(held.body)).to.equal(201);
    const created = await request(a, [
      { productId: tea.id, quantity: 1.25, type: 'STOCK_OUT' },
      { productId: mug.id, quantity: 4, type: 'STOCK_IN' },
    ]);
    const integrationId = await h.integrationIdOf(callerFor(a));

    const r = await detail(created.id);
    expect(r.status, JSON.stringify(r.body)).to.equal(200);
    const { items, clientName, ...rest } = r.body.data;
    expect(rest).to.include({
      id: created.id,
      tenantId: a.tenantId,
      number: created.number,
      warehouseId: a.warehouseId,
      integrationId,
      status: 'PENDING',
      reason: 'Count',
      decidedBy: null,
    });
    expect(clientName).to.equal('Test shop');
    expect(items).to.deep.equal([
      {
        productId: tea.id,
        productName: 'Tea',
        sku: 'TEA-1',
        quantity: 1.25,
        type: 'STOCK_OUT',
        onHand: 10,
        available: 7.5,
      },
      // Never in this warehouse: none on hand.
      { productId: mug.id, productName: 'Mug', sku: 'MUG-1', quantity: 4, type: 'STOCK_IN', onHand: 0, available: 0 },
    ]);

    // Now, not when asked: the released hold makes the stock available again.
    const released = await h.call(callerFor(a), 'POST', `/products/reservations/${held.body.data.id}/release`);
    expect(released.status, JSON.stringify(released.body)).to.equal(200);
    expect((await detail(created.id)).body.data.items[0]).to.include({ onHand: 10, available: 10 });
    // After the decision, the stock it moved.
    expect((await call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${created.id}/approve`)).status).to.equal(
      200,
    );
    const decided = (await detail(created.id)).body.data;
    expect(decided.status).to.equal('APPROVED');
    expect(decided.items.map((i: { onHand: number }) => i.onHand)).to.deep.equal([8.75, 4]);
  });

  it('is `adjustment:show` on the command line: the same data, one field per line', async () => {
    const product = await createProduct(svc.baseUrl, a.tenantId, { name: 'Cup', sku: 'CUP-1', price: 2 });
    const created = await request(a, [{ productId: product.id, quantity: 3, type: 'STOCK_IN' }]);
    const run = cliFor(svc);
    const json = await run('adjustment:show', '--id', created.id, '--json');
    expect(json.code, json.err).to.equal(0);
    expect(json.json()).to.deep.equal((await detail(created.id)).body.data);
    const text = await run('adjustment:show', '--id', created.id);
    expect(text.out).to.match(new RegExp(`^id\\s+${created.id}$`, 'm'));
    expect(text.out).to.match(/^clientName\s+Test shop$/m);
    const missing = await run('adjustment:show', '--id', '99999999-9999-4999-8999-999999999999');
    expect([missing.code, missing.err]).to.deep.equal([1, 'NOT_FOUND: Stock adjustment request not found']);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await detail('99999999-9999-4999-8999-999999999999');
    expect([unknown.status, unknown.body.code, unknown.body.message]).to.deep.equal(NOT_FOUND);
    const malformed = await detail('not-a-uuid');
    expect([malformed.status, malformed.body.code]).to.deep.equal([400, 'VALIDATION_ERROR']);
  });

  it("shows a scoped VIEWER its own tenant's requests and another tenant's as unknown (404)", async () => {
    const theirs = await createProduct(svc.baseUrl, b.tenantId, { name: 'Theirs', sku: 'B-1', price: 1 });
    const ours = await createProduct(svc.baseUrl, a.tenantId, { name: 'Ours', sku: 'A-9', price: 1 });
    const other = await request(b, [{ productId: theirs.id, quantity: 1, type: 'STOCK_IN' }]);
    const own = await request(a, [{ productId: ours.id, quantity: 1, type: 'STOCK_IN' }]);
    await createStaff(svc.baseUrl, { email: 'viewer-a@example.com', role: 'VIEWER', tenantIds: [a.tenantId] });
    const { cookie } = await signIn(svc.baseUrl, 'viewer-a@example.com');
    const asA = asStaff(svc.baseUrl, cookie!);

    const seen = await asA('GET', `/stock-adjustments/${own.id}`);
    expect([seen.status, seen.body.data?.id]).to.deep.equal([200, own.id]);
    const hidden = await asA('GET', `/stock-adjustments/${other.id}`);
    expect([hidden.status, hidden.body.code, hidden.body.message]).to.deep.equal(NOT_FOUND);
  });
});
