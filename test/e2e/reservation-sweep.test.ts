import { expect } from 'chai';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import {
  clientFor,
  createIntegration,
  createProduct,
  createTenantSetup,
  type TenantSetup,
} from '../support/mothers.js';
import { startTestService, type TestService } from '../support/service.js';

/** The periodic job on the worker's Agenda marks expired reservations EXPIRED and frees their stock rows. */
describe('e2e: the reservation sweep on the Agenda worker', () => {
  let svc: TestService;
  let s: TenantSetup;
  let api: ExternalApiClient;

  before(async () => {
    svc = await startTestService({ reservationSweepEveryMs: 200 }, { mode: 'all' });
    s = await createTenantSetup(svc.baseUrl, 'Sweep');
    api = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, s, { role: 'INVENTORY' }));
  });
  after(async () => {
    await svc.stop();
  });

  it('stores EXPIRED and gives the held stock back, with no request touching the warehouse', async () => {
    const p = await createProduct(svc.baseUrl, s.tenantId, { name: 'Swept', sku: 'SWEPT', price: 1 });
    await api.request('POST', '/goods-receipt', {
      warehouseId: s.warehouseId,
      items: [{ productId: p.id, quantity: 5 }],
    });
    const r = (
      await api.request('POST', '/products/reserve', {
        warehouseId: s.warehouseId,
        items: [{ productId: p.id, quantity: 4 }],
        expiresInSeconds: 1,
      })
    ).body as any;
    const knex = svc.database.knex;
    const stored = async () => {
      const reservation = await knex('reservations').where({ id: r.data.id }).first();
      const level = await knex('stock_levels').where({ tenant_id: s.tenantId, product_id: p.id }).first();
      return { status: reservation.status as string, reserved: Number(level.reserved), onHand: Number(level.quantity) };
    };
    expect(await stored()).to.deep.equal({ status: 'ACTIVE', reserved: 4, onHand: 5 });
    const deadline = Date.now() + 20_000;
    let now = await stored();
    while (now.status === 'ACTIVE' && Date.now() < deadline) now = await stored();
    expect(now).to.deep.equal({ status: 'EXPIRED', reserved: 0, onHand: 5 });
    expect(Date.now()).to.be.at.least(new Date(r.data.expiresAt).getTime());
  });
});
