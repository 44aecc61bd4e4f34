import { expect } from 'chai';
import { withQuery, type ExternalApiClient } from '@inventory-billing/sdk';
import { pagination } from '../support/envelope.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { clientFor, createBillingTenant, createIntegration, type BillingTenant } from '../support/mothers.js';

const MISSING = '99999999-9999-4999-8999-999999999999';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The billing roadmap (payments, refunds, notes, customers) end to end: every new route through the signing SDK
 * (its typed methods), a BILLING integration of the tenant, the real gate and database.
 */
describe('e2e: billing roadmap routes (invoice detail, payments, refunds, customers, notes)', () => {
  let h: ServiceHarness;
  let n = 0;
  before(async () => {
    h = await startServiceHarness();
  });
  after(async () => {
    await h.stop();
  });

  interface World extends BillingTenant {
    api: ExternalApiClient;
  }

  async function world(role = 'BILLING'): Promise<World> {
    n += 1;
    const t = await createBillingTenant(h.svc.baseUrl, `Roadmap ${n}`);
    return { ...t, api: clientFor(h.svc.baseUrl, await createIntegration(h.svc.baseUrl, t, { role })) };
  }

  async function invoice(w: World, total = 100, approve = false): Promise<{ id: string; billNumber: string }> {
    const r = await w.api.request('POST', '/billing/invoices', {
      customerId: w.customerId,
      paymentMethod: 'CARD',
      items: [{ productId: w.productIds[0], quantity: 1, unitPrice: total }],
    });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    const data = (r.body as any).data;
    if (approve) expect((await h.admin('POST', `/invoices/${data.id}/approve`)).status).to.equal(200);
    return data;
  }

  function expectError(r: { status: number; body: any }, status: number, message: string, code?: string) {
    expect(r.status, JSON.stringify(r.body)).to.equal(status);
    expect(r.body).to.include({ success: false, status, message });
    if (code) expect(r.body.code).to.equal(code);
  }

  /** The outbox's payloads of one event, without the `timestamp` the outbox stamps (checked to be ISO 8601). */
  async function outbox(tenantId: string, name: string): Promise<Record<string, unknown>[]> {
    const rows = await h.svc.database
      .knex('outbox_events')
      .where({ tenant_id: tenantId, event_name: name })
      .orderBy('occurred_at');
    return rows.map(({ payload: { timestamp, ...rest } }: any) => {
      expect(timestamp).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      return rest;
    });
  }

  describe('POST /billing/invoices/:id/payments', () => {
    it('a first partial payment on a DRAFT: 201, PAY- number, the invoice APPROVED, billing.invoice.created once', async () => {
      const w = await world();
      const inv = await invoice(w, 100);
      const r = await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, {
        amount: 30.1,
        method: 'QR',
        reference: 'QR-778',
      });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      const d = (r.body as any).data;
      expect(d).to.deep.include({
        paymentNumber: 'PAY-2026-000001',
        invoiceId: inv.id,
        amount: 30.1,
        method: 'QR',
        reference: 'QR-778',
        invoiceStatus: 'APPROVED',
        amountDue: 69.9,
        branchId: w.branchId,
        // An integration recorded it, and so approved the invoice: no person to name.
        recordedBy: null,
      });
      expect(d.id).to.match(UUID);
      expect(Date.parse(d.receivedAt)).to.be.closeTo(Date.now(), 60_000);

      const second = await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, {
        amount: 69.9,
        method: 'CASH',
      });
      expect(second.status).to.equal(201);
      expect((second.body as any).data).to.include({
        paymentNumber: 'PAY-2026-000002',
        reference: null,
        invoiceStatus: 'PAID',
        amountDue: 0,
      });
      expect(await outbox(w.tenantId, 'billing.invoice.created')).to.have.length(1);
      const received = await outbox(w.tenantId, 'billing.payment.received');
      expect(received).to.deep.equal([
        {
          id: d.id,
          code: 'PAY-2026-000001',
          branchId: w.branchId,
          resource: 'PAYMENT',
          action: 'RECEIVE',
          invoiceId: inv.id,
          paymentMethod: 'QR',
          reference: 'QR-778',
          amount: 30.1,
        },
        {
          id: (second.body as any).data.id,
          code: 'PAY-2026-000002',
          branchId: w.branchId,
          resource: 'PAYMENT',
          action: 'RECEIVE',
          invoiceId: inv.id,
          paymentMethod: 'CASH',
          reference: null,
          amount: 69.9,
        },
      ]);
      const row = await h.svc.database.knex('invoices').where({ id: inv.id }).first();
      expect(row).to.include({ status: 'PAID', payments_total: '100.00', refunds_total: '0.00' });
    });

    it('400 "Payment exceeds the amount due", 409 INVALID_STATE on PAID and VOIDED, nothing written', async () => {
      const w = await world();
      const inv = await invoice(w, 50, true);
      expectError(
        await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, { amount: 50.01, method: 'CASH' }),
        400,
        'Payment exceeds the amount due',
        'VALIDATION_ERROR',
      );
      expect(
        (await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, { amount: 50, method: 'CARD' })).status,
      ).to.equal(201);
      const paid = await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, { amount: 1, method: 'CASH' });
      expectError(paid, 409, 'Cannot record a payment on an invoice in status PAID', 'INVALID_STATE');
      const voided = await invoice(w, 10);
      expect(
        (await w.api.request('PATCH', `/billing/invoices/${voided.id}/void`, { reason: 'Cancelled' })).status,
      ).to.equal(200);
      expectError(
        await w.api.request('POST', `/billing/invoices/${voided.id}/payments`, { amount: 1, method: 'CASH' }),
        409,
        'Cannot record a payment on an invoice in status VOIDED',
        'INVALID_STATE',
      );
      // Refusals gave their numbers back.
      const numbers = await h.svc.database.knex('payments').where({ tenant_id: w.tenantId }).pluck('number');
      expect(numbers).to.deep.equal(['PAY-2026-000001']);
    });

    it('400 on bad input (amount, method, reference, unknown fields) and on a non-UUID id; 404 for a missing or foreign invoice', async () => {
      const [w, other] = [await world(), await world()];
      const inv = await invoice(w, 10);
      const cases: [object, string][] = [
        [{ amount: 0, method: 'CASH' }, 'amount must be a positive number'],
        [{ amount: 1.001, method: 'CASH' }, 'amount must have at most 2 decimal places'],
        [{ amount: '1', method: 'CASH' }, 'amount must be a positive number'],
        [{ amount: 1, method: 'CHEQUE' }, 'method must be one of the following values: CASH, CARD, QR, CREDIT'],
        [{ amount: 1 }, 'method is required'],
        [
          { amount: 1, method: 'CASH', reference: '' },
          'reference must be a non-empty string of at most 100 characters',
        ],
        [{ amount: 1, method: 'CASH', extra: true }, 'property extra should not exist'],
      ];
      for (const [body, message] of cases) {
        const r = await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, body as any);
        expect(r.status, JSON.stringify(body)).to.equal(400);
        expect((r.body as any).message, JSON.stringify(body)).to.equal(message);
      }
      expectError(
        await w.api.request('POST', '/billing/invoices/nope/payments', { amount: 1, method: 'CASH' }),
        400,
        'Invalid id parameter. Must be a valid UUID.',
      );
      for (const id of [MISSING, (await invoice(other, 10)).id]) {
        expectError(
          await w.api.request('POST', `/billing/invoices/${id}/payments`, { amount: 1, method: 'CASH' }),
          404,
          'Invoice not found',
          'NOT_FOUND',
        );
      }
      expect(await h.svc.database.knex('payments').where({ tenant_id: w.tenantId })).to.have.length(0);
      expect((await h.svc.database.knex('invoices').where({ id: inv.id }).first()).status).to.equal('DRAFT');
    });
  });

  describe('POST /billing/refunds', () => {
    it('refunds the amount paid on an APPROVED invoice: 201, RF- number, PROCESSED, billing.refund.processed', async () => {
      const w = await world();
      const inv = await invoice(w, 100);
      await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, { amount: 40, method: 'CARD' });
      const r = await w.api.request('POST', '/billing/refunds', {
        invoiceId: inv.id,
        amount: 15.25,
        reason: 'Damaged mug',
        method: 'CARD',
      });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      const d = (r.body as any).data;
      expect(d).to.deep.include({
        refundNumber: 'RF-2026-000001',
        invoiceId: inv.id,
        amount: 15.25,
        reason: 'Damaged mug',
        method: 'CARD',
        status: 'PROCESSED',
      });
      expect(d.id).to.match(UUID);
      expectError(
        await w.api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 24.76, reason: 'More' }),
        400,
        'Refund exceeds the refundable amount',
        'VALIDATION_ERROR',
      );
      const rest = await w.api.request('POST', '/billing/refunds', {
        invoiceId: inv.id,
        amount: 24.75,
        reason: 'The rest',
      });
      expect((rest.body as any).data).to.include({ refundNumber: 'RF-2026-000002', method: null });
      const detail = (await w.api.request('GET', `/billing/invoices/${inv.id}`)).body as any;
      expect(detail.data).to.include({ status: 'APPROVED', amountPaid: 0, amountDue: 100 });
      expect(await outbox(w.tenantId, 'billing.refund.processed')).to.deep.equal([
        {
          id: d.id,
          code: 'RF-2026-000001',
          branchId: w.branchId,
          resource: 'REFUND',
          action: 'PROCESS',
          invoiceId: inv.id,
          amount: 15.25,
        },
        {
          id: (rest.body as any).data.id,
          code: 'RF-2026-000002',
          branchId: w.branchId,
          resource: 'REFUND',
          action: 'PROCESS',
          invoiceId: inv.id,
          amount: 24.75,
        },
      ]);
    });

    it('on a PAID invoice only the overpayment an approved credit note left; on a VOIDED one what was paid', async () => {
      const w = await world();
      const inv = await invoice(w, 100);
      await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, { amount: 100, method: 'CASH' });
      expectError(
        await w.api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 0.01, reason: 'x' }),
        400,
        'Refund exceeds the refundable amount',
      );
      const note = await w.api.request('POST', '/billing/credit-notes', {
        invoiceId: inv.id,
        amount: 30,
        reason: 'Discount',
      });
      expect((await h.admin('POST', `/credit-notes/${(note.body as any).data.id}/approve`)).status).to.equal(200);
      expectError(
        await w.api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 30.01, reason: 'x' }),
        400,
        'Refund exceeds the refundable amount',
      );
      expect(
        (await w.api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 30, reason: 'Overpaid' })).status,
      ).to.equal(201);
      expect((await w.api.request('GET', `/billing/invoices/${inv.id}`)).body).to.deep.include({ success: true });
      expect(((await w.api.request('GET', `/billing/invoices/${inv.id}`)).body as any).data).to.include({
        status: 'PAID',
        netAmount: 70,
        amountPaid: 70,
        amountDue: 0,
      });

      const voided = await invoice(w, 20);
      await w.api.request('POST', `/billing/invoices/${voided.id}/payments`, { amount: 5, method: 'CASH' });
      expect(
        (await w.api.request('PATCH', `/billing/invoices/${voided.id}/void`, { reason: 'Cancelled' })).status,
      ).to.equal(200);
      expectError(
        await w.api.request('POST', '/billing/refunds', { invoiceId: voided.id, amount: 5.01, reason: 'x' }),
        400,
        'Refund exceeds the refundable amount',
      );
      expect(
        (await w.api.request('POST', '/billing/refunds', { invoiceId: voided.id, amount: 5, reason: 'Voided' })).status,
      ).to.equal(201);
    });

    it('409 INVALID_STATE on a DRAFT; 404 "Referenced invoice not found"; 400 on bad input', async () => {
      const [w, other] = [await world(), await world()];
      const inv = await invoice(w, 10);
      expectError(
        await w.api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 1, reason: 'x' }),
        409,
        'Cannot refund an invoice in status DRAFT',
        'INVALID_STATE',
      );
      for (const invoiceId of [MISSING, (await invoice(other, 10, true)).id]) {
        expectError(
          await w.api.request('POST', '/billing/refunds', { invoiceId, amount: 1, reason: 'x' }),
          404,
          'Referenced invoice not found',
          'NOT_FOUND',
        );
      }
      const bad: [object, string][] = [
        [{ invoiceId: 'x', amount: 1, reason: 'r' }, 'invoiceId must be a UUID'],
        [{ invoiceId: inv.id, amount: -1, reason: 'r' }, 'amount must be a positive number'],
        [{ invoiceId: inv.id, amount: 1, reason: ' ' }, 'reason must be a non-empty string of at most 500 characters'],
        [{ invoiceId: inv.id, amount: 1 }, 'reason is required'],
        [
          { invoiceId: inv.id, amount: 1, reason: 'r', method: 'GOLD' },
          'method must be one of the following values: CASH, CARD, QR, CREDIT',
        ],
      ];
      for (const [body, message] of bad) {
        const r = await w.api.request('POST', '/billing/refunds', body as any);
        expect(r.status, JSON.stringify(body)).to.equal(400);
        expect((r.body as any).message, JSON.stringify(body)).to.equal(message);
      }
      expect(await h.svc.database.knex('refunds').where({ tenant_id: w.tenantId })).to.have.length(0);
    });
  });

  describe('GET /billing/invoices/:id', () => {
    it('the invoice with items, amounts, payments, refunds, credit and debit notes', async () => {
      const w = await world();
      const created = await w.api.request('POST', '/billing/invoices', {
        customerId: w.customerId,
        paymentMethod: 'CREDIT',
        items: [
          { productId: w.productIds[0], quantity: 3, unitPrice: 19.99 },
          { productId: w.productIds[1], quantity: 0.5, unitPrice: 0.1 },
        ],
      });
      const inv = (created.body as any).data;
      const paid = (
        await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, {
          amount: 20,
          method: 'CARD',
          reference: 'slip 1',
        })
      ).body as any;
      const refunded = (
        await w.api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 5, reason: 'Chipped' })
      ).body as any;
      const credit = (
        await w.api.request('POST', '/billing/notes', { type: 'CREDIT', invoiceId: inv.id, amount: 2, reason: 'Promo' })
      ).body as any;
      const debit = (
        await w.api.request('POST', '/billing/notes', {
          type: 'DEBIT',
          invoiceId: inv.id,
          amount: 3.5,
          reason: 'Freight',
        })
      ).body as any;
      await h.admin('POST', `/debit-notes/${debit.data.id}/approve`);

      const r = await w.api.request('GET', `/billing/invoices/${inv.id}`);
      expect(r.status).to.equal(200);
      const d = (r.body as any).data;
      expect(d).to.deep.include({
        id: inv.id,
        billNumber: 'INV-2026-000001',
        status: 'APPROVED',
        customerId: w.customerId,
        paymentMethod: 'CREDIT',
        branchId: w.branchId,
        totalAmount: 60.02,
        netAmount: 63.52,
        amountPaid: 15,
        amountDue: 48.52,
        voidReason: null,
        voidedAt: null,
        approvedBy: null,
      });
      const untaxed = (amount: number) => ({ taxRate: 0, untaxedAmount: amount, taxAmount: 0, grossAmount: amount });
      expect(d.items).to.deep.equal([
        { productId: w.productIds[0], quantity: 3, unitPrice: 19.99, lineTotal: 59.97, ...untaxed(59.97) },
        { productId: w.productIds[1], quantity: 0.5, unitPrice: 0.1, lineTotal: 0.05, ...untaxed(0.05) },
      ]);
      expect(d.payments).to.deep.equal([
        {
          id: paid.data.id,
          number: 'PAY-2026-000001',
          amount: 20,
          status: 'RECEIVED',
          method: 'CARD',
          reference: 'slip 1',
          receivedAt: paid.data.receivedAt,
          recordedBy: null,
        },
      ]);
      expect(d.refunds).to.deep.equal([
        {
          id: refunded.data.id,
          number: 'RF-2026-000001',
          amount: 5,
          status: 'PROCESSED',
          reason: 'Chipped',
          method: null,
          createdAt: refunded.data.createdAt,
        },
      ]);
      expect(d.creditNotes).to.deep.equal([
        {
          id: credit.data.id,
          number: 'CN-2026-000001',
          amount: 2,
          taxAmount: 0,
          untaxedAmount: 2,
          status: 'DRAFT',
          createdAt: credit.data.createdAt,
        },
      ]);
      expect(d.debitNotes).to.deep.equal([
        {
          id: debit.data.id,
          number: 'DN-2026-000001',
          amount: 3.5,
          taxAmount: 0,
          untaxedAmount: 3.5,
          status: 'APPROVED',
          createdAt: debit.data.createdAt,
        },
      ]);
      expect(Date.parse(d.approvedAt)).to.be.closeTo(Date.now(), 60_000);
      expect(d).to.not.have.property('tenantId');
    });

    it('400 for a non-UUID id; 404 "Invoice not found" for a missing one and for another tenant\'s', async () => {
      const [w, other] = [await world(), await world()];
      expectError(
        await w.api.request('GET', '/billing/invoices/123'),
        400,
        'Invalid id parameter. Must be a valid UUID.',
      );
      for (const id of [MISSING, (await invoice(other)).id]) {
        expectError(await w.api.request('GET', `/billing/invoices/${id}`), 404, 'Invoice not found', 'NOT_FOUND');
      }
    });
  });

  describe('customers', () => {
    it('POST /billing/customers: 201 with every field, trimmed; the back office creates on the same schema', async () => {
      const w = await world();
      const r = await w.api.request('POST', '/billing/customers', {
        name: '  Cafe Aurora ',
        email: 'orders@aurora.example',
        phone: '+1 (555) 010-2030',
        taxId: 'VAT-123',
        address: '1 Main St, Springfield',
      });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      const d = (r.body as any).data;
      expect(d).to.deep.include({
        name: 'Cafe Aurora',
        email: 'orders@aurora.example',
        phone: '+1 (555) 010-2030',
        taxId: 'VAT-123',
        address: '1 Main St, Springfield',
      });
      expect(d.id).to.match(UUID);
      const row = await h.svc.database.knex('customers').where({ id: d.id }).first();
      expect(row).to.include({ tenant_id: w.tenantId, tax_id: 'VAT-123' });
      // The new customer can be billed at once.
      const inv = await w.api.request('POST', '/billing/invoices', {
        customerId: d.id,
        paymentMethod: 'CASH',
        items: [{ productId: w.productIds[0], quantity: 1, unitPrice: 1 }],
      });
      expect(inv.status).to.equal(201);
      const admin = await h.admin('POST', `/tenants/${w.tenantId}/customers`, {
        name: 'Bo',
        taxId: 'T-1',
        phone: '12 34',
      });
      expect(admin.status).to.equal(201);
      expect(admin.body.data).to.include({ name: 'Bo', taxId: 'T-1', phone: '12 34', email: null, address: null });
      expectError(
        await h.admin('POST', `/tenants/${w.tenantId}/customers`, { name: 'Bo', phone: 'call me' }),
        400,
        'phone must be 3 to 32 digits, spaces or "+()-"',
      );
    });

    it('400 for a bad email, phone, name, taxId or address; nothing written', async () => {
      const w = await world();
      const before = await h.svc.database.knex('customers').where({ tenant_id: w.tenantId });
      const cases: [object, string][] = [
        [{ name: 'A', email: 'not-an-email' }, 'email must be a valid email address'],
        [{ name: 'A', email: 'a@b' }, 'email must be a valid email address'],
        [{ name: 'A', phone: '12' }, 'phone must be 3 to 32 digits, spaces or "+()-"'],
        [{ name: 'A', phone: '1'.repeat(33) }, 'phone must be 3 to 32 digits, spaces or "+()-"'],
        [{ name: 'A', phone: '555-CALL' }, 'phone must be 3 to 32 digits, spaces or "+()-"'],
        [{ name: '' }, 'name should not be empty'],
        [{ name: 'x'.repeat(201) }, 'name must be shorter than or equal to 200 characters'],
        [{ name: '   ' }, 'name should not be empty'],
        [{ name: 'A', taxId: '' }, 'taxId must be a non-empty string of at most 64 characters'],
        [{ name: 'A', address: 'x'.repeat(501) }, 'address must be a non-empty string of at most 500 characters'],
        [{}, 'name is required'],
      ];
      for (const [body, message] of cases) {
        const r = await w.api.request('POST', '/billing/customers', body as any);
        expect(r.status, JSON.stringify(body)).to.equal(400);
        expect((r.body as any).message, JSON.stringify(body)).to.equal(message);
      }
      expect(await h.svc.database.knex('customers').where({ tenant_id: w.tenantId })).to.have.length(before.length);
    });

    it('GET /billing/customers: by name, searched case-insensitively in name, email or phone, paginated, own tenant only', async () => {
      const [w, other] = [await world(), await world()];
      await other.api.request('POST', '/billing/customers', { name: 'Zed Other Tenant', email: 'zed@aurora.example' });
      for (const body of [
        { name: 'Cafe Aurora', email: 'Orders@Aurora.example' },
        { name: 'Bistro 100%', phone: '+44 20 7946 0000' },
        { name: 'Deli_Bar', email: 'deli@example.com', phone: '555 0101' },
      ]) {
        expect((await w.api.request('POST', '/billing/customers', body)).status).to.equal(201);
      }
      const names = async (query: object) => {
        const r = await w.api.request('GET', withQuery('/billing/customers', query));
        expect(r.status, JSON.stringify(r.body)).to.equal(200);
        return { names: (r.body as any).data.map((c: any) => c.name), pagination: (r.body as any).pagination };
      };
      // The tenant's mother customer is "Ann".
      expect(await names({})).to.deep.equal({
        names: ['Ann', 'Bistro 100%', 'Cafe Aurora', 'Deli_Bar'],
        pagination: pagination(4, 1, 10),
      });
      expect((await names({ search: 'AURORA' })).names).to.deep.equal(['Cafe Aurora']);
      expect((await names({ search: '7946' })).names).to.deep.equal(['Bistro 100%']);
      expect((await names({ search: 'deli@' })).names).to.deep.equal(['Deli_Bar']);
      expect((await names({ search: '%' })).names).to.deep.equal(['Bistro 100%']);
      expect((await names({ search: '_' })).names).to.deep.equal(['Deli_Bar']);
      expect((await names({ search: 'zed' })).names).to.deep.equal([]);
      expect(await names({ page: 2, limit: 3 })).to.deep.equal({
        names: ['Deli_Bar'],
        pagination: pagination(4, 2, 3),
      });
      expectError(
        await w.api.request('GET', withQuery('/billing/customers', { limit: 101 })),
        400,
        'limit must not be greater than 100',
      );
      expectError(
        await w.api.request('GET', withQuery('/billing/customers', { page: 0 })),
        400,
        'page must not be less than 1',
      );
    });
  });

  describe('POST /billing/notes', () => {
    it('answers exactly what the per-type endpoint answers, plus type, from the same numbering and rules', async () => {
      const w = await world();
      const inv = await invoice(w, 100, true);
      const perType = (
        await w.api.request('POST', '/billing/credit-notes', { invoiceId: inv.id, amount: 10, reason: 'A' })
      ).body as any;
      const combined = await w.api.request('POST', '/billing/notes', {
        type: 'CREDIT',
        invoiceId: inv.id,
        amount: 10,
        reason: 'A',
      });
      expect(combined.status).to.equal(201);
      const c = (combined.body as any).data;
      expect(Object.keys(c).sort()).to.deep.equal([...Object.keys(perType.data), 'type'].sort());
      expect(c).to.include({ type: 'CREDIT', creditNoteNumber: 'CN-2026-000002', amount: 10, status: 'DRAFT' });
      const { id: _a, creditNoteNumber: _b, createdAt: _c, updatedAt: _d, type: _e, ...rest } = c;
      const { id: _f, creditNoteNumber: _g, createdAt: _h, updatedAt: _i, ...restPerType } = perType.data;
      expect(rest).to.deep.equal(restPerType);

      const debit = await w.api.request('POST', '/billing/notes', {
        type: 'DEBIT',
        invoiceId: inv.id,
        amount: 4.2,
        reason: 'Freight',
      });
      expect(debit.status).to.equal(201);
      expect((debit.body as any).data).to.include({ type: 'DEBIT', debitNoteNumber: 'DN-2026-000001', amount: 4.2 });
      expect((debit.body as any).data).to.not.have.property('creditNoteNumber');

      // The same rules: the balance (100 − 20 of DRAFT credits) and the referenced invoice.
      expectError(
        await w.api.request('POST', '/billing/notes', {
          type: 'CREDIT',
          invoiceId: inv.id,
          amount: 80.01,
          reason: 'B',
        }),
        400,
        'Credit note amount exceeds invoice balance',
      );
      expectError(
        await w.api.request('POST', '/billing/notes', { type: 'DEBIT', invoiceId: MISSING, amount: 1, reason: 'B' }),
        404,
        'Referenced invoice not found',
      );
      expectError(
        await w.api.request('POST', '/billing/notes', {
          type: 'REFUND' as any,
          invoiceId: inv.id,
          amount: 1,
          reason: 'B',
        }),
        400,
        'type must be one of the following values: CREDIT, DEBIT',
      );
      expectError(
        await w.api.request('POST', '/billing/notes', { invoiceId: inv.id, amount: 1, reason: 'B' }),
        400,
        'type is required',
      );
    });
  });

  describe('roles and the back office', () => {
    it('BILLING and ADMIN may call every new route; READ_ONLY only reads; INVENTORY and LOGISTICS nothing', async () => {
      const w = await world();
      const inv = await invoice(w, 100, true);
      const calls = (api: ExternalApiClient) => ({
        getInvoice: () => api.request('GET', `/billing/invoices/${inv.id}`),
        listCustomers: () => api.request('GET', '/billing/customers'),
        recordPayment: () => api.request('POST', `/billing/invoices/${inv.id}/payments`, { amount: 1, method: 'CASH' }),
        createRefund: () => api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 0.5, reason: 'r' }),
        createCustomer: () => api.request('POST', '/billing/customers', { name: 'X' }),
        createNote: () =>
          api.request('POST', '/billing/notes', { type: 'DEBIT', invoiceId: inv.id, amount: 1, reason: 'r' }),
      });
      const reads = ['getInvoice', 'listCustomers'];
      for (const role of ['ADMIN', 'BILLING', 'READ_ONLY', 'INVENTORY', 'LOGISTICS']) {
        const api = clientFor(h.svc.baseUrl, await createIntegration(h.svc.baseUrl, w, { role }));
        for (const [name, send] of Object.entries(calls(api))) {
          const allowed = role === 'ADMIN' || role === 'BILLING' || (role === 'READ_ONLY' && reads.includes(name));
          const r = await send();
          if (allowed) expect(r.status, `${role} ${name}`).to.be.oneOf([200, 201]);
          else expectError(r, 403, (r.body as any).message, 'FORBIDDEN');
        }
      }
    });

    it("the back office reads an invoice's payments and refunds and records a payment (attributed to the invoice)", async () => {
      const w = await world();
      const inv = await invoice(w, 100);
      const recorded = await h.admin('POST', `/invoices/${inv.id}/payments`, {
        amount: 60,
        method: 'CASH',
        reference: 'till 2',
      });
      expect(recorded.status, JSON.stringify(recorded.body)).to.equal(201);
      expect(recorded.body.data).to.include({
        paymentNumber: 'PAY-2026-000001',
        invoiceStatus: 'APPROVED',
        amountDue: 40,
        branchId: w.branchId,
      });
      await w.api.request('POST', `/billing/invoices/${inv.id}/payments`, { amount: 40, method: 'CARD' });
      await w.api
        .request('POST', '/billing/notes', { type: 'CREDIT', invoiceId: inv.id, amount: 10, reason: 'r' })
        .then((r) => h.admin('POST', `/credit-notes/${(r.body as any).data.id}/approve`));
      await w.api.request('POST', '/billing/refunds', { invoiceId: inv.id, amount: 10, reason: 'Overpaid' });

      const payments = await h.admin('GET', `/invoices/${inv.id}/payments`);
      expect(payments.status).to.equal(200);
      expect(payments.body.data.map((p: any) => [p.paymentNumber, p.amount, p.method])).to.deep.equal([
        ['PAY-2026-000002', 40, 'CARD'],
        ['PAY-2026-000001', 60, 'CASH'],
      ]);
      expect(payments.body.pagination).to.deep.equal(pagination(2, 1, 10));
      const page2 = await h.admin('GET', `/invoices/${inv.id}/payments?limit=1&page=2`);
      expect(page2.body.data.map((p: any) => p.paymentNumber)).to.deep.equal(['PAY-2026-000001']);
      const refunds = await h.admin('GET', `/invoices/${inv.id}/refunds`);
      expect(refunds.body.data).to.have.length(1);
      expect(refunds.body.data[0]).to.include({ refundNumber: 'RF-2026-000001', amount: 10, status: 'PROCESSED' });
      for (const path of [`/invoices/${MISSING}/payments`, `/invoices/${MISSING}/refunds`]) {
        expectError(await h.admin('GET', path), 404, 'Invoice not found');
      }
      expectError(
        await h.admin('POST', `/invoices/${MISSING}/payments`, { amount: 1, method: 'CASH' }),
        404,
        'Invoice not found',
      );
      expectError(
        await h.admin('POST', `/invoices/${inv.id}/payments`, { amount: 1, method: 'CASH' }),
        409,
        'Cannot record a payment on an invoice in status PAID',
      );
    });
  });
});
