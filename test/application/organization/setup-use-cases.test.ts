import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { CreateCustomer } from '../../../src/application/billing/create-customer.js';
import { CreateProduct } from '../../../src/application/inventory/create-product.js';
import { CreateBranch } from '../../../src/application/organization/create-branch.js';
import { CreateFiscalYear } from '../../../src/application/organization/create-fiscal-year.js';
import { CreateTenant } from '../../../src/application/organization/create-tenant.js';
import { CreateWarehouse } from '../../../src/application/organization/create-warehouse.js';
import { UpdateTenant } from '../../../src/application/organization/update-tenant.js';
import { DuplicateSku } from '../../../src/domain/inventory/errors.js';
import {
  BranchNotFound,
  DuplicateBranchCode,
  DuplicateFiscalYearCode,
  FiscalYearOverlap,
  TenantNotFound,
} from '../../../src/domain/organization/errors.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase } from '../../support/database.js';
import { FixedClock, SequentialIds } from '../../support/fakes.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

describe('back-office setup use cases (real repositories)', () => {
  let db: Database;
  let uow: KnexUnitOfWork;

  before(async () => {
    db = await testDatabase();
    uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
  });
  beforeEach(async () => {
    await resetData(db.knex);
  });

  function setup() {
    const args = [uow, new SequentialIds(), new FixedClock()] as const;
    return {
      createTenant: new CreateTenant(...args),
      createBranch: new CreateBranch(...args),
      createFiscalYear: new CreateFiscalYear(...args),
      createWarehouse: new CreateWarehouse(...args),
      createProduct: new CreateProduct(...args),
      createCustomer: new CreateCustomer(...args),
    };
  }

  const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }))[0]!.n);

  it('creates a tenant with a generated id, the clock time and the trimmed name', async () => {
    const s = setup();
    const t = await s.createTenant.execute({ name: '  Acme  ' });
    expect(t).to.deep.equal({
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Acme',
      pricesIncludeTax: false,
      createdAt: new Date('2026-03-01T10:00:00.000Z'),
    });
    const row = await db.knex('tenants').where({ id: t.id }).first();
    expect([row.name, row.created_at.toISOString()]).to.deep.equal(['Acme', '2026-03-01T10:00:00.000Z']);
  });

  it("changes a tenant's name and pricing mode, keeping what is not given; TenantNotFound for none", async () => {
    const s = setup();
    const t = await s.createTenant.execute({ name: 'Acme' });
    const update = new UpdateTenant(uow);
    expect(await update.execute(t.id, { pricesIncludeTax: true })).to.include({ name: 'Acme', pricesIncludeTax: true });
    expect(await update.execute(t.id, { name: ' Acme Retail ' })).to.include({
      name: 'Acme Retail',
      pricesIncludeTax: true,
    });
    const row = await db.knex('tenants').where({ id: t.id }).first();
    expect([row.name, row.prices_include_tax]).to.deep.equal(['Acme Retail', true]);
    await expect(update.execute(MISSING, { pricesIncludeTax: false })).to.be.rejectedWith(TenantNotFound);
  });

  it('stores branch codes upper-case and warehouses in their branch', async () => {
    const s = setup();
    const t = await s.createTenant.execute({ name: 'Acme' });
    const b = await s.createBranch.execute({ tenantId: t.id, name: 'Head office', code: 'hq-1' });
    const w = await s.createWarehouse.execute({ tenantId: t.id, branchId: b.id, name: ' Main ' });
    expect(await db.knex('branches').where({ id: b.id }).first()).to.include({ code: 'HQ-1', tenant_id: t.id });
    expect(await db.knex('warehouses').where({ id: w.id }).first()).to.include({ branch_id: b.id, name: 'Main' });
  });

  it('refuses setup records for a missing tenant, writing nothing', async () => {
    const s = setup();
    await expect(s.createBranch.execute({ tenantId: MISSING, name: 'HQ', code: 'HQ' })).to.be.rejectedWith(
      TenantNotFound,
    );
    await expect(
      s.createFiscalYear.execute({ tenantId: MISSING, code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' }),
    ).to.be.rejectedWith(TenantNotFound);
    await expect(s.createWarehouse.execute({ tenantId: MISSING, branchId: MISSING, name: 'W' })).to.be.rejectedWith(
      TenantNotFound,
    );
    await expect(s.createProduct.execute({ tenantId: MISSING, name: 'a', sku: 'b', price: 1 })).to.be.rejectedWith(
      TenantNotFound,
    );
    await expect(s.createCustomer.execute({ tenantId: MISSING, name: 'a' })).to.be.rejectedWith(TenantNotFound);
    for (const table of ['branches', 'fiscal_years', 'warehouses', 'products', 'customers']) {
      expect(await count(table), table).to.equal(0);
    }
  });

  it('refuses a duplicate branch code (any case), an overlapping fiscal year and a reused fiscal year code', async () => {
    const s = setup();
    const t = await s.createTenant.execute({ name: 'Acme' });
    await s.createBranch.execute({ tenantId: t.id, name: 'HQ', code: 'HQ' });
    await expect(s.createBranch.execute({ tenantId: t.id, name: 'Other', code: 'hq' })).to.be.rejectedWith(
      DuplicateBranchCode,
    );
    await s.createFiscalYear.execute({ tenantId: t.id, code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' });
    await expect(
      s.createFiscalYear.execute({ tenantId: t.id, code: '2027', startsOn: '2026-12-31', endsOn: '2027-12-30' }),
    ).to.be.rejectedWith(FiscalYearOverlap);
    await expect(
      s.createFiscalYear.execute({ tenantId: t.id, code: '2026', startsOn: '2028-01-01', endsOn: '2028-12-31' }),
    ).to.be.rejectedWith(DuplicateFiscalYearCode);
    const next = await s.createFiscalYear.execute({
      tenantId: t.id,
      code: '2027',
      startsOn: '2027-01-01',
      endsOn: '2027-12-31',
    });
    expect(next.startsOn).to.equal('2027-01-01');
    expect([await count('branches'), await count('fiscal_years')]).to.deep.equal([1, 2]);
  });

  it("refuses a warehouse in another tenant's branch as a missing branch", async () => {
    const s = setup();
    const a = await s.createTenant.execute({ name: 'A' });
    const b = await s.createTenant.execute({ name: 'B' });
    const branchOfB = await s.createBranch.execute({ tenantId: b.id, name: 'HQ', code: 'HQ' });
    await expect(s.createWarehouse.execute({ tenantId: a.id, branchId: branchOfB.id, name: 'W' })).to.be.rejectedWith(
      BranchNotFound,
    );
    expect(await count('warehouses')).to.equal(0);
  });

  it('refuses a duplicate SKU within a tenant but not across tenants', async () => {
    const s = setup();
    const a = await s.createTenant.execute({ name: 'A' });
    const b = await s.createTenant.execute({ name: 'B' });
    await s.createProduct.execute({ tenantId: a.id, name: 'Mug', sku: 'M1', price: 5 });
    await expect(s.createProduct.execute({ tenantId: a.id, name: 'Mug 2', sku: 'M1', price: 5 })).to.be.rejectedWith(
      DuplicateSku,
    );
    const other = await s.createProduct.execute({ tenantId: b.id, name: 'Mug', sku: 'M1', price: 5 });
    expect(other.tenantId).to.equal(b.id);
  });
});
