import { expect } from 'chai';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, createProduct, type BillingTenant } from '../support/mothers.js';

/** A billing tenant with two taxed products: coffee at 13 % and cups at 5.5 %. */
interface TaxedTenant extends BillingTenant {
  coffee: string;
  cups: string;
}

describe('e2e: taxes on invoices and notes, net and gross pricing (real gate, real database)', () => {
  let h: ServiceHarness;
  let n = 0;
  before(async () => {
    h = await startServiceHarness();
  });
  after(async () => {
    await h.stop();
  });

  async function tenant(): Promise<TaxedTenant> {
    n += 1;
    const t = await createBillingTenant(h.svc.baseUrl, `Taxed ${n}`);
    const coffee = await createProduct(h.svc.baseUrl, t.tenantId, {
      name: 'Coffee',
      sku: 'COF',
      price: 19.99,
      taxRate: 13,
    });
    const cups = await createProduct(h.svc.baseUrl, t.tenantId, {
      name: 'Cups',
      sku: 'CUP',
      price: 10.5,
      taxRate: 5.5,
    });
    return { ...t, coffee: coffee.id, cups: cups.id };
  }

  async function createInvoice(t: TaxedTenant, items: unknown[]) {
    const r = await h.external(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod: 'CARD',
      items,
    });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    return r.body.data;
  }

  async function approve(invoiceId: string) {
    const r = await h.admin('POST', `/invoices/${invoiceId}/approve`);
    expect(r.status, JSON.stringify(r.body)).to.equal(200);
  }

  const pay = (t: TaxedTenant, invoiceId: string, amount: number) =>
    h.external(t.caller, 'POST', `/billing/invoices/${invoiceId}/payments`, { amount, method: 'CARD' });

  const line = (rate: number, total: number, untaxed: number, tax: number, gross: number) => ({
    taxRate: rate,
    lineTotal: total,
    untaxedAmount: untaxed,
    taxAmount: tax,
    grossAmount: gross,
  });
  const taxOf = (items: any[]) =>
    items.map((i) => line(i.taxRate, i.lineTotal, i.untaxedAmount, i.taxAmount, i.grossAmount));

  it('net pricing: three rates, the detail, the list, a note, and payments up to the gross total → PAID', async () => {
    const t = await tenant();
    const inv = await createInvoice(t, [
      { productId: t.coffee, quantity: 3, unitPrice: 19.99 },
      { productId: t.coffee, quantity: 1, unitPrice: 100, taxRate: 0 },
      { productId: t.cups, quantity: 2, unitPrice: 10.5 },
    ]);
    const lines = [line(13, 59.97, 59.97, 7.8, 67.77), line(0, 100, 100, 0, 100), line(5.5, 21, 21, 1.16, 22.16)];
    const breakdown = [
      { taxRate: 0, untaxedAmount: 100, taxAmount: 0 },
      { taxRate: 5.5, untaxedAmount: 21, taxAmount: 1.16 },
      { taxRate: 13, untaxedAmount: 59.97, taxAmount: 7.8 },
    ];
    const totals = { subtotal: 180.97, taxAmount: 8.96, totalAmount: 189.93 };
    expect(inv).to.include({ ...totals, netAmount: 189.93, amountDue: 189.93 });
    expect(taxOf(inv.items)).to.deep.equal(lines);
    expect(inv.taxBreakdown).to.deep.equal(breakdown);

    // A later change of the product's rate does not touch the invoice.
    await h.svc.database.knex('products').where({ id: t.coffee }).update({ tax_rate: '20' });
    const detail = (await h.external(t.caller, 'GET', `/billing/invoices/${inv.id}`)).body.data;
    expect(detail).to.include(totals);
    expect(taxOf(detail.items)).to.deep.equal(lines);
    expect(detail.taxBreakdown).to.deep.equal(breakdown);
    const listed = (await h.external(t.caller, 'GET', '/billing/invoices')).body.data;
    expect(listed.map((i: any) => [i.subtotal, i.taxAmount, i.totalAmount])).to.deep.equal([[180.97, 8.96, 189.93]]);

    await approve(inv.id);
    const note = await h.external(t.caller, 'POST', '/billing/credit-notes', {
      invoiceId: inv.id,
      amount: 50,
      reason: 'Two cups broken',
    });
    expect(note.status, JSON.stringify(note.body)).to.equal(201);
    // 50 × 8.96 / 189.93 = 2.3588… → 2.36
    expect(note.body.data).to.include({ amount: 50, taxAmount: 2.36, untaxedAmount: 47.64, status: 'DRAFT' });
    const withNote = (await h.external(t.caller, 'GET', `/billing/invoices/${inv.id}`)).body.data;
    expect(withNote.creditNotes.map((c: any) => [c.amount, c.taxAmount, c.untaxedAmount])).to.deep.equal([
      [50, 2.36, 47.64],
    ]);

    // Paying the subtotal is not paying the invoice: PAID only at the gross total.
    const partly = await pay(t, inv.id, 180.97);
    expect(partly.body.data).to.include({ invoiceStatus: 'APPROVED', amountDue: 8.96 });
    const over = await pay(t, inv.id, 8.97);
    expect(over.status).to.equal(400);
    expect(over.body.message).to.equal('Payment exceeds the amount due');
    const paid = await pay(t, inv.id, 8.96);
    expect(paid.status, JSON.stringify(paid.body)).to.equal(201);
    expect(paid.body.data).to.include({ invoiceStatus: 'PAID', amountDue: 0 });
  });

  it('gross pricing: the tenant setting, three rates inside the prices, a note, and payments → PAID', async () => {
    const t = await tenant();
    const changed = await h.admin('PATCH', `/tenants/${t.tenantId}`, { pricesIncludeTax: true });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(changed.body.data).to.include({ id: t.tenantId, name: `Taxed ${n}`, pricesIncludeTax: true });
    expect((await h.admin('GET', `/tenants/${t.tenantId}`)).body.data).to.include({ pricesIncludeTax: true });
    const listed = (await h.admin('GET', `/tenants?search=${encodeURIComponent(`Taxed ${n}`)}`)).body.data;
    expect(listed.map((x: any) => x.pricesIncludeTax)).to.deep.equal([true]);

    const inv = await createInvoice(t, [
      { productId: t.coffee, quantity: 1, unitPrice: 113 },
      { productId: t.coffee, quantity: 1, unitPrice: 10, taxRate: 19 },
      { productId: t.cups, quantity: 2, unitPrice: 10.55 },
    ]);
    expect(inv).to.include({ subtotal: 128.4, taxAmount: 15.7, totalAmount: 144.1, amountDue: 144.1 });
    expect(taxOf(inv.items)).to.deep.equal([
      line(13, 113, 100, 13, 113),
      line(19, 10, 8.4, 1.6, 10),
      line(5.5, 21.1, 20, 1.1, 21.1),
    ]);
    const detail = (await h.external(t.caller, 'GET', `/billing/invoices/${inv.id}`)).body.data;
    expect(detail.taxBreakdown).to.deep.equal([
      { taxRate: 5.5, untaxedAmount: 20, taxAmount: 1.1 },
      { taxRate: 13, untaxedAmount: 100, taxAmount: 13 },
      { taxRate: 19, untaxedAmount: 8.4, taxAmount: 1.6 },
    ]);

    await approve(inv.id);
    const note = await h.external(t.caller, 'POST', '/billing/notes', {
      type: 'DEBIT',
      invoiceId: inv.id,
      amount: 14.41,
      reason: 'Delivery',
    });
    expect(note.status, JSON.stringify(note.body)).to.equal(201);
    // 14.41 × 15.70 / 144.10 = 1.57
    expect(note.body.data).to.include({ type: 'DEBIT', amount: 14.41, taxAmount: 1.57, untaxedAmount: 12.84 });
    // The DRAFT note changes no amount yet: paying the gross total settles the invoice.
    const paid = await pay(t, inv.id, 144.1);
    expect(paid.status, JSON.stringify(paid.body)).to.equal(201);
    expect(paid.body.data).to.include({ invoiceStatus: 'PAID', amountDue: 0 });

    // Back to net pricing: the next invoice adds the tax on top; the first keeps its amounts.
    await h.admin('PATCH', `/tenants/${t.tenantId}`, { pricesIncludeTax: false });
    const next = await createInvoice(t, [{ productId: t.coffee, quantity: 1, unitPrice: 113 }]);
    expect(next).to.include({ subtotal: 113, taxAmount: 14.69, totalAmount: 127.69 });
    const first = (await h.external(t.caller, 'GET', `/billing/invoices/${inv.id}`)).body.data;
    expect(first).to.include({ subtotal: 128.4, taxAmount: 15.7, totalAmount: 144.1, status: 'PAID' });
  });

  it('400 VALIDATION_ERROR for an item rate of 150, −1 or with 3 decimals; nothing written', async () => {
    const t = await tenant();
    const cases: [unknown, string][] = [
      [150, 'Row 1: Items taxRate must not be greater than 100'],
      [-1, 'Row 1: taxRate must be a percentage from 0 to 100 with at most 2 decimals'],
      [5.555, 'Row 1: taxRate must be a percentage from 0 to 100 with at most 2 decimals'],
      ['13', 'Row 1: taxRate must be a percentage from 0 to 100 with at most 2 decimals'],
    ];
    for (const [taxRate, message] of cases) {
      const r = await h.external(t.caller, 'POST', '/billing/invoices', {
        customerId: t.customerId,
        paymentMethod: 'CASH',
        items: [{ productId: t.coffee, quantity: 1, unitPrice: 1, taxRate }],
      });
      expect(r.status, JSON.stringify(r.body)).to.equal(400);
      expect(r.body).to.include({ success: false, code: 'VALIDATION_ERROR', message });
      expect(r.body.details[0].field).to.equal('items[0].taxRate');
    }
    expect(await h.svc.database.knex('invoices').where({ tenant_id: t.tenantId })).to.have.length(0);
  });

  it('the tenant setting refuses what it cannot take: 400 for nothing or a non-boolean, 404 for no tenant', async () => {
    const t = await tenant();
    const empty = await h.admin('PATCH', `/tenants/${t.tenantId}`, {});
    expect(empty.status).to.equal(400);
    expect(empty.body).to.include({
      code: 'VALIDATION_ERROR',
      message: 'At least one of name or pricesIncludeTax must be given',
    });
    const notBoolean = await h.admin('PATCH', `/tenants/${t.tenantId}`, { pricesIncludeTax: 'yes' });
    expect(notBoolean.status).to.equal(400);
    expect(notBoolean.body.message).to.equal('pricesIncludeTax must be a boolean');
    const extra = await h.admin('PATCH', `/tenants/${t.tenantId}`, { pricesIncludeTax: true, vat: 1 });
    expect(extra.status).to.equal(400);
    const missing = await h.admin('PATCH', '/tenants/99999999-9999-4999-8999-999999999999', { name: 'X' });
    expect(missing.status).to.equal(404);
    expect(missing.body.message).to.equal('Tenant not found');
    const renamed = await h.admin('PATCH', `/tenants/${t.tenantId}`, { name: '  Renamed  ' });
    expect(renamed.body.data).to.include({ name: 'Renamed', pricesIncludeTax: false });
  });
});
