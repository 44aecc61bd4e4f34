import { randomBytes, randomUUID } from 'node:crypto';
import { KnexUnitOfWork } from '../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../src/adapters/security/secret-cipher.js';
import { Invoice } from '../../src/domain/billing/invoice.js';
import { resetData, seedOrganization, testDatabase } from './database.js';
import { pricingOf } from './pricing.js';

/** The ids of `billingWorld`'s tenant and of its one customer and one product. */
export interface BillingIds {
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  customerId: string;
  productId: string;
}

/**
 * The test database emptied, with one tenant (fiscal year 2026), one customer and one product
 * taxed at 0 %, and a knex unit of work over it; `newInvoice` makes a DRAFT invoice of them.
 */
export async function billingWorld(now: Date) {
  const db = await testDatabase();
  await resetData(db.knex);
  const uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
  const ids: BillingIds = {
    tenantId: randomUUID(),
    branchId: randomUUID(),
    fiscalYearId: randomUUID(),
    customerId: randomUUID(),
    productId: randomUUID(),
  };
  const { tenantId, branchId, fiscalYearId, customerId, productId } = ids;
  await seedOrganization(db.knex, { tenantId, branchId, fiscalYearId }, now);
  await db.knex('customers').insert({ tenant_id: tenantId, id: customerId, name: 'Ann', created_at: now });
  await db.knex('products').insert({
    tenant_id: tenantId,
    id: productId,
    name: 'Mug',
    slug: 'mug',
    sku: 'MUG',
    price: '1.00',
    created_at: now,
    updated_at: now,
  });
  const newInvoice = (items = [{ productId, quantity: 1, unitPrice: 100 }], at = now, customer = customerId) =>
    Invoice.create(
      { id: randomUUID(), tenantId, branchId, fiscalYearId },
      { customerId: customer, paymentMethod: 'QR', items },
      pricingOf({ [productId]: 0 }),
      at,
    );
  return { db, uow, ids, newInvoice };
}
