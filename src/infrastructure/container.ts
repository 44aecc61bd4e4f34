import 'reflect-metadata';
import { Container, ContainerModule } from 'inversify';
import type { Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { CreateCustomer } from '../application/billing/create-customer.js';
import { ApproveAdjustment } from '../application/inventory/approve-adjustment.js';
import { CreateProduct } from '../application/inventory/create-product.js';
import { GetLowStockSummary } from '../application/inventory/get-low-stock-summary.js';
import type { InventoryUseCases } from '../application/inventory/index.js';
import { ListAdjustments } from '../application/inventory/list-adjustments.js';
import { ListStockLedger } from '../application/inventory/list-stock-ledger.js';
import { RejectAdjustment } from '../application/inventory/reject-adjustment.js';
import { RequestAdjustment } from '../application/inventory/request-adjustment.js';
import { CreateBranch } from '../application/organization/create-branch.js';
import { CreateFiscalYear } from '../application/organization/create-fiscal-year.js';
import { CreateTenant } from '../application/organization/create-tenant.js';
import { CreateWarehouse } from '../application/organization/create-warehouse.js';
import type { BackOfficeUseCases } from '../application/back-office.js';
import type { Clock } from '../application/ports/clock.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import { TOKENS } from '../application/tokens.js';
import { createAdminRouter } from '../adapters/http/admin-router.js';
import { createHttpApp } from '../adapters/http/app.js';
import { KnexUnitOfWork } from '../adapters/persistence/unit-of-work.js';
import { RandomUuidGenerator, SystemClock } from '../adapters/system/system.js';
import type { Config } from './config.js';
import type { Database } from './database.js';

/** A use case whose constructor takes (UnitOfWork, IdGenerator, Clock), the common shape. */
type StandardUseCase<T> = new (uow: UnitOfWork, ids: IdGenerator, clock: Clock) => T;
const STANDARD = [TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock] as const;

function standard<T>(UseCase: StandardUseCase<T>) {
  return (uow: UnitOfWork, ids: IdGenerator, clock: Clock) => new UseCase(uow, ids, clock);
}

const coreModule = new ContainerModule(({ bind }) => {
  bind<UnitOfWork>(TOKENS.UnitOfWork).to(KnexUnitOfWork).inSingletonScope();
  bind<Clock>(TOKENS.Clock).to(SystemClock).inSingletonScope();
  bind<IdGenerator>(TOKENS.IdGenerator).to(RandomUuidGenerator).inSingletonScope();
});

const organizationModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.CreateTenant)
    .toResolvedValue(standard(CreateTenant), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.CreateBranch)
    .toResolvedValue(standard(CreateBranch), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.CreateFiscalYear)
    .toResolvedValue(standard(CreateFiscalYear), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.CreateWarehouse)
    .toResolvedValue(standard(CreateWarehouse), [...STANDARD])
    .inSingletonScope();
});

const inventoryModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.CreateProduct)
    .toResolvedValue(standard(CreateProduct), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.RequestAdjustment)
    .toResolvedValue(standard(RequestAdjustment), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.ListAdjustments)
    .toResolvedValue((uow: UnitOfWork) => new ListAdjustments(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind(TOKENS.GetLowStockSummary)
    .toResolvedValue((uow: UnitOfWork) => new GetLowStockSummary(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind(TOKENS.ApproveAdjustment)
    .toResolvedValue(standard(ApproveAdjustment), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.RejectAdjustment)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new RejectAdjustment(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.ListStockLedger)
    .toResolvedValue((uow: UnitOfWork) => new ListStockLedger(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind<InventoryUseCases>(TOKENS.InventoryUseCases)
    .toResolvedValue(
      (
        requestAdjustment: RequestAdjustment,
        listAdjustments: ListAdjustments,
        lowStockSummary: GetLowStockSummary,
      ) => ({
        requestAdjustment,
        listAdjustments,
        lowStockSummary,
      }),
      [TOKENS.RequestAdjustment, TOKENS.ListAdjustments, TOKENS.GetLowStockSummary],
    )
    .inSingletonScope();
});

const billingModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.CreateCustomer)
    .toResolvedValue(standard(CreateCustomer), [...STANDARD])
    .inSingletonScope();
});

const httpModule = new ContainerModule(({ bind }) => {
  bind<BackOfficeUseCases>(TOKENS.BackOfficeUseCases)
    .toResolvedValue(
      (
        createTenant: CreateTenant,
        createBranch: CreateBranch,
        createFiscalYear: CreateFiscalYear,
        createWarehouse: CreateWarehouse,
        createProduct: CreateProduct,
        createCustomer: CreateCustomer,
        approveAdjustment: ApproveAdjustment,
        rejectAdjustment: RejectAdjustment,
        listAdjustments: ListAdjustments,
        listStockLedger: ListStockLedger,
      ) => ({
        createTenant,
        createBranch,
        createFiscalYear,
        createWarehouse,
        createProduct,
        createCustomer,
        approveAdjustment,
        rejectAdjustment,
        listAdjustments,
        listStockLedger,
      }),
      [
        TOKENS.CreateTenant,
        TOKENS.CreateBranch,
        TOKENS.CreateFiscalYear,
        TOKENS.CreateWarehouse,
        TOKENS.CreateProduct,
        TOKENS.CreateCustomer,
        TOKENS.ApproveAdjustment,
        TOKENS.RejectAdjustment,
        TOKENS.ListAdjustments,
        TOKENS.ListStockLedger,
      ],
    )
    .inSingletonScope();
  bind<Express>(TOKENS.HttpApp)
    .toResolvedValue(
      (config: Config, logger: Logger, knex: Knex, admin: BackOfficeUseCases) =>
        createHttpApp({
          logger,
          trustProxy: config.trustProxy,
          ready: async () => {
            await knex.raw('select 1');
            return true;
          },
          routers: [{ path: '/api/v1/admin', router: createAdminRouter(config.adminToken ?? '', admin) }],
        }),
      [TOKENS.Config, TOKENS.Logger, TOKENS.Knex, TOKENS.BackOfficeUseCases],
    )
    .inSingletonScope();
});

/**
 * The one composition root (ARCHITECTURE habit 9): infrastructure values are constants, ports
 * are bound to their adapters, use cases and routers are built from explicit tokens (tsx emits
 * no decorator metadata, so nothing is resolved by type).
 */
export function buildContainer(deps: { config: Config; logger: Logger; database: Database }): Container {
  const container = new Container();
  container.bind(TOKENS.Config).toConstantValue(deps.config);
  container.bind(TOKENS.Logger).toConstantValue(deps.logger);
  container.bind(TOKENS.Database).toConstantValue(deps.database);
  container.bind(TOKENS.Knex).toConstantValue(deps.database.knex);
  container.load(coreModule, organizationModule, inventoryModule, billingModule, httpModule);
  return container;
}
