import { ContainerModule } from 'inversify';
import { CreateBranch } from '../../application/organization/create-branch.js';
import { CreateFiscalYear } from '../../application/organization/create-fiscal-year.js';
import { CreateTenant } from '../../application/organization/create-tenant.js';
import { CreateWarehouse } from '../../application/organization/create-warehouse.js';
import { TOKENS } from '../../application/tokens.js';
import { bindUseCase } from './bind.js';

const { UnitOfWork, IdGenerator, Clock } = TOKENS;

/** Tenants, branches, fiscal years, warehouses. */
export const organizationModule = new ContainerModule(({ bind }) => {
  bindUseCase(bind, TOKENS.CreateTenant, CreateTenant, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.CreateBranch, CreateBranch, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.CreateFiscalYear, CreateFiscalYear, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.CreateWarehouse, CreateWarehouse, [UnitOfWork, IdGenerator, Clock]);
});
