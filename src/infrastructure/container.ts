import 'reflect-metadata';
import { Container, ContainerModule } from 'inversify';
import type { Express } from 'express';
import type { Knex } from 'knex';
import type pg from 'pg';
import type { Logger } from 'pino';
import { AuthenticateRequest } from '../application/access/authenticate-request.js';
import { CreateIntegration } from '../application/access/create-integration.js';
import { ListIntegrations } from '../application/access/list-integrations.js';
import { PurgeExpiredNonces } from '../application/access/purge-nonces.js';
import { RotateClientSecret } from '../application/access/rotate-client-secret.js';
import { UpdateIntegration } from '../application/access/update-integration.js';
import type { BackOfficeUseCases } from '../application/back-office.js';
import { CreateCustomer } from '../application/billing/create-customer.js';
import { ApproveAdjustment } from '../application/inventory/approve-adjustment.js';
import { ApproveInvoice } from '../application/billing/approve-invoice.js';
import { CreateInvoice } from '../application/billing/create-invoice.js';
import { CreateNote } from '../application/billing/create-note.js';
import type { BillingUseCases } from '../application/billing/index.js';
import { ListInvoices } from '../application/billing/list-invoices.js';
import { ListNotes } from '../application/billing/list-notes.js';
import { ApproveNote, VoidNote } from '../application/billing/note-lifecycle.js';
import { VoidInvoice } from '../application/billing/void-invoice.js';
import { CreateProduct } from '../application/inventory/create-product.js';
import { ListProducts } from '../application/inventory/list-products.js';
import { UpdateProduct } from '../application/inventory/update-product.js';
import { GetLowStockSummary } from '../application/inventory/get-low-stock-summary.js';
import type { InventoryUseCases } from '../application/inventory/index.js';
import { ListAdjustments } from '../application/inventory/list-adjustments.js';
import { ListStockLedger } from '../application/inventory/list-stock-ledger.js';
import { RejectAdjustment } from '../application/inventory/reject-adjustment.js';
import { RequestAdjustment } from '../application/inventory/request-adjustment.js';
import { BookShipment } from '../application/logistics/book-shipment.js';
import { CancelShipment } from '../application/logistics/cancel-shipment.js';
import type { LogisticsUseCases } from '../application/logistics/index.js';
import { RecordCarrierEvent } from '../application/logistics/record-carrier-event.js';
import { TrackShipment } from '../application/logistics/track-shipment.js';
import { CreateBranch } from '../application/organization/create-branch.js';
import { CreateFiscalYear } from '../application/organization/create-fiscal-year.js';
import { CreateTenant } from '../application/organization/create-tenant.js';
import { CreateWarehouse } from '../application/organization/create-warehouse.js';
import type {
  IntegrationDirectory,
  NonceStore,
  RequestSigner,
  SecretCipher,
  SecretGenerator,
  WebhookTargetPolicy,
} from '../application/ports/access-ports.js';
import type { Clock } from '../application/ports/clock.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { Carrier } from '../application/ports/logistics-ports.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import { TOKENS } from '../application/tokens.js';
import { createAdminRouter } from '../adapters/http/admin-router.js';
import { createHttpApp } from '../adapters/http/app.js';
import { authenticate } from '../adapters/http/external/authenticate.js';
import { createExternalRouter } from '../adapters/http/external/external-router.js';
import { createBillingRoutes } from '../adapters/http/external/billing-routes.js';
import { createInventoryRoutes } from '../adapters/http/external/inventory-routes.js';
import { createLogisticsRoutes } from '../adapters/http/external/logistics-routes.js';
import { BuiltinCarrier } from '../adapters/carriers/builtin-carrier.js';
import { createCatalogueRoutes } from '../adapters/http/external/products-routes.js';
import { CachedIntegrationDirectory } from '../adapters/persistence/integration-directory.js';
import { IntegrationMapper } from '../adapters/persistence/integration.mapper.js';
import { KnexNonceStore } from '../adapters/persistence/nonce-store.js';
import { KnexUnitOfWork } from '../adapters/persistence/unit-of-work.js';
import { CryptoSecretGenerator, HmacSha256Signer } from '../adapters/security/crypto.js';
import { AesGcmSecretCipher } from '../adapters/security/secret-cipher.js';
import { ResolvingWebhookTargetPolicy } from '../adapters/security/webhook-target-policy.js';
import { RandomUuidGenerator, SystemClock } from '../adapters/system/system.js';
import { AgendaWebhookDispatcher, type DispatcherOptions } from '../adapters/webhooks/agenda-dispatcher.js';
import { PinoWebhookAlerts } from '../adapters/webhooks/alerts.js';
import { UndiciWebhookSender } from '../adapters/webhooks/undici-sender.js';
import type { WebhookAlerts, WebhookSender, WebhookSettings } from '../application/ports/webhook-ports.js';
import { ClaimDueDeliveries } from '../application/webhooks/claim-due-deliveries.js';
import { FanOutEvents } from '../application/webhooks/fan-out-events.js';
import { ListDeliveries } from '../application/webhooks/list-deliveries.js';
import { PingWebhook } from '../application/webhooks/ping-webhook.js';
import { ProbeWebhookWork } from '../application/webhooks/probe-webhook-work.js';
import { ReclaimExpiredLeases } from '../application/webhooks/reclaim-expired-leases.js';
import { RecordDeliveryOutcomes } from '../application/webhooks/record-delivery-outcomes.js';
import { ReplayDelivery } from '../application/webhooks/replay-delivery.js';
import { ResumeWebhook } from '../application/webhooks/resume-webhook.js';
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
  bind<SecretCipher>(TOKENS.SecretCipher)
    .toResolvedValue(
      (config: Config) => {
        if (!config.secretsKey) throw new Error('SECRETS_KEY is not set');
        return new AesGcmSecretCipher(config.secretsKey);
      },
      [TOKENS.Config],
    )
    .inSingletonScope();
});

const accessModule = new ContainerModule(({ bind }) => {
  bind<SecretGenerator>(TOKENS.SecretGenerator).toConstantValue(new CryptoSecretGenerator());
  bind<RequestSigner>(TOKENS.RequestSigner).toConstantValue(new HmacSha256Signer());
  bind<NonceStore>(TOKENS.NonceStore)
    .toResolvedValue((knex: Knex) => new KnexNonceStore(knex), [TOKENS.Knex])
    .inSingletonScope();
  bind<IntegrationDirectory>(TOKENS.IntegrationDirectory)
    .toResolvedValue(
      (knex: Knex, cipher: SecretCipher) => new CachedIntegrationDirectory(knex, new IntegrationMapper(cipher)),
      [TOKENS.Knex, TOKENS.SecretCipher],
    )
    .inSingletonScope();
  bind<WebhookTargetPolicy>(TOKENS.WebhookTargetPolicy)
    .toResolvedValue(
      (config: Config) =>
        new ResolvingWebhookTargetPolicy({
          allowHttp: config.webhookAllowHttp,
          allowPrivate: config.webhookAllowPrivate,
        }),
      [TOKENS.Config],
    )
    .inSingletonScope();

  bind(TOKENS.CreateIntegration)
    .toResolvedValue(
      (uow: UnitOfWork, ids: IdGenerator, clock: Clock, secrets: SecretGenerator, policy: WebhookTargetPolicy) =>
        new CreateIntegration(uow, ids, clock, secrets, policy),
      [...STANDARD, TOKENS.SecretGenerator, TOKENS.WebhookTargetPolicy],
    )
    .inSingletonScope();
  bind(TOKENS.ListIntegrations)
    .toResolvedValue((uow: UnitOfWork) => new ListIntegrations(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind(TOKENS.UpdateIntegration)
    .toResolvedValue(
      (
        uow: UnitOfWork,
        clock: Clock,
        secrets: SecretGenerator,
        policy: WebhookTargetPolicy,
        directory: IntegrationDirectory,
      ) => new UpdateIntegration(uow, clock, secrets, policy, directory),
      [
        TOKENS.UnitOfWork,
        TOKENS.Clock,
        TOKENS.SecretGenerator,
        TOKENS.WebhookTargetPolicy,
        TOKENS.IntegrationDirectory,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.RotateClientSecret)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock, secrets: SecretGenerator, directory: IntegrationDirectory) =>
        new RotateClientSecret(uow, clock, secrets, directory),
      [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.SecretGenerator, TOKENS.IntegrationDirectory],
    )
    .inSingletonScope();
  bind(TOKENS.AuthenticateRequest)
    .toResolvedValue(
      (directory: IntegrationDirectory, nonces: NonceStore, signer: RequestSigner, clock: Clock) =>
        new AuthenticateRequest(directory, nonces, signer, clock),
      [TOKENS.IntegrationDirectory, TOKENS.NonceStore, TOKENS.RequestSigner, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.PurgeExpiredNonces)
    .toResolvedValue(
      (nonces: NonceStore, clock: Clock) => new PurgeExpiredNonces(nonces, clock),
      [TOKENS.NonceStore, TOKENS.Clock],
    )
    .inSingletonScope();
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
  bind(TOKENS.ListProducts)
    .toResolvedValue((uow: UnitOfWork) => new ListProducts(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind(TOKENS.UpdateProduct)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new UpdateProduct(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
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

// ---------------------------------------------------------------------------------------------
// logisticsModule (issue 14): shipments, the carrier port and its built-in adapter. Self-contained
// so it can be moved as it is into modules/logistics.module.ts.
// ---------------------------------------------------------------------------------------------
const logisticsModule = new ContainerModule(({ bind }) => {
  bind<Carrier>(TOKENS.Carrier).toConstantValue(new BuiltinCarrier());
  bind(TOKENS.BookShipment)
    .toResolvedValue(
      (uow: UnitOfWork, ids: IdGenerator, clock: Clock, carrier: Carrier) => new BookShipment(uow, ids, clock, carrier),
      [...STANDARD, TOKENS.Carrier],
    )
    .inSingletonScope();
  bind(TOKENS.TrackShipment)
    .toResolvedValue((uow: UnitOfWork) => new TrackShipment(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind(TOKENS.CancelShipment)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new CancelShipment(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.RecordCarrierEvent)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new RecordCarrierEvent(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
    .inSingletonScope();
  bind<LogisticsUseCases>(TOKENS.LogisticsUseCases)
    .toResolvedValue(
      (bookShipment: BookShipment, trackShipment: TrackShipment, cancelShipment: CancelShipment) => ({
        bookShipment,
        trackShipment,
        cancelShipment,
      }),
      [TOKENS.BookShipment, TOKENS.TrackShipment, TOKENS.CancelShipment],
    )
    .inSingletonScope();
});
// ---------------------------------------------------------------------------------------------

/** The worker's pacing on each kind of database (see AgendaWebhookDispatcher). */
export function dispatcherOptions(config: Config, database: Database): DispatcherOptions {
  const server = database.kind === 'server';
  // knex's pg connection settings are pg's own (their `types` field aside, which is unset here).
  const connection = { ...database.connection } as pg.ClientConfig;
  return {
    store: config.mongodbUrl
      ? { kind: 'mongodb', url: config.mongodbUrl }
      : { kind: 'postgres', connection, notifications: server },
    // The embedded database does not pass notifications between connections: poll instead.
    listen: server ? connection : null,
    timing: server
      ? { processEveryMs: 1_000, sweepEveryMs: 2_000, probeEveryMs: 250, lingerMs: 2_000 }
      : { processEveryMs: 100, sweepEveryMs: 500, probeEveryMs: 50, lingerMs: 2_000 },
    maxInFlight: 256,
    claimBatch: 100,
    fanOutBatch: 500,
    timeoutMs: config.webhookTimeoutMs,
  };
}

const webhooksModule = new ContainerModule(({ bind }) => {
  bind<WebhookSettings>(TOKENS.WebhookSettings)
    .toResolvedValue(
      (config: Config) => ({
        retrySchedule: config.webhookRetrySchedule,
        timeoutMs: config.webhookTimeoutMs,
        // Longer than any request can take, so a live worker never loses its claim.
        leaseMs: 2 * config.webhookTimeoutMs + 2_000,
      }),
      [TOKENS.Config],
    )
    .inSingletonScope();
  bind<WebhookSender>(TOKENS.WebhookSender)
    .toResolvedValue(
      (config: Config) =>
        new UndiciWebhookSender({
          timeoutMs: config.webhookTimeoutMs,
          allowHttp: config.webhookAllowHttp,
          allowPrivate: config.webhookAllowPrivate,
        }),
      [TOKENS.Config],
    )
    .inSingletonScope();
  bind<WebhookAlerts>(TOKENS.WebhookAlerts)
    .toResolvedValue((logger: Logger) => new PinoWebhookAlerts(logger), [TOKENS.Logger])
    .inSingletonScope();

  bind(TOKENS.FanOutEvents)
    .toResolvedValue(standard(FanOutEvents), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.ClaimDueDeliveries)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock, settings: WebhookSettings) => new ClaimDueDeliveries(uow, clock, settings),
      [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.WebhookSettings],
    )
    .inSingletonScope();
  bind(TOKENS.RecordDeliveryOutcomes)
    .toResolvedValue(
      (uow: UnitOfWork, ids: IdGenerator, clock: Clock, settings: WebhookSettings, alerts: WebhookAlerts) =>
        new RecordDeliveryOutcomes(uow, ids, clock, settings, alerts),
      [...STANDARD, TOKENS.WebhookSettings, TOKENS.WebhookAlerts],
    )
    .inSingletonScope();
  bind(TOKENS.ReclaimExpiredLeases)
    .toResolvedValue(standard(ReclaimExpiredLeases), [...STANDARD])
    .inSingletonScope();
  bind(TOKENS.ProbeWebhookWork)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new ProbeWebhookWork(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.ResumeWebhook)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new ResumeWebhook(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.ListDeliveries)
    .toResolvedValue((uow: UnitOfWork) => new ListDeliveries(uow), [TOKENS.UnitOfWork])
    .inSingletonScope();
  bind(TOKENS.ReplayDelivery)
    .toResolvedValue(
      (uow: UnitOfWork, clock: Clock) => new ReplayDelivery(uow, clock),
      [TOKENS.UnitOfWork, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.PingWebhook)
    .toResolvedValue(
      (uow: UnitOfWork, ids: IdGenerator, clock: Clock, sender: WebhookSender, settings: WebhookSettings) =>
        new PingWebhook(uow, ids, clock, sender, settings),
      [...STANDARD, TOKENS.WebhookSender, TOKENS.WebhookSettings],
    )
    .inSingletonScope();

  bind(TOKENS.WebhookDispatcher)
    .toResolvedValue(
      (
        config: Config,
        database: Database,
        logger: Logger,
        sender: WebhookSender,
        fanOut: FanOutEvents,
        claim: ClaimDueDeliveries,
        record: RecordDeliveryOutcomes,
        reclaim: ReclaimExpiredLeases,
        probe: ProbeWebhookWork,
      ) =>
        new AgendaWebhookDispatcher(
          { fanOut, claim, record, reclaim, probe },
          sender,
          logger,
          dispatcherOptions(config, database),
        ),
      [
        TOKENS.Config,
        TOKENS.Database,
        TOKENS.Logger,
        TOKENS.WebhookSender,
        TOKENS.FanOutEvents,
        TOKENS.ClaimDueDeliveries,
        TOKENS.RecordDeliveryOutcomes,
        TOKENS.ReclaimExpiredLeases,
        TOKENS.ProbeWebhookWork,
      ],
    )
    .inSingletonScope();
});

const BACK_OFFICE: Record<keyof BackOfficeUseCases, symbol> = {
  createTenant: TOKENS.CreateTenant,
  createBranch: TOKENS.CreateBranch,
  createFiscalYear: TOKENS.CreateFiscalYear,
  createWarehouse: TOKENS.CreateWarehouse,
  createProduct: TOKENS.CreateProduct,
  createCustomer: TOKENS.CreateCustomer,
  createIntegration: TOKENS.CreateIntegration,
  listIntegrations: TOKENS.ListIntegrations,
  updateIntegration: TOKENS.UpdateIntegration,
  rotateClientSecret: TOKENS.RotateClientSecret,
  approveAdjustment: TOKENS.ApproveAdjustment,
  rejectAdjustment: TOKENS.RejectAdjustment,
  listAdjustments: TOKENS.ListAdjustments,
  listStockLedger: TOKENS.ListStockLedger,
  approveInvoice: TOKENS.ApproveInvoice,
  approveCreditNote: TOKENS.ApproveCreditNote,
  approveDebitNote: TOKENS.ApproveDebitNote,
  voidCreditNote: TOKENS.VoidCreditNote,
  voidDebitNote: TOKENS.VoidDebitNote,
  resumeWebhook: TOKENS.ResumeWebhook,
  listDeliveries: TOKENS.ListDeliveries,
  replayDelivery: TOKENS.ReplayDelivery,
  pingWebhook: TOKENS.PingWebhook,
  recordCarrierEvent: TOKENS.RecordCarrierEvent,
};

const backOfficeModule = new ContainerModule(({ bind }) => {
  const names = Object.keys(BACK_OFFICE) as (keyof BackOfficeUseCases)[];
  bind<BackOfficeUseCases>(TOKENS.BackOfficeUseCases)
    .toResolvedValue(
      (...useCases: unknown[]) =>
        Object.fromEntries(names.map((n, i) => [n, useCases[i]])) as unknown as BackOfficeUseCases,
      names.map((n) => BACK_OFFICE[n]),
    )
    .inSingletonScope();
});

const httpModule = new ContainerModule(({ bind }) => {
  bind<Express>(TOKENS.HttpApp)
    .toResolvedValue(
      (
        config: Config,
        logger: Logger,
        knex: Knex,
        backOffice: BackOfficeUseCases,
        auth: AuthenticateRequest,
        listProducts: ListProducts,
        updateProduct: UpdateProduct,
        inventory: InventoryUseCases,
        billing: BillingUseCases,
        logistics: LogisticsUseCases,
      ) =>
        createHttpApp({
          logger,
          trustProxy: config.trustProxy,
          ready: async () => {
            await knex.raw('select 1');
            return true;
          },
          routers: [
            { path: '/api/v1/admin', router: createAdminRouter(config.adminToken ?? '', backOffice) },
            {
              path: '/api/v1/external',
              // Fixed paths (/products/stock, /products/adjust...) before /products/:id.
              router: createExternalRouter(authenticate(auth), [
                createInventoryRoutes(inventory),
                createCatalogueRoutes({ listProducts, updateProduct }),
                createBillingRoutes(billing),
                createLogisticsRoutes(logistics),
              ]),
            },
          ],
        }),
      [
        TOKENS.Config,
        TOKENS.Logger,
        TOKENS.Knex,
        TOKENS.BackOfficeUseCases,
        TOKENS.AuthenticateRequest,
        TOKENS.ListProducts,
        TOKENS.UpdateProduct,
        TOKENS.InventoryUseCases,
        TOKENS.BillingUseCases,
        TOKENS.LogisticsUseCases,
      ],
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
  container.load(
    coreModule,
    accessModule,
    organizationModule,
    inventoryModule,
    billingModule,
    logisticsModule,
    webhooksModule,
    backOfficeModule,
    httpModule,
  );
  return container;
}
