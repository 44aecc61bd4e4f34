import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { invoiceView } from '../../../src/adapters/shared/billing-views.js';
import type { KeyedWrite } from '../../../src/application/ports/gateway-ports.js';
import { IdempotencyKeyInUse } from '../../../src/domain/access/gateway.js';
import { CustomerNotFound, DuplicateDocumentNumber } from '../../../src/domain/billing/errors.js';
import { FiscalYearNotFound } from '../../../src/domain/organization/errors.js';
import { Invoice } from '../../../src/domain/billing/invoice.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { billingWorld, type BillingIds } from '../../support/billing-world.js';
import { pricingOf } from '../../support/pricing.js';

describe('billing repositories (real database)', () => {
  let db: Database;
  let uow: KnexUnitOfWork;
  let newInvoice: Awaited<ReturnType<typeof billingWorld>>['newInvoice'];
  let tenantId: string, branchId: string, fiscalYearId: string, customerId: string, productId: string;
  const now = new Date('2026-03-01T10:00:00.123Z');

  before(async () => {
    let ids: BillingIds;
    ({ db, uow, ids, newInvoice } = await billingWorld(now));
    ({ tenantId, branchId, fiscalYearId, customerId, productId } = ids);
  });

  const lastNumber = async () =>
    (await db.knex('document_sequences').where({ tenant_id: tenantId, kind: 'INV' }).first('last_value'))?.last_value ??
    0;
  const invoiceCount = async () => Number((await db.knex('invoices').count({ n: '*' }).first())!.n);

  it('stores an invoice with its lines and rebuilds it exactly', async () => {
    const inv = newInvoice([
      { productId, quantity: 3, unitPrice: 19.99 },
      { productId, quantity: 1.255, unitPrice: 0.1 },
      { productId, quantity: 2, unitPrice: 0.1 },
    ]);
    await uow.run((r) => r.invoices.add(inv));
    const loaded = await uow.read((r) => r.invoices.findById(tenantId, inv.id));
    expect(invoiceView(loaded!)).to.deep.equal(invoiceView(inv));
    expect(invoiceView(loaded!).totalAmount).to.equal(60.3);
    expect(loaded!.pullEvents()).to.deep.equal([]);
    expect(await uow.read((r) => r.invoices.findById(randomUUID(), inv.id))).to.equal(null);
    expect((await uow.read((r) => r.invoices.findByIdAcrossTenants(inv.id)))!.id).to.equal(inv.id);
  });

  it('stores what the domain computed of a taxed invoice and its note, rebuilds it exactly and lists its totals', async () => {
    const at = new Date('2026-02-01T00:00:00Z');
    const inv = Invoice.create(
      { id: randomUUID(), tenantId, branchId, fiscalYearId },
      {
        customerId,
        paymentMethod: 'CARD',
        items: [
          { productId, quantity: 1, unitPrice: 113 },
          { productId, quantity: 1, unitPrice: 10, taxRate: 19 },
          { productId, quantity: 2, unitPrice: 10.55, taxRate: 5.5 },
        ],
      },
      pricingOf({ [productId]: 13 }, true),
      at,
    );
    inv.approve(at, 'approver@example.com');
    await uow.run((r) => r.invoices.add(inv));
    const loaded = (await uow.read((r) => r.invoices.findById(tenantId, inv.id)))!;
    expect(invoiceView(loaded)).to.deep.equal(invoiceView(inv));
    expect(invoiceView(loaded)).to.include({ subtotal: 128.4, taxAmount: 15.7, totalAmount: 144.1 });
    const lines = await db.knex('invoice_lines').where({ invoice_id: inv.id }).orderBy('line_no');
    expect(lines.map((l) => [l.tax_rate, l.line_total, l.untaxed_amount, l.tax_amount, l.gross_amount])).to.deep.equal([
      ['13.00', '113.00', '100.00', '13.00', '113.00'],
      ['19.00', '10.00', '8.40', '1.60', '10.00'],
      ['5.50', '21.10', '20.00', '1.10', '21.10'],
    ]);
    const note = await uow.run(async (r) => {
      const locked = (await r.invoices.findById(tenantId, inv.id, { forUpdate: true }))!;
      const n = locked.issueNote(
        'DEBIT',
        { id: randomUUID(), number: 'DN-2026-000800', amount: 14.41, reason: 'r', branchId, fiscalYearId },
        at,
      );
      await r.debitNotes.add(n);
      return n;
    });
    const stored = (await uow.read((r) => r.debitNotes.findById(tenantId, note.id)))!.state();
    // 14.41 × 15.70 / 144.10 = 1.57
    expect([stored.amount, stored.taxAmount, stored.untaxedAmount].map(String)).to.deep.equal([
      '14.41',
      '1.57',
      '12.84',
    ]);
    const toDate = new Date('2026-02-02T00:00:00Z');
    const page = await uow.read((r) => r.invoices.list(tenantId, { page: 1, limit: 10, fromDate: at, toDate }));
    const listed = page.items.map((i) => [i.subtotal, i.taxAmount, i.totalAmount].map(String));
    expect(listed).to.deep.equal([['128.40', '15.70', '144.10']]);
  });

  it("reads the tenant's pricing mode and its products' current rates in one statement", async () => {
    const k = db.knex;
    await k('products').where({ id: productId }).update({ tax_rate: '7.25' });
    await k('tenants').where({ id: tenantId }).update({ prices_include_tax: true });
    try {
      const pricing = await uow.read((r) => r.invoices.findPricing(tenantId, [productId, productId, randomUUID()]));
      expect(pricing.pricesIncludeTax).to.equal(true);
      expect([...pricing.productTaxRates].map(([id, rate]) => [id, rate.toString()])).to.deep.equal([
        [productId, '7.25'],
      ]);
      const elsewhere = await uow.read((r) => r.invoices.findPricing(randomUUID(), [productId]).catch((e: Error) => e));
      expect(elsewhere).to.be.instanceOf(Error);
    } finally {
      await k('products').where({ id: productId }).update({ tax_rate: '0' });
      await k('tenants').where({ id: tenantId }).update({ prices_include_tax: false });
    }
  });

  it('computes note totals from the notes on every load, and in list rows, counting each status as the domain does', async () => {
    const inv = newInvoice([{ productId, quantity: 1, unitPrice: 100 }], new Date('2026-03-05T00:00:00Z'));
    inv.approve(now, 'approver@example.com');
    await uow.run((r) => r.invoices.add(inv));
    const inMemory = await uow.run(async (r) => {
      const locked = (await r.invoices.findById(tenantId, inv.id, { forUpdate: true }))!;
      const input = (number: string, amount: number) => ({
        id: randomUUID(),
        number,
        amount,
        reason: 'r',
        branchId,
        fiscalYearId,
      });
      const credit = locked.issueNote('CREDIT', input('CN-2026-000001', 30), now);
      const pending = locked.issueNote('CREDIT', input('CN-2026-000002', 15), now);
      const voided = locked.issueNote('CREDIT', input('CN-2026-000003', 7), now);
      const debit = locked.issueNote('DEBIT', input('DN-2026-000001', 12.5), now);
      const draftDebit = locked.issueNote('DEBIT', input('DN-2026-000002', 4), now);
      const voidedDebit = locked.issueNote('DEBIT', input('DN-2026-000003', 3), now);
      for (const n of [credit, pending, voided]) await r.creditNotes.add(n);
      for (const n of [debit, draftDebit, voidedDebit]) await r.debitNotes.add(n);
      locked.approveNote(credit, now, 'approver@example.com');
      locked.approveNote(debit, now, 'approver@example.com');
      locked.voidNote(voided, undefined, now, 'approver@example.com');
      locked.voidNote(voidedDebit, undefined, now, 'approver@example.com');
      for (const n of [credit, voided]) await r.creditNotes.save(n);
      for (const n of [debit, voidedDebit]) await r.debitNotes.save(n);
      await r.invoices.save(locked);
      return { view: invoiceView(locked), creditable: locked.creditableBalance().toString() };
    });
    const loaded = (await uow.read((r) => r.invoices.findById(tenantId, inv.id)))!;
    expect(invoiceView(loaded)).to.include({ status: 'APPROVED', netAmount: 82.5, amountDue: 82.5 });
    expect(loaded.creditableBalance().toString()).to.equal('67.50');
    // The sums the SQL takes by note status are the ones the invoice kept in memory.
    expect(invoiceView(loaded)).to.deep.equal(inMemory.view);
    expect(loaded.creditableBalance().toString()).to.equal(inMemory.creditable);
    const page = await uow.read((r) =>
      r.invoices.list(tenantId, { page: 1, limit: 10, fromDate: new Date('2026-03-05T00:00:00Z') }),
    );
    expect(page.items).to.have.length(1);
    expect(page.items[0]!.netAmount.toString()).to.equal('82.50');
    expect(page.items[0]!.amountDue.toString()).to.equal('82.50');
    const notes = await uow.read((r) => r.creditNotes.list(tenantId, { page: 1, limit: 10 }));
    // Who approved or voided each note is stored, and nobody on the one still DRAFT.
    const deciders = notes.items.map((n) => [n.status, n.state().approvedBy, n.state().voidedBy]);
    expect(deciders.sort()).to.deep.equal([
      ['APPROVED', 'approver@example.com', null],
      ['DRAFT', null, null],
      ['VOIDED', null, 'approver@example.com'],
    ]);
    expect(loaded.state().approvedBy).to.equal('approver@example.com');
  });

  it('numbers each invoice in the statement that stores it; a refused statement uses no number', async () => {
    const first = newInvoice();
    await uow.runStatement((r) => r.invoices.add(first));
    const n = Number(first.number.slice('INV-2026-'.length));
    expect(first.number).to.match(/^INV-2026-\d{6}$/);
    await expect(uow.runStatement((r) => r.invoices.add(newInvoice(undefined, now, randomUUID())))).to.be.rejectedWith(
      CustomerNotFound,
    );
    const otherYear = Invoice.create(
      { id: randomUUID(), tenantId, branchId, fiscalYearId: randomUUID() },
      { customerId, paymentMethod: 'QR', items: [{ productId, quantity: 1, unitPrice: 1 }] },
      pricingOf({ [productId]: 0 }),
      now,
    );
    const before = await invoiceCount();
    await expect(uow.runStatement((r) => r.invoices.add(otherYear))).to.be.rejectedWith(FiscalYearNotFound);
    expect(await invoiceCount()).to.equal(before);
    const second = newInvoice();
    await uow.run((r) => r.invoices.add(second));
    expect(second.number).to.equal(`INV-2026-${String(n + 1).padStart(6, '0')}`);
    expect((await uow.read((r) => r.invoices.findById(tenantId, second.id)))!.number).to.equal(second.number);
    expect(() => second.numbered('INV-2026-999999')).to.throw(/already has a number/);
  });

  it('stores an invoice without lines too (the statement has no lines to insert)', async () => {
    const inv = newInvoice([]);
    await uow.runStatement((r) => r.invoices.add(inv));
    const loaded = (await uow.read((r) => r.invoices.findById(tenantId, inv.id)))!;
    expect(invoiceView(loaded)).to.include({ billNumber: inv.number, totalAmount: 0 });
    expect(invoiceView(loaded).items).to.deep.equal([]);
  });

  it('hands parallel statements unique, gapless numbers', async () => {
    const from = Number(await lastNumber());
    const invoices = Array.from({ length: 20 }, () => newInvoice());
    await Promise.all(invoices.map((inv) => uow.runStatement((r) => r.invoices.add(inv))));
    const expected = Array.from({ length: 20 }, (_, i) => `INV-2026-${String(from + i + 1).padStart(6, '0')}`);
    expect(invoices.map((i) => i.number).sort()).to.deep.equal(expected);
  });

  it('a save takes the events its aggregate recorded along in its own statement', async () => {
    const inv = newInvoice();
    await uow.runStatement((r) => r.invoices.add(inv));
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    db.knex.on('query', listen);
    try {
      await uow.run(async (r) => {
        const locked = (await r.invoices.findById(tenantId, inv.id, { forUpdate: true }))!;
        locked.approve(now, 'approver@example.com');
        await r.invoices.save(locked);
      });
    } finally {
      db.knex.removeListener('query', listen);
    }
    const outboxWrites = statements.filter((sql) => sql.includes('outbox_events'));
    expect(outboxWrites).to.have.length(1);
    expect(outboxWrites[0]).to.match(/^with "outbox_written" as \(insert into "outbox_events".*\) update "invoices"/);
    const events = await db.knex('outbox_events').whereRaw(`payload->>'id' = ?`, [inv.id]).select('event_name');
    expect(events).to.deep.equal([{ event_name: 'billing.invoice.created' }]);
  });

  it('turns a duplicate number into DuplicateDocumentNumber', async () => {
    await uow.run((r) => r.invoices.add(newInvoice()));
    const counter = () => db.knex('document_sequences').where({ tenant_id: tenantId, kind: 'INV' });
    await counter().decrement('last_value', 1);
    await expect(uow.run((r) => r.invoices.add(newInvoice()))).to.be.rejectedWith(DuplicateDocumentNumber);
    await counter().increment('last_value', 1);
  });

  it("claims a keyed request's Idempotency-Key in the same statement, and writes nothing when it is taken", async () => {
    const integrationId = randomUUID();
    await db.knex('integrations').insert({
      tenant_id: tenantId,
      id: integrationId,
      branch_id: branchId,
      fiscal_year_id: fiscalYearId,
      role: 'BILLING',
      client_name: 'Shop',
      client_id: `client-${integrationId}`,
      client_secret_enc: 'not used here',
      created_at: now,
      updated_at: now,
    });
    const scope = (): KeyedWrite => ({
      integrationId,
      key: `statement-${randomUUID()}`,
      fingerprint: 'a'.repeat(64),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
      held: null,
      closed: null,
    });
    const first = scope();
    const inv = newInvoice();
    await uow.runStatement((r) => r.invoices.add(inv), first);
    // Held open until the answer, then committed with it.
    expect(first.held).to.not.equal(null);
    await first.held!.commit({ status: 201, body: '{"id":1}' });
    const row = await db.knex('idempotency_keys').where({ key: first.key }).first('status_code', 'body');
    expect(row).to.deep.equal({ status_code: 201, body: '{"id":1}' });
    expect(await db.knex('invoices').where({ id: inv.id }).first('id')).to.deep.equal({ id: inv.id });

    const [count, last] = [await invoiceCount(), await lastNumber()];
    const retry: KeyedWrite = { ...first, held: null };
    await expect(uow.runStatement((r) => r.invoices.add(newInvoice()), retry)).to.be.rejectedWith(IdempotencyKeyInUse);
    expect(retry.held).to.equal(null);
    expect([await invoiceCount(), await lastNumber()]).to.deep.equal([count, last]);

    const refused = scope();
    await expect(
      uow.runStatement((r) => r.invoices.add(newInvoice(undefined, now, randomUUID())), refused),
    ).to.be.rejectedWith(CustomerNotFound);
    expect(await db.knex('idempotency_keys').where({ key: refused.key }).first()).to.equal(undefined);
  });

  it('CHECK constraints make impossible states impossible', async () => {
    const inv = newInvoice();
    inv.approve(now, 'approver@example.com');
    await uow.run((r) => r.invoices.add(inv));
    const note = inv.issueNote(
      'DEBIT',
      { id: randomUUID(), number: 'DN-2026-000900', amount: 5, reason: 'r', branchId, fiscalYearId },
      now,
    );
    await uow.run((r) => r.debitNotes.add(note));
    const k = db.knex;
    const line = () => k('invoice_lines').where({ invoice_id: inv.id });
    const violations = [
      k('invoices').where({ id: inv.id }).update({ tax_amount: '1.00' }), // total ≠ subtotal + tax
      k('invoices').where({ id: inv.id }).update({ subtotal: '-1.00', tax_amount: '101.00' }),
      line().update({ tax_rate: '150' }),
      line().update({ tax_rate: '-1' }),
      line().update({ tax_rate: '10', tax_amount: '1.00' }), // gross ≠ untaxed + tax
      line().update({ untaxed_amount: '1.00', gross_amount: '1.00' }), // priced from neither side of the line total
      line().update({ untaxed_amount: '99.00', tax_amount: '1.00' }), // tax at rate 0
      k('debit_notes').where({ id: note.id }).update({ tax_amount: '1.00' }), // amount ≠ untaxed + tax
      k('debit_notes').where({ id: note.id }).update({ tax_amount: '6.00', untaxed_amount: '-1.00' }),
      k('invoices').where({ id: inv.id }).update({ status: 'VOIDED' }), // no reason, no voided_at
      k('invoices').where({ id: inv.id }).update({ status: 'DRAFT' }), // a DRAFT with an approved_at
      k('invoices').where({ id: inv.id }).update({ status: 'OPEN' }),
      k('invoices').where({ id: inv.id }).update({ refunds_total: '1.00' }), // refunds above payments
      k('invoice_lines').where({ invoice_id: inv.id }).update({ quantity: '0' }),
      // Who decided: 1 to 254 characters, and only on a record in the state it decided.
      k('invoices').where({ id: inv.id }).update({ approved_by: '' }),
      k('invoices')
        .where({ id: inv.id })
        .update({ approved_by: 'x'.repeat(255) }),
      k('invoices').where({ id: inv.id }).update({ status: 'DRAFT', approved_at: null }), // a DRAFT with an approver
      k('debit_notes').where({ id: note.id }).update({ approved_by: 'approver@example.com' }), // a DRAFT note
      k('debit_notes').where({ id: note.id }).update({ voided_by: 'approver@example.com' }),
      k('debit_notes').where({ id: note.id }).update({ status: 'APPROVED', approved_at: now, approved_by: '' }),
      k('payments').insert({
        tenant_id: tenantId,
        id: randomUUID(),
        number: 'PAY-2026-000900',
        invoice_id: inv.id,
        fiscal_year_id: fiscalYearId,
        branch_id: branchId,
        amount: '1.00',
        method: 'CASH',
        recorded_by: '',
        received_at: now,
      }),
    ];
    for (const v of violations) {
      await expect(v).to.be.rejected.and.eventually.have.property('code', '23514');
    }
  });
});
