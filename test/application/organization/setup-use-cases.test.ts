import { expect } from 'chai';
import { CreateCustomer } from '../../../src/application/billing/create-customer.js';
import { CreateProduct } from '../../../src/application/inventory/create-product.js';
import { CreateBranch } from '../../../src/application/organization/create-branch.js';
import { CreateFiscalYear } from '../../../src/application/organization/create-fiscal-year.js';
import { CreateTenant } from '../../../src/application/organization/create-tenant.js';
import { CreateWarehouse } from '../../../src/application/organization/create-warehouse.js';
import { DuplicateSku } from '../../../src/domain/inventory/errors.js';
import {
  BranchNotFound,
  DuplicateBranchCode,
  FiscalYearOverlap,
  TenantNotFound,
} from '../../../src/domain/organization/errors.js';
import { fakes } from '../../support/fakes.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

describe('back-office setup use cases (in-memory ports)', () => {
  function setup() {
    const f = fakes();
    const args = [f.uow, f.ids, f.clock] as const;
    return {
      ...f,
      createTenant: new CreateTenant(...args),
      createBranch: new CreateBranch(...args),
      createFiscalYear: new CreateFiscalYear(...args),
      createWarehouse: new CreateWarehouse(...args),
      createProduct: new CreateProduct(...args),
      createCustomer: new CreateCustomer(...args),
    };
  }

  it('creates a tenant with a generated id and the clock time', async () => {
    const s = setup();
    const t = await s.createTenant.execute({ name: 'Acme' });
    expect(t.createdAt.toISOString()).to.equal('2026-03-01T10:00:00.000Z');
    expect(s.uow.repos.tenants.rows.get(t.id)?.name).to.equal('Acme');
  });

  it('refuses setup records for a missing tenant, writing nothing', async () => {
    const s = setup();
    await expect(s.createBranch.execute({ tenantId: MISSING, name: 'HQ', code: 'HQ' })).to.be.rejectedWith(
      TenantNotFound,
    );
    await expect(s.createProduct.execute({ tenantId: MISSING, name: 'a', sku: 'b', price: 1 })).to.be.rejectedWith(
      TenantNotFound,
    );
    await expect(s.createCustomer.execute({ tenantId: MISSING, name: 'a' })).to.be.rejectedWith(TenantNotFound);
    expect(s.uow.repos.branches.rows.size + s.uow.repos.products.rows.size + s.uow.repos.customers.rows.size).to.equal(
      0,
    );
  });

  it('refuses a duplicate branch code and an overlapping fiscal year', async () => {
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
  });

  it("refuses a warehouse in another tenant's branch as a missing branch", async () => {
    const s = setup();
    const a = await s.createTenant.execute({ name: 'A' });
    const b = await s.createTenant.execute({ name: 'B' });
    const branchOfB = await s.createBranch.execute({ tenantId: b.id, name: 'HQ', code: 'HQ' });
    await expect(s.createWarehouse.execute({ tenantId: a.id, branchId: branchOfB.id, name: 'W' })).to.be.rejectedWith(
      BranchNotFound,
    );
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
