import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';

type Answer = { status: number; body: any };

/**
 * The back office's own lists of a tenant's records (those the external API does not list):
 * reservations, transfers, goods receipts, payments, refunds and shipments, with their paging
 * and each filter, and every document by id. Every answer is checked against the OpenAPI
 * document by the test client.
 */
describe('e2e: the back office lists a tenant’s stock documents, payments, refunds and shipments', () => {
  let h: ServiceHarness;
  let t: BillingTenant;
  let other: BillingTenant;
  let second: string;
  let third: string;
  const made: Record<string, string> = {};

  const ok = (r: Answer, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201]);
    return r.body.data;
  };
  const numbers = (r: Answer, field: string) => r.body.data.map((x: Record<string, string>) => x[field]).sort();
  const list = async (path: string) => {
    const r = await h.admin('GET', `/tenants/${t.tenantId}${path}`);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).to.equal(200);
    return r;
  };
  const [mug, tea] = [0, 1];

  /** Stock in, three transfers between the three warehouses, four reservations (one released, one expired). */
  async function stockDocuments(): Promise<void> {
    const warehouse = async (name: string) =>
      ok(await h.admin('POST', `/tenants/${t.tenantId}/warehouses`, { branchId: t.branchId, name }), name).id;
    second = await warehouse('Second');
    third = await warehouse('Third');
    const adjustment = ok(
      await h.external(t.caller, 'POST', '/products/adjust', {
        warehouseId: t.warehouseId,
        reason: 'Count',
        items: t.productIds.map((productId) => ({ productId, quantity: 50, type: 'STOCK_IN' })),
      }),
      'adjustment',
    );
    ok(await h.admin('POST', `/stock-adjustments/${adjustment.id}/approve`), 'approval');
    const transfer = async (from: string, to: string, product: number, quantity: number) =>
      ok(
        await h.external(t.caller, 'POST', '/products/transfer', {
          fromWarehouseId: from,
          toWarehouseId: to,
          items: [{ productId: t.productIds[product], quantity }],
        }),
        'transfer',
      ).transferNumber as string;
    made.mugOut = await transfer(t.warehouseId, second, mug, 5);
    made.teaOut = await transfer(t.warehouseId, second, tea, 3);
    made.mugBack = await transfer(second, t.warehouseId, mug, 1);
    made.teaThird = await transfer(t.warehouseId, third, tea, 1);
    const reserve = async (warehouseId: string, product: number, expiresInSeconds?: number) =>
      ok(
        await h.external(t.caller, 'POST', '/products/reserve', {
          warehouseId,
          items: [{ productId: t.productIds[product], quantity: 1 }],
          ...(expiresInSeconds ? { expiresInSeconds } : {}),
        }),
        'reservation',
      );
    made.activeMug = (await reserve(t.warehouseId, mug)).reservationNumber;
    const released = await reserve(t.warehouseId, tea);
    ok(await h.external(t.caller, 'POST', `/products/reservations/${released.id}/release`, {}), 'release');
    made.released = released.reservationNumber;
    made.secondMug = (await reserve(second, mug)).reservationNumber;
    made.expired = (await reserve(t.warehouseId, tea, 1)).reservationNumber;
    await new Promise((resolve) => setTimeout(resolve, 1100));
  }

  /** A purchase order with a receipt against it, and a receipt without one. */
  async function receipts(): Promise<void> {
    const order = ok(
      await h.external(t.caller, 'POST', '/purchase-orders', {
        supplierName: 'Acme',
        warehouseId: t.warehouseId,
        items: [{ productId: t.productIds[mug], quantity: 10, unitCost: 2 }],
      }),
      'purchase order',
    );
    made.order = order.id;
    const receive = async (body: object) =>
      ok(await h.external(t.caller, 'POST', '/goods-receipt', body), 'receipt').id as string;
    made.onOrder = await receive({ purchaseOrderId: order.id, items: [{ productId: t.productIds[mug], quantity: 4 }] });
    made.loose = await receive({ warehouseId: second, items: [{ productId: t.productIds[tea], quantity: 2 }] });
  }

  /** Two invoices, three payments, two refunds, a note of each kind and two shipments (one cancelled). */
  async function billing(): Promise<void> {
    const invoice = async () =>
      ok(
        await h.external(t.caller, 'POST', '/billing/invoices', {
          customerId: t.customerId,
          paymentMethod: 'CREDIT',
          items: [{ productId: t.productIds[tea], quantity: 10, unitPrice: 10 }],
        }),
        'invoice',
      ).id as string;
    made.first = await invoice();
    made.second = await invoice();
    const pay = async (invoiceId: string, amount: number, method: string) =>
      ok(await h.external(t.caller, 'POST', `/billing/invoices/${invoiceId}/payments`, { amount, method }), 'payment')
        .id as string;
    made.cash = await pay(made.first, 10, 'CASH');
    made.card = await pay(made.first, 5, 'CARD');
    made.otherCash = await pay(made.second, 3, 'CASH');
    const refund = async (invoiceId: string, amount: number) =>
      ok(await h.external(t.caller, 'POST', '/billing/refunds', { invoiceId, amount, reason: 'Broken' }), 'refund')
        .id as string;
    made.refund = await refund(made.first, 2);
    made.otherRefund = await refund(made.second, 1);
    const note = async (kind: string) =>
      ok(
        await h.external(t.caller, 'POST', `/billing/${kind}-notes`, { invoiceId: made.first, amount: 4, reason: 'r' }),
        kind,
      ).id as string;
    made.credit = await note('credit');
    made.debit = await note('debit');
    const ship = async (invoiceId?: string) =>
      ok(
        await h.external(t.caller, 'POST', '/logistics/shipments', {
          ...(invoiceId ? { invoiceId } : {}),
          weightKg: 1,
          recipient: {
            name: 'Ann Example',
            phone: '+49 30 123456',
            address: { line1: 'Invalidenstr. 1', city: 'Berlin', country: 'DE' },
          },
        }),
        'shipment',
      ).id as string;
    made.shipped = await ship(made.first);
    made.cancelled = await ship();
    ok(
      await h.external(t.caller, 'POST', '/logistics/shipments/cancel', { shipmentId: made.cancelled, reason: 'x' }),
      'cancel',
    );
  }

  before(async () => {
    h = await startServiceHarness();
    t = await createBillingTenant(h.svc.baseUrl, 'Mine');
    other = await createBillingTenant(h.svc.baseUrl, 'Theirs');
    await stockDocuments();
    await receipts();
    await billing();
  });
  after(async () => {
    await h.stop();
  });

  it('pages reservations newest first and filters them by status as of now, warehouse and product', async () => {
    const all = await list('/reservations?limit=3');
    expect(all.body.pagination).to.include({ total: 4, page: 1, limit: 3 });
    const rest = await list('/reservations?limit=3&page=2');
    expect(rest.body.data).to.have.length(1);
    const shown = [...all.body.data, ...rest.body.data].map((r: { reservationNumber: string }) => r.reservationNumber);
    expect(shown).to.deep.equal([made.expired, made.secondMug, made.released, made.activeMug]);
    expect(numbers(await list('/reservations?status=ACTIVE'), 'reservationNumber')).to.deep.equal(
      [made.activeMug, made.secondMug].sort(),
    );
    const expired = await list('/reservations?status=EXPIRED');
    expect(numbers(expired, 'reservationNumber')).to.deep.equal([made.expired]);
    expect(expired.body.data[0].status).to.equal('EXPIRED');
    expect(numbers(await list('/reservations?status=RELEASED'), 'reservationNumber')).to.deep.equal([made.released]);
    expect(numbers(await list(`/reservations?warehouseId=${second}`), 'reservationNumber')).to.deep.equal([
      made.secondMug,
    ]);
    expect(numbers(await list(`/reservations?productId=${t.productIds[tea]}`), 'reservationNumber')).to.deep.equal(
      [made.released, made.expired].sort(),
    );
  });

  it('pages transfers and filters them by either warehouse and by product; answers one by id', async () => {
    const page = await list('/transfers?limit=2&page=2');
    expect(page.body.pagination).to.include({ total: 4, page: 2, limit: 2 });
    expect(numbers(page, 'transferNumber')).to.deep.equal([made.mugOut, made.teaOut].sort());
    const byWarehouse = await list(`/transfers?warehouseId=${second}`);
    expect(numbers(byWarehouse, 'transferNumber')).to.deep.equal([made.mugOut, made.teaOut, made.mugBack].sort());
    expect(numbers(await list(`/transfers?warehouseId=${third}`), 'transferNumber')).to.deep.equal([made.teaThird]);
    expect(numbers(await list(`/transfers?productId=${t.productIds[tea]}`), 'transferNumber')).to.deep.equal(
      [made.teaOut, made.teaThird].sort(),
    );
    const one = byWarehouse.body.data.find((x: { transferNumber: string }) => x.transferNumber === made.mugBack);
    const detail = await list(`/transfers/${one.id}`);
    expect(detail.body.data).to.deep.equal(one);
    expect(detail.body.data.items).to.deep.equal([{ productId: t.productIds[mug], quantity: 1 }]);
  });

  it('pages goods receipts and filters them by warehouse and purchase order; answers a receipt and an order by id', async () => {
    const all = await list('/goods-receipts?limit=1');
    expect(all.body.pagination).to.include({ total: 2, limit: 1 });
    expect(all.body.data.map((g: { id: string }) => g.id)).to.deep.equal([made.loose]);
    expect((await list(`/goods-receipts?purchaseOrderId=${made.order}`)).body.data.map((g: any) => g.id)).to.deep.equal(
      [made.onOrder],
    );
    expect((await list(`/goods-receipts?warehouseId=${second}`)).body.data.map((g: any) => g.id)).to.deep.equal([
      made.loose,
    ]);
    const receipt = await list(`/goods-receipts/${made.onOrder}`);
    expect(receipt.body.data).to.include({ purchaseOrderId: made.order, warehouseId: t.warehouseId });
    expect(receipt.body.data.items).to.deep.equal([{ productId: t.productIds[mug], quantity: 4, unitCost: 2 }]);
    const order = await list(`/purchase-orders/${made.order}`);
    expect(order.body.data).to.include({ id: made.order, status: 'PARTIALLY_RECEIVED' });
    expect(order.body.data.items[0]).to.include({ orderedQuantity: 10, receivedQuantity: 4 });
  });

  it('pages payments newest first and filters them by invoice and method; answers one by id', async () => {
    const first = await list('/payments?limit=2');
    expect(first.body.pagination).to.include({ total: 3, page: 1, limit: 2 });
    const rest = await list('/payments?limit=2&page=2');
    const ids = [...first.body.data, ...rest.body.data].map((p: { id: string }) => p.id);
    expect(ids).to.deep.equal([made.otherCash, made.card, made.cash]);
    expect((await list(`/payments?invoiceId=${made.first}`)).body.data.map((p: any) => p.id)).to.deep.equal([
      made.card,
      made.cash,
    ]);
    expect((await list('/payments?method=CARD')).body.data.map((p: any) => p.id)).to.deep.equal([made.card]);
    const one = await list(`/payments/${made.card}`);
    expect(one.body.data).to.include({ id: made.card, invoiceId: made.first, amount: 5, method: 'CARD' });
    expect((await h.admin('GET', `/tenants/${t.tenantId}/payments?method=CHEQUE`)).status).to.equal(400);
  });

  it('pages refunds and filters them by invoice; answers one by id', async () => {
    const page = await list('/refunds?limit=1&page=2');
    expect(page.body.pagination).to.include({ total: 2, page: 2, limit: 1 });
    expect(page.body.data.map((r: { id: string }) => r.id)).to.deep.equal([made.refund]);
    expect((await list(`/refunds?invoiceId=${made.second}`)).body.data.map((r: any) => r.id)).to.deep.equal([
      made.otherRefund,
    ]);
    const one = await list(`/refunds/${made.refund}`);
    expect(one.body.data).to.include({ id: made.refund, invoiceId: made.first, amount: 2, status: 'PROCESSED' });
  });

  it('answers a credit note and a debit note by id', async () => {
    expect((await list(`/credit-notes/${made.credit}`)).body.data).to.include({ id: made.credit, amount: 4 });
    expect((await list(`/debit-notes/${made.debit}`)).body.data).to.include({ id: made.debit, amount: 4 });
    // A credit note is no debit note.
    const crossed = await h.admin('GET', `/tenants/${t.tenantId}/debit-notes/${made.credit}`);
    expect([crossed.status, crossed.body.message]).to.deep.equal([404, 'Debit note not found']);
  });

  it('pages shipments newest first and filters them by status and invoice', async () => {
    const page = await list('/shipments?limit=1');
    expect(page.body.pagination).to.include({ total: 2, limit: 1 });
    expect(page.body.data[0]).to.include({ id: made.cancelled, status: 'CANCELLED', invoiceId: null });
    const cancelled = await list('/shipments?status=CANCELLED');
    expect(cancelled.body.data.map((s: { id: string }) => s.id)).to.deep.equal([made.cancelled]);
    const billed = await list(`/shipments?invoiceId=${made.first}`);
    expect(billed.body.data.map((s: { id: string }) => s.id)).to.deep.equal([made.shipped]);
    expect(billed.body.data[0].recipient.address).to.include({ city: 'Berlin', country: 'DE' });
    expect((await list('/shipments?status=BOOKED')).body.data.map((s: { id: string }) => s.id)).to.deep.equal([
      made.shipped,
    ]);
  });

  it('answers 404 Tenant not found for an unknown tenant, an empty page for a tenant with none', async () => {
    const unknown = randomUUID();
    for (const path of [
      '/reservations',
      '/transfers',
      `/transfers/${randomUUID()}`,
      '/goods-receipts',
      `/goods-receipts/${made.loose}`,
      `/purchase-orders/${made.order}`,
      '/payments',
      `/payments/${made.cash}`,
      '/refunds',
      `/refunds/${made.refund}`,
      `/credit-notes/${made.credit}`,
      `/debit-notes/${made.debit}`,
      '/shipments',
    ]) {
      const r = await h.admin('GET', `/tenants/${unknown}${path}`);
      expect([r.status, r.body.message], path).to.deep.equal([404, 'Tenant not found']);
    }
    for (const path of ['/reservations', '/transfers', '/goods-receipts', '/payments', '/refunds', '/shipments']) {
      const r = await h.admin('GET', `/tenants/${other.tenantId}${path}`);
      expect([r.status, r.body.data, r.body.pagination.total], path).to.deep.equal([200, [], 0]);
    }
  });

  it('answers 404 with the record’s own message for an id the tenant does not have (another tenant’s too)', async () => {
    const cases: [string, string][] = [
      [`/transfers/${randomUUID()}`, 'Transfer not found'],
      [`/goods-receipts/${made.loose}`, 'Goods receipt not found'],
      [`/purchase-orders/${made.order}`, 'Purchase order not found'],
      [`/payments/${made.cash}`, 'Payment not found'],
      [`/refunds/${made.refund}`, 'Refund not found'],
      [`/credit-notes/${made.credit}`, 'Credit note not found'],
      [`/debit-notes/${made.debit}`, 'Debit note not found'],
    ];
    for (const [path, message] of cases) {
      const r = await h.admin('GET', `/tenants/${other.tenantId}${path}`);
      expect([r.status, r.body.message], path).to.deep.equal([404, message]);
    }
  });

  it('refuses bad paging and a malformed filter with a 400', async () => {
    for (const path of [
      '/reservations?limit=101',
      '/transfers?page=0',
      '/shipments?status=LOST',
      '/refunds?invoiceId=x',
    ]) {
      const r = await h.admin('GET', `/tenants/${t.tenantId}${path}`);
      expect(r.status, path).to.equal(400);
    }
  });
});
