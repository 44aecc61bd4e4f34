import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { clientFor, createIntegration, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { spawnProcess, until } from '../support/processes.js';
import { adminOk, series, standby, startTopologyWorld, TOPOLOGY, type TopologyWorld } from './topology-world.js';

const RECIPIENT = {
  name: 'Ann Example',
  phone: '+49 30 123456',
  address: { line1: 'Invalidenstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
};

/** Every answer of the suite, to prove none was a 5xx. */
const statuses: number[] = [];

async function ok<T = any>(
  client: ExternalApiClient,
  method: string,
  path: string,
  body?: object,
  key?: string,
): Promise<T> {
  const r = await client.request<any>(method, path, body, key ? { idempotencyKey: key } : {});
  statuses.push(r.status);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}

describe('topology: PgBouncer in transaction mode, a streaming replica, two API processes and a worker', function () {
  this.timeout(180_000);
  let world: TopologyWorld;
  let setup: TenantSetup & { secondWarehouseId: string };
  let shop: { id: string; clientId: string; clientSecret: string };
  /** One client per API process, for the same integration. */
  let via: [ExternalApiClient, ExternalApiClient];

  before(async function () {
    if (!TOPOLOGY) {
      console.log('      skipped: no topology (run scripts/topology/up.sh, then npm run test:topology)');
      this.skip();
    }
    world = await startTopologyWorld();
    const base = await createTenantSetup(world.a.baseUrl, 'Topology');
    const second = await adminOk(world.a.baseUrl, 'POST', `/tenants/${base.tenantId}/warehouses`, {
      branchId: base.branchId,
      name: 'Second',
    });
    setup = { ...base, secondWarehouseId: second.id };
    shop = await createIntegration(world.a.baseUrl, setup, {
      webhookUrl: world.receiver.url('/shop'),
      webhookEvents: 'billing.invoice.created,billing.payment.received,inventory.adjustment.approved',
    });
    via = [clientFor(world.a.baseUrl, shop), clientFor(world.b.baseUrl, shop)];
  });

  after(async () => {
    if (world) {
      standby('delay', '0');
      await world.stop();
    }
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      console.log('worker output:', world.worker.output().slice(-3000));
      console.log(await world.primary('webhook_deliveries').select('status', 'attempts', 'next_attempt_at'));
      console.log(
        await world
          .primary('outbox_events')
          .select('dispatched_at')
          .catch((e) => String(e)),
      );
    }
    expect(
      statuses.filter((s) => s >= 500),
      'answers with a 5xx',
    ).to.deep.equal([]);
  });

  it('serves every external route family across both processes and delivers their webhooks', async () => {
    const [a, b] = via;
    const product = await ok(a, 'POST', '/products', { name: 'Kettle', sku: `KT-${randomUUID()}`, price: 30 });
    expect((await ok(b, 'GET', `/products/${product.id}`)).sku).to.equal(product.sku);
    const adjustment = await ok(a, 'POST', '/products/adjust', {
      warehouseId: setup.warehouseId,
      reason: 'Opening count',
      items: [{ productId: product.id, quantity: 50, type: 'STOCK_IN' }],
    });
    await adminOk(world.b.baseUrl, 'POST', `/stock-adjustments/${adjustment.id}/approve`, {});
    const reservation = await ok(b, 'POST', '/products/reserve', {
      warehouseId: setup.warehouseId,
      items: [{ productId: product.id, quantity: 2 }],
    });
    expect((await ok(a, 'POST', `/products/reservations/${reservation.id}/commit`)).status).to.equal('COMMITTED');
    await ok(a, 'POST', '/products/transfer', {
      fromWarehouseId: setup.warehouseId,
      toWarehouseId: setup.secondWarehouseId,
      items: [{ productId: product.id, quantity: 3 }],
    });
    const order = await ok(b, 'POST', '/purchase-orders', {
      supplierName: 'Acme Supplies',
      warehouseId: setup.warehouseId,
      items: [{ productId: product.id, quantity: 10, unitCost: 12 }],
    });
    await ok(a, 'POST', '/goods-receipt', {
      purchaseOrderId: order.id,
      items: [{ productId: product.id, quantity: 10 }],
    });
    const stock = (await ok(b, 'GET', `/products/${product.id}`)).stock as { warehouseId: string; onHand: number }[];
    const onHand = Object.fromEntries(stock.map((w) => [w.warehouseId, w.onHand]));
    // 50 counted, 2 sold (the committed reservation), 3 moved away, 10 received.
    expect(onHand).to.deep.equal({ [setup.warehouseId]: 55, [setup.secondWarehouseId]: 3 });

    const customer = await ok(a, 'POST', '/billing/customers', { name: 'Ann' });
    const invoice = await ok(
      b,
      'POST',
      '/billing/invoices',
      {
        customerId: customer.id,
        paymentMethod: 'CARD',
        items: [{ productId: product.id, quantity: 1, unitPrice: 30 }],
      },
      randomUUID(),
    );
    await adminOk(world.a.baseUrl, 'POST', `/invoices/${invoice.id}/approve`, {});
    await ok(a, 'POST', `/billing/invoices/${invoice.id}/payments`, { amount: 20, method: 'CARD' }, randomUUID());
    await ok(b, 'POST', '/billing/refunds', { invoiceId: invoice.id, amount: 5, reason: 'Dented' }, randomUUID());
    await ok(a, 'POST', '/billing/credit-notes', { invoiceId: invoice.id, amount: 2, reason: 'Late' });
    expect((await ok(b, 'GET', `/billing/invoices/${invoice.id}`)).id).to.equal(invoice.id);
    const shipment = await ok(a, 'POST', '/logistics/shipments', { weightKg: 1.5, recipient: RECIPIENT });
    expect(await ok(b, 'GET', `/logistics/shipments/${shipment.id}/track`)).to.be.an('object');
    for (const path of [
      '/products?limit=5',
      '/products/stock',
      '/purchase-orders',
      '/billing/invoices',
      '/warehouses',
      '/usage',
    ]) {
      await ok(via[statuses.length % 2]!, 'GET', path);
    }

    await world.receiver.waitFor(
      () =>
        ['billing.invoice.created', 'billing.payment.received', 'inventory.adjustment.approved'].every((event) =>
          world.receiver.on('/shop').some((r) => JSON.parse(r.body).event === event),
        ),
      20_000,
      'the three webhooks',
    );
    // A read goes to the standby only once it has replayed the integration's last write (within
    // the lag limit); on a loaded machine the reads above may all have come too soon, so read on
    // until one is served there.
    const replicaReads = async () => {
      const [ma, mb] = await Promise.all([world.metrics(world.a), world.metrics(world.b)]);
      return (
        series(ma, 'database_reads_total{target="replica"}') + series(mb, 'database_reads_total{target="replica"}')
      );
    };
    await until(
      async () => {
        await ok(via[statuses.length % 2]!, 'GET', '/products?limit=5');
        return (await replicaReads()) > 0;
      },
      20_000,
      'a read served by the replica',
    );
    const ma = await world.metrics(world.a);
    expect(series(ma, `database_replica_up{replica="${replicaName()}"}`), 'the replica in use').to.equal(1);
  });

  it('wakes the worker by LISTEN on its direct connection, not by its 2 s sweep', async () => {
    const [a] = via;
    const customer = await ok(a, 'POST', '/billing/customers', { name: 'Bo' });
    const product = await ok(a, 'POST', '/products', { name: 'Cup', sku: `CP-${randomUUID()}`, price: 4 });
    const latencies: number[] = [];
    for (let i = 0; i < 3; i++) {
      const invoice = await ok(
        a,
        'POST',
        '/billing/invoices',
        {
          customerId: customer.id,
          paymentMethod: 'CASH',
          items: [{ productId: product.id, quantity: 1, unitPrice: 4 }],
        },
        randomUUID(),
      );
      // Past the worker's linger (2 s): only a notification, or the 2 s sweep, can wake it now.
      await new Promise((r) => setTimeout(r, 2_500));
      const before = world.receiver.on('/shop').length;
      const sent = Date.now();
      // The approval writes `billing.invoice.created` (a DRAFT is no document yet).
      await adminOk(world.b.baseUrl, 'POST', `/invoices/${invoice.id}/approve`, {});
      await world.receiver.waitFor(() => world.receiver.on('/shop').length > before, 10_000, 'the webhook');
      latencies.push(world.receiver.on('/shop')[before]!.at - sent);
    }
    // Swept, three arrivals would take 0–2 s each: all three under 400 ms is a notification's doing.
    expect(Math.max(...latencies), `arrivals ${latencies.join(', ')} ms`).to.be.below(400);
  });

  it('keeps the rate limit and an Idempotency-Key exact through PgBouncer, whichever process answers', async () => {
    const limited = await createIntegration(world.a.baseUrl, setup, { role: 'ADMIN' });
    await adminOk(world.a.baseUrl, 'PATCH', `/integrations/${limited.id}`, { rateLimitPerMinute: 5 });
    await until(() => new Date().getUTCSeconds() < 45, 20_000, 'a fresh minute');
    const clients = [clientFor(world.a.baseUrl, limited), clientFor(world.b.baseUrl, limited)];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => clients[i % 2]!.request('GET', '/products')),
    );
    statuses.push(...answers.map((r) => r.status));
    expect(answers.filter((r) => r.status === 200)).to.have.length(5);
    expect(answers.filter((r) => r.status === 429)).to.have.length(7);

    const [a, b] = via;
    const customer = await ok(a, 'POST', '/billing/customers', { name: 'Cy' });
    const product = await ok(a, 'POST', '/products', { name: 'Pot', sku: `PT-${randomUUID()}`, price: 9 });
    const key = randomUUID();
    const body = {
      customerId: customer.id,
      paymentMethod: 'CASH',
      items: [{ productId: product.id, quantity: 1, unitPrice: 9 }],
    };
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? b : a).request<any>('POST', '/billing/invoices', body, { idempotencyKey: key }),
      ),
    );
    statuses.push(...created.map((r) => r.status));
    const ids = new Set(created.filter((r) => r.status === 201).map((r) => r.body.data.id));
    expect(ids.size, 'one invoice for one key').to.equal(1);
    expect(created.every((r) => r.status === 201 || r.status === 409)).to.equal(true);
    const rows = await world.primary('invoices').where({ customer_id: customer.id }).count({ n: '*' });
    expect(Number(rows[0]!.n)).to.equal(1);
  });

  it("never shows an integration its own write as missing while the replica lags 1 s; another integration's reads do lag", async () => {
    const other = await createIntegration(world.a.baseUrl, setup, { role: 'ADMIN' });
    const watcher = clientFor(world.b.baseUrl, other);
    statuses.push((await watcher.request('GET', '/products?limit=1')).status);
    standby('delay', '1s');
    await until(
      async () => {
        const { rows } = await world.replica.raw(`SELECT current_setting('recovery_min_apply_delay') AS d`);
        return rows[0].d === '1s';
      },
      10_000,
      'the standby to apply its delay',
    );
    const [a, b] = via;
    let staleForOthers = 0;
    for (let i = 0; i < 10; i++) {
      const product = await ok(i % 2 ? b : a, 'POST', '/products', {
        name: `Lag ${i}`,
        sku: `LG-${randomUUID()}`,
        price: 1,
      });
      // Its own read, at once, on the other process.
      const mine = await (i % 2 ? a : b).request<any>('GET', `/products/${product.id}`);
      statuses.push(mine.status);
      expect(mine.status, `its own product ${i} read back`).to.equal(200);
      const listed = await (i % 2 ? a : b).request<any>('GET', `/products?search=${product.sku}`);
      expect(listed.body.data.map((p: { id: string }) => p.id)).to.include(product.id);
      const theirs = await watcher.request<any>('GET', `/products/${product.id}`);
      statuses.push(theirs.status);
      if (theirs.status === 404) staleForOthers++;
    }
    expect(staleForOthers, 'an integration that did not write reads the lagging replica').to.be.greaterThan(0);
    standby('delay', '0');
  });

  it('answers every request, without a 5xx, while the replica is stopped and started under load', async () => {
    const [a, b] = via;
    const product = await ok(a, 'POST', '/products', { name: 'Load', sku: `LD-${randomUUID()}`, price: 2 });
    let running = true;
    let served = 0;
    const load = async (client: ExternalApiClient, i: number) => {
      while (running) {
        const r =
          i % 3 === 0
            ? await client.request('POST', '/billing/customers', { name: `C${served}` })
            : await client.request('GET', i % 3 === 1 ? `/products/${product.id}` : '/products?limit=10');
        statuses.push(r.status);
        if (r.status < 300) served++;
      }
    };
    const loops = Promise.all([0, 1, 2, 3, 4, 5].map((i) => load(i % 2 ? b : a, i)));
    await new Promise((r) => setTimeout(r, 1_000));
    standby('stop');
    const metricsDown = async () =>
      series(await world.metrics(world.a), `database_replica_up{replica="${replicaName()}"}`);
    await until(async () => (await metricsDown()) === 0, 10_000, 'the metrics to say the replica is down');
    await new Promise((r) => setTimeout(r, 1_500));
    standby('start');
    await until(async () => (await metricsDown()) === 1, 30_000, 'the replica back in use');
    const replicaReads = series(await world.metrics(world.a), 'database_reads_total{target="replica"}');
    await until(
      async () => series(await world.metrics(world.a), 'database_reads_total{target="replica"}') > replicaReads,
      10_000,
      'reads on the replica again',
    );
    running = false;
    await loops;
    expect(served).to.be.greaterThan(50);
  });

  it('has a worker whose LISTEN goes through PgBouncer say so, and poll', async () => {
    const misled = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', 'worker'], {
      ...world.env,
      DATABASE_LISTEN_URL: `${TOPOLOGY!.bouncer}/${world.database}`,
      LOG_LEVEL: 'info',
    });
    try {
      await until(
        () => misled.output().includes('do not arrive on the LISTEN connection'),
        60_000,
        `the misled worker's warning\n${misled.output()}`,
      );
    } finally {
      misled.child.kill('SIGTERM');
      await misled.exited;
    }
  });

  function replicaName(): string {
    const u = new URL(`${TOPOLOGY!.standby}/${world.database}`);
    return `${u.hostname}:${u.port}/${world.database}`;
  }
});
