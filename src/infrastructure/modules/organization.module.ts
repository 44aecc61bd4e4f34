import { ContainerModule } from 'inversify';
import { CreateBranch } from '../../application/organization/create-branch.js';
import { CreateFiscalYear } from '../../application/organization/create-fiscal-year.js';
import { CreateTenant } from '../../application/organization/create-tenant.js';
import { UpdateTenant } from '../../application/organization/update-tenant.js';
import { CreateWarehouse } from '../../application/organization/create-warehouse.js';
import { GetTenant } from '../../application/organization/get-tenant.js';
import { ListTenants } from '../../application/organization/list-tenants.js';
import { ListWarehouses } from '../../application/organization/list-warehouses.js';
import { TOKENS } from '../../application/tokens.js';
import { KnexOrganizationQueries } from '../../adapters/persistence/organization-queries.js';
import { INFRA } from '../tokens.js';
import { bindGroup, bindUseCase } from './bind.js';

const { UnitOfWork, IdGenerator, Clock } = TOKENS;

/** Tenants, branches, fiscal years, warehouses. */
export const organizationModule = new ContainerModule(({ bind }) => {
  bindUseCase(bind, TOKENS.CreateTenant, CreateTenant, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.UpdateTenant, UpdateTenant, [UnitOfWork]);
  bindUseCase(bind, TOKENS.CreateBranch, CreateBranch, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.CreateFiscalYear, CreateFiscalYear, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.CreateWarehouse, CreateWarehouse, [UnitOfWork, IdGenerator, Clock]);
  // The back office's reads of what it set up.
  bindUseCase(bind, TOKENS.OrganizationQueries, KnexOrganizationQueries, [INFRA.Knex]);
  bindUseCase(bind, TOKENS.ListTenants, ListTenants, [TOKENS.OrganizationQueries]);
  bindUseCase(bind, TOKENS.GetTenant, GetTenant, [TOKENS.OrganizationQueries, UnitOfWork]);
  // The external API's lookups of the caller's own records.
  bindUseCase(bind, TOKENS.ListWarehouses, ListWarehouses, [UnitOfWork]);
  bindGroup(bind, TOKENS.OrganizationUseCases, { listWarehouses: TOKENS.ListWarehouses });
});
