import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import * as invoiceTaxes from '../../migrations/20261127100000_invoice_taxes.js';
import * as decisionActors from '../../migrations/20261127300000_decision_actors.js';
import { repositoriesFor } from '../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../src/adapters/security/secret-cipher.js';
import { invoiceView } from '../../src/adapters/shared/billing-views.js';
import { resetData, seedOrganization, testDatabase } from '../support/database.js';

const ROLLED_BACK = new Error('rolled back on purpose');

/** Runs `work` in a transaction that is always rolled back: the shared schema stays as it is. */
async function inRolledBackTransaction(knex: Knex, work: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  await knex
    .transaction(async (trx) => {
      await work(trx);
      throw ROLLED_BACK;
    })
    .catch((err: unknown) => {
      if (err !== ROLLED_BACK) throw err;
    });
}

describe('migration: taxes on invoices and notes, over invoices stored before it (real database)', () => {
  const ids = { tenantId: randomUUID(), branchId: randomUUID(), fiscalYearId: randomUUID() };
  const [customerId, productId, invoiceId] = [randomUUID(), randomUUID(), randomUUID()];
  const at = new Date('2026-03-01T10:00:00Z');

  /** An APPROVED invoice of 60.27 (two lines), a credit note of 10 and a debit note of 2.50, as stored before taxes. */
  async function seedUntaxed(trx: Knex.Transaction): Promise<void> {
    await seedOrganization(trx, ids, at);
    const { tenantId, branchId, fiscalYearId } = ids;
    await trx('customers').insert({ tenant_id: tenantId, id: customerId, name: 'Ann', created_at: at });
    const product = { name: 'Mug', slug: 'mug', sku: 'MUG', price: '1.00', created_at: at, updated_at: at };
    await trx('products').insert({ tenant_id: tenantId, id: productId, ...product, tax_rate: '19' });
    await trx('invoices').insert({
      ...{ tenant_id: tenantId, id: invoiceId, number: 'INV-2026-000001', fiscal_year_id: fiscalYearId },
      ...{ branch_id: branchId, customer_id: customerId, payment_method: 'CASH', status: 'APPROVED' },
      ...{ total_amount: '60.27', approved_at: at, created_at: at, updated_at: at },
    });
    const line = { tenant_id: tenantId, invoice_id: invoiceId, product_id: productId };
    await trx('invoice_lines').insert([
      { ...line, line_no: 1, quantity: '3', unit_price: '19.99', line_total: '59.97' },
      { ...line, line_no: 2, quantity: '3', unit_price: '0.10', line_total: '0.30' },
    ]);
    const note = { tenant_id: tenantId, invoice_id: invoiceId, fiscal_year_id: fiscalYearId, branch_id: branchId };
    const draft = { reason: 'r', status: 'DRAFT', created_at: at, updated_at: at };
    await trx('credit_notes').insert({ ...note, ...draft, id: randomUUID(), number: 'CN-2026-000001', amount: '10' });
    await trx('debit_notes').insert({ ...note, ...draft, id: randomUUID(), number: 'DN-2026-000001', amount: '2.5' });
  }

  it('gives their lines rate 0 and their own amounts, and their notes no tax: no stored total changes', async () => {
    const { knex } = await testDatabase();
    await resetData(knex);
    await inRolledBackTransaction(knex, async (trx) => {
      // The later migration that adds columns to these tables is undone first and redone last, so
      // their columns end in the same order: a pooled connection's prepared `SELECT *` of an
      // invoice must read the same row type it was prepared with.
      await decisionActors.down(trx);
      await invoiceTaxes.down(trx);
      await seedUntaxed(trx);
      await invoiceTaxes.up(trx);
      await decisionActors.up(trx);
      const lines = await trx('invoice_lines').where({ invoice_id: invoiceId }).orderBy('line_no');
      expect(
        lines.map((l) => [l.tax_rate, l.line_total, l.untaxed_amount, l.tax_amount, l.gross_amount]),
      ).to.deep.equal([
        ['0.00', '59.97', '59.97', '0.00', '59.97'],
        ['0.00', '0.30', '0.30', '0.00', '0.30'],
      ]);
      const row = await trx('invoices').where({ id: invoiceId }).first();
      expect([row.subtotal, row.tax_amount, row.total_amount]).to.deep.equal(['60.27', '0.00', '60.27']);
      for (const table of ['credit_notes', 'debit_notes']) {
        const n = await trx(table).where({ invoice_id: invoiceId }).first();
        expect([n.tax_amount, n.untaxed_amount]).to.deep.equal(['0.00', n.amount]);
      }
      expect((await trx('tenants').where({ id: ids.tenantId }).first()).prices_include_tax).to.equal(false);
      const invoice = await repositoriesFor(trx, new AesGcmSecretCipher(randomBytes(32))).invoices.findById(
        ids.tenantId,
        invoiceId,
      );
      expect(invoiceView(invoice!)).to.include({ subtotal: 60.27, taxAmount: 0, totalAmount: 60.27, netAmount: 60.27 });
      expect(invoiceView(invoice!).taxBreakdown).to.deep.equal([{ taxRate: 0, untaxedAmount: 60.27, taxAmount: 0 }]);
    });
  });
});
