import { expect } from 'chai';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';
import { pagination } from '../support/envelope.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

describe('e2e: external billing routes through the signing client (real gate, real database)', () => {
  let h: ServiceHarness;
  let n = 0;
  before(async () => {
    h = await startServiceHarness();
  });
  after(async () => {
    await h.stop();
  });

  async function tenant(): Promise<BillingTenant> {
    n += 1;
    return createBillingTenant(h.svc.baseUrl, `Tenant ${n}`);
  }

  async function createInvoice(t: BillingTenant, items?: unknown[], paymentMethod = 'CASH') {
    const r = await h.external(t.caller, 'POST', '/billing/invoices', {
      customerId: t.customerId,
      paymentMethod,
      items: items ?? [{ productId: t.productIds[0], quantity: 1, unitPrice: 100 }],
    });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    return r.body.data;
  }

  async function approvedInvoice(t: BillingTenant, total = 100) {
    const inv = await createInvoice(t, [{ productId: t.productIds[0], quantity: 1, unitPrice: total }]);
    const r = await h.admin('POST', `/invoices/${inv.id}/approve`);
    expect(r.status, JSON.stringify(r.body)).to.equal(200);
    return r.body.data;
  }

  function expectError(r: { status: number; body: any }, status: number, message: string, code?: string) {
    expect(r.status, JSON.stringify(r.body)).to.equal(status);
    expect(r.body).to.include({ success: false, status, message });
    if (code) expect(r.body.code).to.equal(code);
  }

  it('answers 401 without an authenticated caller (stand-in for the real middleware)', async () => {
    const r = await h.external(null, 'GET', '/billing/invoices');
    expectError(r, 401, 'Invalid or inactive Client ID or API Key.', 'INVALID_OR_INACTIVE_CLIENT_ID');
  });

  describe('POST /billing/invoices', () => {
    it('creates a DRAFT invoice: 201 with billNumber, exact totals, items and attribution', async () => {
      const t = await tenant();
      const r = await h.external(t.caller, 'POST', '/billing/invoices', {
        customerId: t.customerId,
        paymentMethod: 'CARD',
        items: [
          { productId: t.productIds[0], quantity: 3, unitPrice: 19.99 },
          { productId: t.productIds[1], quantity: 1, unitPrice: 0.1 },
          { productId: t.productIds[1], quantity: 2, unitPrice: 0.1 },
        ],
      });
      expect(r.status).to.equal(201);
      expect(r.body.success).to.equal(true);
      const d = r.body.data;
      expect(d).to.include({
        billNumber: 'INV-2026-000001',
        status: 'DRAFT',
        totalAmount: 60.27,
        netAmount: 60.27,
        amountPaid: 0,
        amountDue: 60.27,
        customerId: t.customerId,
        paymentMethod: 'CARD',
        branchId: t.branchId,
        fiscalYearId: t.fiscalYearId,
      });
      expect(d.id).to.match(/^[0-9a-f-]{36}$/);
      expect(Date.parse(d.createdAt)).to.be.closeTo(Date.now(), 60_000);
      expect(d).to.not.have.property('tenantId');
      // The mothers' products are untaxed (rate 0): every amount is the line total.
      const untaxed = (amount: number) => ({ taxRate: 0, untaxedAmount: amount, taxAmount: 0, grossAmount: amount });
      expect(d.items).to.deep.equal([
        { productId: t.productIds[0], quantity: 3, unitPrice: 19.99, lineTotal: 59.97, ...untaxed(59.97) },
        { productId: t.productIds[1], quantity: 1, unitPrice: 0.1, lineTotal: 0.1, ...untaxed(0.1) },
        { productId: t.productIds[1], quantity: 2, unitPrice: 0.1, lineTotal: 0.2, ...untaxed(0.2) },
      ]);
      expect(d).to.include({ subtotal: 60.27, taxAmount: 0 });
      expect(d.taxBreakdown).to.deep.equal([{ taxRate: 0, untaxedAmount: 60.27, taxAmount: 0 }]);
      const row = await h.svc.database.knex('invoices').where({ id: d.id }).first();
      expect(row).to.include({ tenant_id: t.tenantId, total_amount: '60.27', status: 'DRAFT' });
      expect(await h.svc.database.knex('invoice_lines').where({ invoice_id: d.id })).to.have.length(3);
      expect((await createInvoice(t)).billNumber).to.equal('INV-2026-000002');
    });

    it("404 'Customer not found' for a missing customer and for another tenant's", async () => {
      const [a, b] = [await tenant(), await tenant()];
      for (const customerId of [MISSING, b.customerId]) {
        const r = await h.external(a.caller, 'POST', '/billing/invoices', {
          customerId,
          paymentMethod: 'CASH',
          items: [{ productId: a.productIds[0], quantity: 1, unitPrice: 1 }],
        });
        expectError(r, 404, 'Customer not found', 'NOT_FOUND');
      }
    });

    it("400 'Row N: Items quantity must be a positive number' and the other item problems", async () => {
      const t = await tenant();
      const body = (items: unknown) => ({ customerId: t.customerId, paymentMethod: 'CASH', items });
      const p = t.productIds[0];
      const r = await h.external(
        t.caller,
        'POST',
        '/billing/invoices',
        body([
          { productId: p, quantity: 1, unitPrice: 1 },
          { productId: p, quantity: 0, unitPrice: 1 },
        ]),
      );
      expectError(r, 400, 'Row 2: Items quantity must be a positive number', 'VALIDATION_ERROR');
      const many = await h.external(
        t.caller,
        'POST',
        '/billing/invoices',
        body([
          { productId: p, quantity: -1, unitPrice: 1 },
          { productId: p, quantity: '2', unitPrice: 1 },
          { productId: p, quantity: 1.0005, unitPrice: -1 },
          { productId: 'x', quantity: 1, unitPrice: 1.001 },
        ]),
      );
      expect(many.status).to.equal(400);
      expect(many.body.details.map((d: { issue: string }) => d.issue)).to.deep.equal([
        'Row 1: Items quantity must be a positive number',
        'Row 2: Items quantity must be a positive number',
        'Row 3: Items quantity must have at most 3 decimal places',
        'Row 3: Items unitPrice must not be less than 0',
        'Row 4: Items productId must be a UUID',
        'Row 4: Items unitPrice must have at most 2 decimal places',
      ]);
      expectError(
        await h.external(t.caller, 'POST', '/billing/invoices', body([])),
        400,
        'items must contain at least 1 item',
      );
      const tooMany = Array.from({ length: 501 }, () => ({ productId: p, quantity: 1, unitPrice: 1 }));
      expectError(
        await h.external(t.caller, 'POST', '/billing/invoices', body(tooMany)),
        400,
        'items must contain no more than 500 items',
      );
      expectError(
        await h.external(t.caller, 'POST', '/billing/invoices', {
          ...body([{ productId: p, quantity: 1, unitPrice: 1 }]),
          paymentMethod: 'CHEQUE',
        }),
        400,
        'paymentMethod must be one of the following values: CASH, CARD, QR, CREDIT',
      );
      expectError(
        await h.external(t.caller, 'POST', '/billing/invoices', {
          ...body([{ productId: p, quantity: 1, unitPrice: 1 }]),
          extra: 1,
        }),
        400,
        'property extra should not exist',
      );
      expectError(
        await h.external(t.caller, 'POST', '/billing/invoices', body([{ productId: p, quantity: 1, unitPrice: 1e13 }])),
        400,
        'Row 1: Items unitPrice must not be greater than 999999999999.99',
      );
      expectError(
        await h.external(
          t.caller,
          'POST',
          '/billing/invoices',
          body([{ productId: p, quantity: 99999999999, unitPrice: 999999999999 }]),
        ),
        400,
        'Row 1: Items line total must not be greater than 999999999999.99',
      );
      expect(await h.svc.database.knex('invoices').where({ tenant_id: t.tenantId })).to.have.length(0);
    });

    it("404 'Row N: Product not found' for a missing product or another tenant's", async () => {
      const [a, b] = [await tenant(), await tenant()];
      for (const productId of [MISSING, b.productIds[0]]) {
        const r = await h.external(a.caller, 'POST', '/billing/invoices', {
          customerId: a.customerId,
          paymentMethod: 'CASH',
          items: [
            { productId: a.productIds[0], quantity: 1, unitPrice: 1 },
            { productId: a.productIds[1], quantity: 1, unitPrice: 1 },
            { productId, quantity: 1, unitPrice: 1 },
          ],
        });
        expectError(r, 404, 'Row 3: Product not found', 'NOT_FOUND');
      }
      // A refused invoice consumes no number.
      expect((await createInvoice(a)).billNumber).to.equal('INV-2026-000001');
    });
  });

  describe('GET /billing/invoices', () => {
    it('lists the caller tenant only, newest first, paginated, with the list fields', async () => {
      const [a, b] = [await tenant(), await tenant()];
      const first = await createInvoice(a);
      const second = await approvedInvoice(a, 20);
      const third = await createInvoice(a, [{ productId: a.productIds[1], quantity: 2, unitPrice: 1.25 }], 'QR');
      await createInvoice(b);
      const r = await h.external(a.caller, 'GET', '/billing/invoices');
      expect(r.status).to.equal(200);
      expect(r.body.pagination).to.deep.equal(pagination(3, 1, 10));
      expect(r.body.data.map((i: { id: string }) => i.id)).to.deep.equal([third.id, second.id, first.id]);
      expect(r.body.data[0]).to.deep.equal({
        id: third.id,
        billNumber: third.billNumber,
        subtotal: 2.5,
        taxAmount: 0,
        totalAmount: 2.5,
        status: 'DRAFT',
        customerId: a.customerId,
        paymentMethod: 'QR',
        branchId: a.branchId,
        netAmount: 2.5,
        amountPaid: 0,
        amountDue: 2.5,
        createdAt: third.createdAt,
      });
      const page2 = await h.external(a.caller, 'GET', '/billing/invoices?page=2&limit=2&unknown=1');
      expect(page2.body.pagination).to.deep.equal(pagination(3, 2, 2));
      expect(page2.body.data.map((i: { id: string }) => i.id)).to.deep.equal([first.id]);
      const approved = await h.external(a.caller, 'GET', '/billing/invoices?status=APPROVED');
      expect(approved.body.data.map((i: { id: string }) => i.id)).to.deep.equal([second.id]);
      expect(approved.body.data[0]).to.include({ status: 'APPROVED', totalAmount: 20 });
    });

    it('filters on creation time: fromDate inclusive, toDate exclusive, dates or date-times', async () => {
      const t = await tenant();
      const inv = await createInvoice(t);
      const at = inv.createdAt as string;
      const day = at.slice(0, 10);
      const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const ids = async (q: string) =>
        (await h.external(t.caller, 'GET', `/billing/invoices?${q}`)).body.data.map((i: { id: string }) => i.id);
      expect(await ids(`fromDate=${encodeURIComponent(at)}`)).to.deep.equal([inv.id]);
      expect(await ids(`toDate=${encodeURIComponent(at)}`)).to.deep.equal([]);
      expect(await ids(`fromDate=${day}&toDate=${nextDay}`)).to.deep.equal([inv.id]);
      expect(await ids(`fromDate=${nextDay}`)).to.deep.equal([]);
      const offset = `${day}T23:59:59.999+14:00`; // earlier instant than the end of the UTC day
      expect(
        (await h.external(t.caller, 'GET', `/billing/invoices?toDate=${encodeURIComponent(offset)}`)).status,
      ).to.equal(200);
    });

    it("400 'fromDate must be prior to toDate' when equal or reversed, and the other query errors", async () => {
      const t = await tenant();
      for (const q of ['fromDate=2026-03-01&toDate=2026-03-01', 'fromDate=2026-03-02&toDate=2026-03-01T12:00:00Z']) {
        expectError(
          await h.external(t.caller, 'GET', `/billing/invoices?${q}`),
          400,
          'fromDate must be prior to toDate',
          'VALIDATION_ERROR',
        );
      }
      expectError(
        await h.external(t.caller, 'GET', '/billing/invoices?status=OPEN'),
        400,
        'status must be one of the following values: DRAFT, APPROVED, PAID, VOIDED',
      );
      expectError(
        await h.external(t.caller, 'GET', '/billing/invoices?limit=101'),
        400,
        'limit must not be greater than 100',
      );
      expectError(await h.external(t.caller, 'GET', '/billing/invoices?limit=0'), 400, 'limit must not be less than 1');
      expectError(await h.external(t.caller, 'GET', '/billing/invoices?page=0'), 400, 'page must not be less than 1');
      expectError(await h.external(t.caller, 'GET', '/billing/invoices?page=x'), 400, 'page must be an integer number');
      for (const bad of ['yesterday', '2026-02-30', '2026-03-01T10:00:00', '2026-12-31T23:59:60Z']) {
        expectError(
          await h.external(t.caller, 'GET', `/billing/invoices?fromDate=${bad}`),
          400,
          'fromDate must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone',
        );
      }
    });
  });

  describe('PATCH /billing/invoices/:id/void', () => {
    it('voids: 200 with VOIDED, and one billing.invoice.voided in the outbox', async () => {
      const t = await tenant();
      const inv = await approvedInvoice(t);
      const r = await h.external(t.caller, 'PATCH', `/billing/invoices/${inv.id}/void`, {
        reason: 'Customer cancelled',
      });
      expect(r.status).to.equal(200);
      expect(r.body.data).to.include({
        id: inv.id,
        billNumber: inv.billNumber,
        status: 'VOIDED',
        voidReason: 'Customer cancelled',
      });
      const events = await h.svc.database
        .knex('outbox_events')
        .where({ tenant_id: t.tenantId, event_name: 'billing.invoice.voided' });
      expect(events).to.have.length(1);
      const { timestamp, ...payload } = events[0].payload;
      expect(payload).to.deep.equal({
        id: inv.id,
        code: inv.billNumber,
        branchId: t.branchId,
        resource: 'INVOICE',
        action: 'VOID',
      });
      expect(timestamp).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it("409 'Invoice is already voided' the second time; 409 INVALID_STATE for a PAID invoice", async () => {
      const t = await tenant();
      const inv = await createInvoice(t);
      expect(
        (await h.external(t.caller, 'PATCH', `/billing/invoices/${inv.id}/void`, { reason: 'x' })).status,
      ).to.equal(200);
      expectError(
        await h.external(t.caller, 'PATCH', `/billing/invoices/${inv.id}/void`, { reason: 'x' }),
        409,
        'Invoice is already voided',
        'CONFLICT',
      );
      const free = await approvedInvoice(t, 0); // nothing due: PAID on approval
      expect(free.status).to.equal('PAID');
      const paid = await h.external(t.caller, 'PATCH', `/billing/invoices/${free.id}/void`, { reason: 'x' });
      expectError(paid, 409, 'Cannot void an invoice in status PAID', 'INVALID_STATE');
    });

    it("400 'Invalid id parameter. Must be a valid UUID.'; 404 'Invoice not found' (also another tenant's); reason required", async () => {
      const [a, b] = [await tenant(), await tenant()];
      expectError(
        await h.external(a.caller, 'PATCH', '/billing/invoices/123/void', { reason: 'x' }),
        400,
        'Invalid id parameter. Must be a valid UUID.',
        'VALIDATION_ERROR',
      );
      const ofB = await createInvoice(b);
      for (const id of [MISSING, ofB.id]) {
        expectError(
          await h.external(a.caller, 'PATCH', `/billing/invoices/${id}/void`, { reason: 'x' }),
          404,
          'Invoice not found',
          'NOT_FOUND',
        );
      }
      expectError(
        await h.external(b.caller, 'PATCH', `/billing/invoices/${ofB.id}/void`, {}),
        400,
        'reason is required',
      );
      expectError(
        await h.external(b.caller, 'PATCH', `/billing/invoices/${ofB.id}/void`, { reason: '   ' }),
        400,
        'reason must be a non-empty string of at most 500 characters',
      );
      const row = await h.svc.database.knex('invoices').where({ id: ofB.id }).first();
      expect(row.status).to.equal('DRAFT');
    });
  });

  describe('credit notes', () => {
    it('POST creates a DRAFT credit note: 201 { id, creditNoteNumber, amount, status, invoiceId, reason }', async () => {
      const t = await tenant();
      const inv = await approvedInvoice(t, 100);
      const r = await h.external(t.caller, 'POST', '/billing/credit-notes', {
        invoiceId: inv.id,
        amount: 25.5,
        reason: 'Damaged',
      });
      expect(r.status).to.equal(201);
      expect(r.body.data).to.include({
        creditNoteNumber: 'CN-2026-000001',
        amount: 25.5,
        status: 'DRAFT',
        invoiceId: inv.id,
        reason: 'Damaged',
        branchId: t.branchId,
      });
      const list = await h.external(t.caller, 'GET', '/billing/credit-notes');
      expect(list.status).to.equal(200);
      expect(list.body.pagination).to.deep.equal(pagination(1, 1, 10));
      expect(list.body.data[0]).to.include({
        id: r.body.data.id,
        creditNoteNumber: 'CN-2026-000001',
        amount: 25.5,
        status: 'DRAFT',
        invoiceId: inv.id,
        reason: 'Damaged',
      });
      expect(list.body.data[0].createdAt).to.be.a('string');
    });

    it("400 'Credit note amount exceeds invoice balance' (netAmount minus DRAFT credit notes)", async () => {
      const t = await tenant();
      const inv = await approvedInvoice(t, 100);
      const post = (amount: number) =>
        h.external(t.caller, 'POST', '/billing/credit-notes', { invoiceId: inv.id, amount, reason: 'r' });
      expect((await post(70)).status).to.equal(201);
      expectError(await post(30.01), 400, 'Credit note amount exceeds invoice balance', 'VALIDATION_ERROR');
      expect((await post(30)).status).to.equal(201);
      expectError(await post(0.01), 400, 'Credit note amount exceeds invoice balance');
    });

    it("404 'Referenced invoice not found'; 409 INVALID_STATE for a DRAFT or VOIDED invoice; 400 for bad bodies", async () => {
      const [a, b] = [await tenant(), await tenant()];
      const ofB = await approvedInvoice(b);
      for (const invoiceId of [MISSING, ofB.id]) {
        expectError(
          await h.external(a.caller, 'POST', '/billing/credit-notes', { invoiceId, amount: 1, reason: 'r' }),
          404,
          'Referenced invoice not found',
          'NOT_FOUND',
        );
      }
      const draft = await createInvoice(a);
      const r = await h.external(a.caller, 'POST', '/billing/credit-notes', {
        invoiceId: draft.id,
        amount: 1,
        reason: 'r',
      });
      expect(r.status).to.equal(409);
      expect(r.body.code).to.equal('INVALID_STATE');
      await h.external(a.caller, 'PATCH', `/billing/invoices/${draft.id}/void`, { reason: 'x' });
      expect(
        (await h.external(a.caller, 'POST', '/billing/credit-notes', { invoiceId: draft.id, amount: 1, reason: 'r' }))
          .status,
      ).to.equal(409);
      expectError(
        await h.external(a.caller, 'POST', '/billing/credit-notes', { invoiceId: draft.id, amount: 0, reason: 'r' }),
        400,
        'amount must be a positive number',
      );
      expectError(
        await h.external(a.caller, 'POST', '/billing/credit-notes', {
          invoiceId: draft.id,
          amount: 1.001,
          reason: 'r',
        }),
        400,
        'amount must have at most 2 decimal places',
      );
      expectError(
        await h.external(a.caller, 'POST', '/billing/credit-notes', { invoiceId: 'x', amount: 1, reason: 'r' }),
        400,
        'invoiceId must be a UUID',
      );
      expectError(
        await h.external(a.caller, 'POST', '/billing/credit-notes', { invoiceId: draft.id, amount: 1 }),
        400,
        'reason is required',
      );
      expectError(
        await h.external(a.caller, 'GET', '/billing/credit-notes?limit=101'),
        400,
        'limit must not be greater than 100',
      );
    });
  });

  describe('debit notes', () => {
    it('POST creates a DRAFT debit note: 201 { id, debitNoteNumber, amount, status, invoiceId, reason }; GET lists them', async () => {
      const [a, b] = [await tenant(), await tenant()];
      const inv = await approvedInvoice(a, 10);
      const r = await h.external(a.caller, 'POST', '/billing/debit-notes', {
        invoiceId: inv.id,
        amount: 500,
        reason: 'Shipping',
      });
      expect(r.status).to.equal(201);
      expect(r.body.data).to.include({
        debitNoteNumber: 'DN-2026-000001',
        amount: 500,
        status: 'DRAFT',
        invoiceId: inv.id,
        reason: 'Shipping',
      });
      expect(r.body.data).to.not.have.property('creditNoteNumber');
      const list = await h.external(a.caller, 'GET', '/billing/debit-notes?page=1&limit=5');
      expect(list.body.pagination).to.deep.equal(pagination(1, 1, 5));
      expect(list.body.data[0]).to.include({
        id: r.body.data.id,
        debitNoteNumber: 'DN-2026-000001',
        amount: 500,
        status: 'DRAFT',
      });
      expect((await h.external(b.caller, 'GET', '/billing/debit-notes')).body.data).to.deep.equal([]);
    });

    it("404 'Referenced invoice not found'; 409 INVALID_STATE unless the invoice is APPROVED", async () => {
      const [a, b] = [await tenant(), await tenant()];
      const ofB = await approvedInvoice(b);
      for (const invoiceId of [MISSING, ofB.id]) {
        expectError(
          await h.external(a.caller, 'POST', '/billing/debit-notes', { invoiceId, amount: 1, reason: 'r' }),
          404,
          'Referenced invoice not found',
        );
      }
      const draft = await createInvoice(a);
      const paid = await approvedInvoice(a, 0);
      for (const invoiceId of [draft.id, paid.id]) {
        const r = await h.external(a.caller, 'POST', '/billing/debit-notes', { invoiceId, amount: 1, reason: 'r' });
        expect(r.status).to.equal(409);
        expect(r.body.code).to.equal('INVALID_STATE');
      }
    });
  });
});
