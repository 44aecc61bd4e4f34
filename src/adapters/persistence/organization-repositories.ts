import type {
  BranchRepository,
  FiscalYearRepository,
  TenantRepository,
  WarehouseRepository,
} from '../../application/ports/organization-repositories.js';
import { DuplicateBranchCode, DuplicateFiscalYearCode, FiscalYearOverlap } from '../../domain/organization/errors.js';
import type { FiscalYear } from '../../domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../../domain/organization/organization.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { translateViolations } from './db-errors.js';
import { toTenant, toTenantRow, type TenantRow } from './tenant.mapper.js';
import type { Db } from './db.js';
import { paginate } from './paginate.js';

export class KnexTenantRepository implements TenantRepository {
  constructor(private readonly db: Db) {}

  async add(t: Tenant): Promise<void> {
    await this.db('tenants').insert(toTenantRow(t));
  }

  async save(t: Tenant): Promise<void> {
    const row = toTenantRow(t);
    await this.db('tenants')
      .where({ id: row.id })
      .update({ name: row.name, prices_include_tax: row.prices_include_tax });
  }

  async findById(id: string, options: { forUpdate?: boolean } = {}): Promise<Tenant | null> {
    const q = this.db<TenantRow>('tenants').where({ id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? toTenant(row) : null;
  }

  async lock(id: string): Promise<boolean> {
    const row = await this.db('tenants').where({ id }).forUpdate().first('id');
    return row !== undefined;
  }
}

interface BranchRow {
  tenant_id: string;
  id: string;
  name: string;
  code: string;
  created_at: Date;
}

export class KnexBranchRepository implements BranchRepository {
  constructor(private readonly db: Db) {}

  async add(b: Branch): Promise<void> {
    await translateViolations(
      () =>
        this.db('branches').insert({
          tenant_id: b.tenantId,
          id: b.id,
          name: b.name,
          code: b.code,
          created_at: b.createdAt,
        }),
      { branches_tenant_code_unique: () => new DuplicateBranchCode() },
    );
  }

  async findById(tenantId: string, id: string): Promise<Branch | null> {
    const row = await this.db<BranchRow>('branches').where({ tenant_id: tenantId, id }).first();
    return row
      ? { id: row.id, tenantId: row.tenant_id, name: row.name, code: row.code, createdAt: row.created_at }
      : null;
  }
}

interface FiscalYearRow {
  tenant_id: string;
  id: string;
  code: string;
  starts_on: string;
  ends_on: string;
  created_at: Date;
}

function toFiscalYear(row: FiscalYearRow): FiscalYear {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    code: row.code,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    createdAt: row.created_at,
  };
}

export class KnexFiscalYearRepository implements FiscalYearRepository {
  constructor(private readonly db: Db) {}

  async add(y: FiscalYear): Promise<void> {
    await translateViolations(
      () =>
        this.db('fiscal_years').insert({
          tenant_id: y.tenantId,
          id: y.id,
          code: y.code,
          starts_on: y.startsOn,
          ends_on: y.endsOn,
          created_at: y.createdAt,
        }),
      {
        fiscal_years_no_overlap: () => new FiscalYearOverlap(),
        fiscal_years_tenant_code_unique: () => new DuplicateFiscalYearCode(),
      },
    );
  }

  async findById(tenantId: string, id: string): Promise<FiscalYear | null> {
    const row = await this.db<FiscalYearRow>('fiscal_years').where({ tenant_id: tenantId, id }).first();
    return row ? toFiscalYear(row) : null;
  }

  async findOverlapping(tenantId: string, startsOn: string, endsOn: string): Promise<FiscalYear | null> {
    const row = await this.db<FiscalYearRow>('fiscal_years')
      .where({ tenant_id: tenantId })
      .andWhere('starts_on', '<=', endsOn)
      .andWhere('ends_on', '>=', startsOn)
      .first();
    return row ? toFiscalYear(row) : null;
  }
}

interface WarehouseRow {
  tenant_id: string;
  id: string;
  branch_id: string;
  name: string;
  created_at: Date;
}

export class KnexWarehouseRepository implements WarehouseRepository {
  constructor(private readonly db: Db) {}

  async add(w: Warehouse): Promise<void> {
    await this.db('warehouses').insert({
      tenant_id: w.tenantId,
      id: w.id,
      branch_id: w.branchId,
      name: w.name,
      created_at: w.createdAt,
    });
  }

  async findById(tenantId: string, id: string): Promise<Warehouse | null> {
    const row = await this.db<WarehouseRow>('warehouses').where({ tenant_id: tenantId, id }).first();
    return row ? toWarehouse(row) : null;
  }

  list(tenantId: string, query: PageRequest): Promise<Page<Warehouse>> {
    return paginate(
      this.db('warehouses').where({ tenant_id: tenantId }),
      query,
      (q) => q.select('*').orderBy([{ column: 'name' }, { column: 'id' }]),
      toWarehouse,
    );
  }
}

function toWarehouse(row: WarehouseRow): Warehouse {
  return { id: row.id, tenantId: row.tenant_id, branchId: row.branch_id, name: row.name, createdAt: row.created_at };
}
