import 'reflect-metadata';
import { Container, ContainerModule } from 'inversify';
import type { Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ApproveInvoice } from '../application/billing/approve-invoice.js';
import { CreateCustomer } from '../application/billing/create-customer.js';
import { CreateInvoice } from '../application/billing/create-invoice.js';
import { CreateNote } from '../application/billing/create-note.js';
import type { BillingUseCases } from '../application/billing/index.js';
import { ListInvoices } from '../application/billing/list-invoices.js';
import { ListNotes } from '../application/billing/list-notes.js';
import { ApproveNote, VoidNote } from '../application/billing/note-lifecycle.js';
import { VoidInvoice } from '../application/billing/void-invoice.js';
import { CreateProduct } from '../application/inventory/create-product.js';
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
});

const NOTE_TOKENS = {
  CREDIT: {
    list: TOKENS.ListCreditNotes,
    create: TOKENS.CreateCreditNote,
    approve: TOKENS.ApproveCreditNote,
    void: TOKENS.VoidCreditNote,
  },
  DEBIT: {
    list: TOKENS.ListDebitNotes,
    create: TOKENS.CreateDebitNote,
    approve: TOKENS.ApproveDebitNote,
    void: TOKENS.VoidDebitNote,
  },
} as const;

const billingModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.CreateCustomer)
    .toResolvedValue(standard(CreateCustomer), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.ListInvoices)
    .toResolvedValue((uow: UnitOfWork) => new ListInvoices(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind(TOKENS.CreateInvoice)
    .toResolvedValue(standard(CreateInvoice), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.VoidInvoice)
    .toResolvedValue((uow: UnitOfWork, clock: Clock) => new VoidInvoice(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock])
    .inSingletonScope();
  bind(TOKENS.ApproveInvoice)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new ApproveInvoice(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
    .inSingletonScope();
  for (const kind of ['CREDIT', 'DEBIT'] as const) {
    const t = NOTE_TOKENS[kind];
    bind(t.list)
      .toResolvedValue((uow: UnitOfWork) => new ListNotes(uow, kind), [TOKENS.UnitOfWork])
      .inSingletonScope();
    bind(t.create)
      .toResolvedValue(
        (uow: UnitOfWork, ids: IdGenerator, clock: Clock) => new CreateNote(uow, ids, clock, kind),
        [...STANDARD],
      )
      .inSingletonScope();
    bind(t.approve)
      .toResolvedValue(
        (uow: UnitOfWork, clock: Clock) => new ApproveNote(uow, clock, kind),
        [TOKENS.UnitOfWork, TOKENS.Clock],
      )
      .inSingletonScope();
    bind(t.void)
      .toResolvedValue(
        (uow: UnitOfWork, clock: Clock) => new VoidNote(uow, clock, kind),
        [TOKENS.UnitOfWork, TOKENS.Clock],
      )
      .inSingletonScope();
  }
  bind<BillingUseCases>(TOKENS.BillingUseCases)
    .toResolvedValue(
      (
        listInvoices: ListInvoices,
        createInvoice: CreateInvoice,
        voidInvoice: VoidInvoice,
        listCreditNotes: ListNotes,
        createCreditNote: CreateNote,
        listDebitNotes: ListNotes,
        createDebitNote: CreateNote,
      ) => ({
        listInvoices,
        createInvoice,
        voidInvoice,
        listCreditNotes,
        createCreditNote,
        listDebitNotes,
        createDebitNote,
      }),
      [
        TOKENS.ListInvoices,
        TOKENS.CreateInvoice,
        TOKENS.VoidInvoice,
        TOKENS.ListCreditNotes,
        TOKENS.CreateCreditNote,
        TOKENS.ListDebitNotes,
        TOKENS.CreateDebitNote,
      ],
    )
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
        approveInvoice: ApproveInvoice,
        approveCreditNote: ApproveNote,
        approveDebitNote: ApproveNote,
        voidCreditNote: VoidNote,
        voidDebitNote: VoidNote,
      ) => ({
        createTenant,
        createBranch,
        createFiscalYear,
        createWarehouse,
        createProduct,
        createCustomer,
        approveInvoice,
        approveCreditNote,
        approveDebitNote,
        voidCreditNote,
        voidDebitNote,
      }),
      [
        TOKENS.CreateTenant,
        TOKENS.CreateBranch,
        TOKENS.CreateFiscalYear,
        TOKENS.CreateWarehouse,
        TOKENS.CreateProduct,
        TOKENS.CreateCustomer,
        TOKENS.ApproveInvoice,
        TOKENS.ApproveCreditNote,
        TOKENS.ApproveDebitNote,
        TOKENS.VoidCreditNote,
        TOKENS.VoidDebitNote,
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
