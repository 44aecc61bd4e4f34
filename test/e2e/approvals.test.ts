import { expect } from 'chai';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';
import { asStaff, createStaff, signIn } from '../support/staff.js';

describe('e2e: the approvals inbox (everything waiting for a decision, in the caller’s tenants)', () => {
  let h: ServiceHarness;
  let a: BillingTenant;
  let b: BillingTenant;
  const ids: Record<string, string> = {};

  before(async () => {
    h = await startServiceHarness();
    a = await createBillingTenant(h.svc.baseUrl, 'Alpha');
    b = await createBillingTenant(h.svc.baseUrl, 'Beta');
    const made = async (r: { status: number; body: any }) => {
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      return r.body.data.id as string;
    };
    ids.adjustment = await made(
      await h.external(a.caller, 'POST', '/products/adjust', {
        warehouseId: a.warehouseId,
        reason: 'Stocktake',
        items: [
          { productId: a.productIds[0], quantity: 2, type: 'STOCK_IN' },
          { productId: a.productIds[1], quantity: 1, type: 'STOCK_IN' },
        ],
      }),
    );
    const invoice = {
      customerId: a.customerId,
      paymentMethod: 'CREDIT',
      items: [{ productId: a.productIds[0], quantity: 1, unitPrice: 40 }],
    };
    ids.approvedInvoice = await made(await h.external(a.caller, 'POST', '/billing/invoices', invoice));
    expect((await h.admin('POST', `/invoices/${ids.approvedInvoice}/approve`)).status).to.equal(200);
    ids.credit = await made(
      await h.external(a.caller, 'POST', '/billing/credit-notes', {
        invoiceId: ids.approvedInvoice,
        amount: 5,
        reason: 'Damaged',
      }),
    );
    ids.draftInvoice = await made(await h.external(a.caller, 'POST', '/billing/invoices', invoice));
    ids.otherTenant = await made(
      await h.external(b.caller, 'POST', '/billing/invoices', {
        ...invoice,
        customerId: b.customerId,
        items: [{ productId: b.productIds[0], quantity: 1, unitPrice: 1 }],
      }),
    );
  });
  after(async () => {
    await h.stop();
  });

  it('lists PENDING adjustments and DRAFT invoices and notes, oldest first, with their tenant and a summary', async () => {
    const r = await h.admin('GET', '/approvals?limit=100');
    expect(r.status).to.equal(200);
    const items = r.body.data as { type: string; id: string; tenantName: string; summary: string; number: string }[];
    expect(items.map((i) => [i.type, i.id])).to.deep.equal([
      ['ADJUSTMENT', ids.adjustment],
      ['CREDIT_NOTE', ids.credit],
      ['INVOICE', ids.draftInvoice],
      ['INVOICE', ids.otherTenant],
    ]);
    expect(items[0]).to.include({ tenantName: 'Alpha', summary: 'Stocktake (2 items)' });
    expect(items[1]!.summary).to.match(/^5\.00 on INV-.+: Damaged$/);
    expect(items[2]!.summary).to.equal('40.00 for Ann');
    expect(items[0]!.number).to.match(/^ADJ-/);
  });

  it('filters by type and tenant, pages, and drops what has been decided', async () => {
    const invoices = await h.admin('GET', `/approvals?type=INVOICE&tenantId=${a.tenantId}`);
    expect(invoices.body.data.map((i: { id: string }) => i.id)).to.deep.equal([ids.draftInvoice]);
    const paged = await h.admin('GET', '/approvals?limit=1&page=2');
    expect(paged.body.data).to.have.length(1);
    expect(paged.body.pagination).to.include({ total: 4, page: 2, limit: 1 });
    expect((await h.admin('GET', '/approvals?type=LOAN')).status).to.equal(400);

    expect((await h.admin('POST', `/credit-notes/${ids.credit}/approve`)).status).to.equal(200);
    const after = await h.admin('GET', '/approvals?type=CREDIT_NOTE');
    expect(after.body.data).to.deep.equal([]);
  });

  it('shows a scoped member only its own tenants', async () => {
    await createStaff(h.svc.baseUrl, { email: 'beta@example.com', role: 'VIEWER', tenantIds: [b.tenantId] });
    const beta = asStaff(h.svc.baseUrl, (await signIn(h.svc.baseUrl, 'beta@example.com')).cookie!);
    const r = await beta('GET', '/approvals');
    expect(r.body.data.map((i: { id: string }) => i.id)).to.deep.equal([ids.otherTenant]);
    const asked = await beta('GET', `/approvals?tenantId=${a.tenantId}`);
    expect(asked.body.data).to.deep.equal([]);
  });
});
