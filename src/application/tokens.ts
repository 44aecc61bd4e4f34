import type { AdmitRequest, GatewaySettings, GatewayUseCases } from './access/admit-request.js';
import type { AuthenticateRequest } from './access/authenticate-request.js';
import type { GetUsage, SetTenantPlan } from './access/tenant-plans.js';
import type {
  IdempotencyStore,
  IntegrationActivity,
  PlanDirectory,
  PlanRepository,
  UsageMeter,
} from './ports/gateway-ports.js';
import type { CreateIntegration } from './access/create-integration.js';
import type { IssueApiKey } from './access/issue-api-key.js';
import type { ListIntegrations, ListIntegrationsAcrossTenants } from './access/list-integrations.js';
import type { PurgeExpiredNonces } from './access/purge-nonces.js';
import type { RemoveApiKey } from './access/remove-api-key.js';
import type { RotateClientSecret } from './access/rotate-client-secret.js';
import type { UpdateIntegration } from './access/update-integration.js';
import type {
  AccessBackOffice,
  BillingBackOffice,
  GatewayBackOffice,
  InventoryBackOffice,
  LogisticsBackOffice,
  SetupBackOffice,
  WebhooksBackOffice,
  StaffBackOffice,
  ApprovalsBackOffice,
  BillingViews,
  InventoryViews,
  LogisticsViews,
} from './back-office.js';
import type { GetPayment, GetRefund, ListPayments, ListRefunds } from './billing/payments-and-refunds.js';
import type {
  GetGoodsReceipt,
  GetPurchaseOrder,
  GetTransfer,
  ListGoodsReceipts,
  ListReservations,
  ListTransfers,
} from './inventory/stock-documents.js';
import type { ListShipments } from './logistics/list-shipments.js';
import type { ApproveInvoice } from './billing/approve-invoice.js';
import type { CreateCustomer } from './billing/create-customer.js';
import type { CreateInvoice } from './billing/create-invoice.js';
import type { CreateNote } from './billing/create-note.js';
import type { CreateRefund } from './billing/create-refund.js';
import type { GetInvoice } from './billing/get-invoice.js';
import type { BillingUseCases } from './billing/index.js';
import type { ListCustomers } from './billing/list-customers.js';
import type { ListInvoicePayments, ListInvoiceRefunds } from './billing/list-invoice-money.js';
import type { ListInvoices } from './billing/list-invoices.js';
import type { GetNote, ListNotes } from './billing/list-notes.js';
import type { ApproveNote, VoidNote } from './billing/note-lifecycle.js';
import type { RecordPayment } from './billing/record-payment.js';
import type { VoidInvoice } from './billing/void-invoice.js';
import type { ApproveAdjustment } from './inventory/approve-adjustment.js';
import type { CreateProduct } from './inventory/create-product.js';
import type { GetLowStockSummary } from './inventory/get-low-stock-summary.js';
import type { GetProduct } from './inventory/get-product.js';
import type {
  AdminCreatePurchaseOrder,
  CancelPurchaseOrder,
  CreatePurchaseOrder,
  ListPurchaseOrders,
} from './inventory/purchase-orders.js';
import type { ReceiveGoods } from './inventory/receive-goods.js';
import type {
  CommitReservation,
  ExpireReservations,
  GetReservation,
  ReleaseReservation,
} from './inventory/reservation-lifecycle.js';
import type { ReserveStock } from './inventory/reserve-stock.js';
import type { TransferStock } from './inventory/transfer-stock.js';
import type { InventoryUseCases } from './inventory/index.js';
import type { GetAdjustment, GetAdjustmentForBackOffice } from './inventory/get-adjustment.js';
import type { ListAdjustments } from './inventory/list-adjustments.js';
import type { ListProducts } from './inventory/list-products.js';
import type { ListStockLedger } from './inventory/list-stock-ledger.js';
import type { RejectAdjustment } from './inventory/reject-adjustment.js';
import type { RequestAdjustment } from './inventory/request-adjustment.js';
import type { UpdateProduct } from './inventory/update-product.js';
import type { CreateBranch } from './organization/create-branch.js';
import type { CreateFiscalYear } from './organization/create-fiscal-year.js';
import type { CreateTenant } from './organization/create-tenant.js';
import type { UpdateTenant } from './organization/update-tenant.js';
import type { CreateWarehouse } from './organization/create-warehouse.js';
import type { GetTenant } from './organization/get-tenant.js';
import type { OrganizationUseCases } from './organization/index.js';
import type { ListTenants } from './organization/list-tenants.js';
import type { ListWarehouses } from './organization/list-warehouses.js';
import type { OrganizationQueries } from './ports/organization-queries.js';
import type {
  ApiKeyHasher,
  IntegrationDirectory,
  AuthFailureLimiter,
  NonceStore,
  RequestSigner,
  SecretCipher,
  SecretGenerator,
  WebhookTargetPolicy,
} from './ports/access-ports.js';
import type { BookShipment } from './logistics/book-shipment.js';
import type { CancelShipment } from './logistics/cancel-shipment.js';
import type { LogisticsUseCases } from './logistics/index.js';
import type { RecordCarrierEvent } from './logistics/record-carrier-event.js';
import type { TrackShipment } from './logistics/track-shipment.js';
import type { Carrier } from './ports/logistics-ports.js';
import type { Clock } from './ports/clock.js';
import type { IdGenerator } from './ports/id-generator.js';
import type { UnitOfWork } from './ports/unit-of-work.js';
import type { WebhookAlerts, WebhookSender, WebhookSettings } from './ports/webhook-ports.js';
import type { ClaimDueDeliveries } from './webhooks/claim-due-deliveries.js';
import type { FanOutEvents } from './webhooks/fan-out-events.js';
import type { ListDeliveries, ListDeliveriesAcrossIntegrations } from './webhooks/list-deliveries.js';
import type { PingWebhook } from './webhooks/ping-webhook.js';
import type { ProbeWebhookWork } from './webhooks/probe-webhook-work.js';
import type { ReclaimExpiredLeases } from './webhooks/reclaim-expired-leases.js';
import type { RecordDeliveryOutcomes } from './webhooks/record-delivery-outcomes.js';
import type { ReplayDelivery } from './webhooks/replay-delivery.js';
import type { ResumeWebhook } from './webhooks/resume-webhook.js';
import type { RotateWebhookSecret } from './webhooks/rotate-webhook-secret.js';

import type { AuthenticateStaff } from './staff/authenticate-staff.js';
import type { RecordTenancy } from './ports/staff-ports.js';
import type { ActivityStatistics } from './ports/activity-ports.js';
import type { DailyUsage } from './access/daily-usage.js';
import type { DailyDeliveries } from './webhooks/daily-deliveries.js';

declare const bound: unique symbol;

/**
 * An injection token that carries the type of what it names. At run time a plain symbol (so
 * inversify takes it as is); at compile time `bindUseCase` and kin in the composition root
 * check that a constructor's parameters match the tokens listed for it.
 */
export type Token<T> = symbol & { readonly [bound]?: T };

/** `token<Clock>('Clock')`: the registered symbol `Symbol.for(name)`, typed. */
export function token<T>(name: string): Token<T> {
  return Symbol.for(name);
}

/**
 * Injection tokens of the ports, the use cases and the groups of use cases each router takes.
 * Application code can name them without importing the container; the composition root
 * (src/infrastructure/modules/) binds them. Tokens of infrastructure values (config, logger,
 * knex, the HTTP app) live in src/infrastructure/tokens.ts.
 */
export const TOKENS = {
  // ports
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  Clock: token<Clock>('Clock'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  SecretCipher: token<SecretCipher>('SecretCipher'),
  SecretGenerator: token<SecretGenerator>('SecretGenerator'),
  RequestSigner: token<RequestSigner>('RequestSigner'),
  NonceStore: token<NonceStore>('NonceStore'),
  IntegrationDirectory: token<IntegrationDirectory>('IntegrationDirectory'),
  ApiKeyHasher: token<ApiKeyHasher>('ApiKeyHasher'),
  WebhookTargetPolicy: token<WebhookTargetPolicy>('WebhookTargetPolicy'),
  WebhookSender: token<WebhookSender>('WebhookSender'),
  WebhookAlerts: token<WebhookAlerts>('WebhookAlerts'),
  WebhookSettings: token<WebhookSettings>('WebhookSettings'),
  // access use cases
  CreateIntegration: token<CreateIntegration>('CreateIntegration'),
  ListIntegrations: token<ListIntegrations>('ListIntegrations'),
  ListIntegrationsAcrossTenants: token<ListIntegrationsAcrossTenants>('ListIntegrationsAcrossTenants'),
  UpdateIntegration: token<UpdateIntegration>('UpdateIntegration'),
  RotateClientSecret: token<RotateClientSecret>('RotateClientSecret'),
  IssueApiKey: token<IssueApiKey>('IssueApiKey'),
  RemoveApiKey: token<RemoveApiKey>('RemoveApiKey'),
  AuthenticateRequest: token<AuthenticateRequest>('AuthenticateRequest'),
  PurgeExpiredNonces: token<PurgeExpiredNonces>('PurgeExpiredNonces'),
  AccessBackOffice: token<AccessBackOffice>('AccessBackOffice'),
  // gateway: failed-auth limit, plans, metering, Idempotency-Key
  AuthFailureLimiter: token<AuthFailureLimiter>('AuthFailureLimiter'),
  UsageMeter: token<UsageMeter>('UsageMeter'),
  IntegrationActivity: token<IntegrationActivity>('IntegrationActivity'),
  PlanDirectory: token<PlanDirectory>('PlanDirectory'),
  PlanRepository: token<PlanRepository>('PlanRepository'),
  IdempotencyStore: token<IdempotencyStore>('IdempotencyStore'),
  GatewaySettings: token<GatewaySettings>('GatewaySettings'),
  AdmitRequest: token<AdmitRequest>('AdmitRequest'),
  SetTenantPlan: token<SetTenantPlan>('SetTenantPlan'),
  GetUsage: token<GetUsage>('GetUsage'),
  DailyUsage: token<DailyUsage>('DailyUsage'),
  DailyDeliveries: token<DailyDeliveries>('DailyDeliveries'),
  ActivityStatistics: token<ActivityStatistics>('ActivityStatistics'),
  GatewayUseCases: token<GatewayUseCases>('GatewayUseCases'),
  GatewayBackOffice: token<GatewayBackOffice>('GatewayBackOffice'),
  // organization use cases
  CreateTenant: token<CreateTenant>('CreateTenant'),
  UpdateTenant: token<UpdateTenant>('UpdateTenant'),
  CreateBranch: token<CreateBranch>('CreateBranch'),
  CreateFiscalYear: token<CreateFiscalYear>('CreateFiscalYear'),
  CreateWarehouse: token<CreateWarehouse>('CreateWarehouse'),
  OrganizationQueries: token<OrganizationQueries>('OrganizationQueries'),
  ListTenants: token<ListTenants>('ListTenants'),
  GetTenant: token<GetTenant>('GetTenant'),
  ListWarehouses: token<ListWarehouses>('ListWarehouses'),
  /** The OrganizationUseCases object the external organization router takes. */
  OrganizationUseCases: token<OrganizationUseCases>('OrganizationUseCases'),
  /** What the admin router's own setup routes take (organization, products, customers). */
  SetupBackOffice: token<SetupBackOffice>('SetupBackOffice'),
  // inventory use cases
  CreateProduct: token<CreateProduct>('CreateProduct'),
  ListProducts: token<ListProducts>('ListProducts'),
  UpdateProduct: token<UpdateProduct>('UpdateProduct'),
  RequestAdjustment: token<RequestAdjustment>('RequestAdjustment'),
  ListAdjustments: token<ListAdjustments>('ListAdjustments'),
  GetAdjustment: token<GetAdjustment>('GetAdjustment'),
  GetAdjustmentForBackOffice: token<GetAdjustmentForBackOffice>('GetAdjustmentForBackOffice'),
  GetLowStockSummary: token<GetLowStockSummary>('GetLowStockSummary'),
  ApproveAdjustment: token<ApproveAdjustment>('ApproveAdjustment'),
  RejectAdjustment: token<RejectAdjustment>('RejectAdjustment'),
  ListStockLedger: token<ListStockLedger>('ListStockLedger'),
  GetProduct: token<GetProduct>('GetProduct'),
  TransferStock: token<TransferStock>('TransferStock'),
  ReserveStock: token<ReserveStock>('ReserveStock'),
  GetReservation: token<GetReservation>('GetReservation'),
  CommitReservation: token<CommitReservation>('CommitReservation'),
  ReleaseReservation: token<ReleaseReservation>('ReleaseReservation'),
  ExpireReservations: token<ExpireReservations>('ExpireReservations'),
  CreatePurchaseOrder: token<CreatePurchaseOrder>('CreatePurchaseOrder'),
  AdminCreatePurchaseOrder: token<AdminCreatePurchaseOrder>('AdminCreatePurchaseOrder'),
  ListPurchaseOrders: token<ListPurchaseOrders>('ListPurchaseOrders'),
  CancelPurchaseOrder: token<CancelPurchaseOrder>('CancelPurchaseOrder'),
  ReceiveGoods: token<ReceiveGoods>('ReceiveGoods'),
  /** The InventoryUseCases object the external inventory router takes. */
  InventoryUseCases: token<InventoryUseCases>('InventoryUseCases'),
  InventoryBackOffice: token<InventoryBackOffice>('InventoryBackOffice'),
  GetPurchaseOrder: token<GetPurchaseOrder>('GetPurchaseOrder'),
  ListReservations: token<ListReservations>('ListReservations'),
  ListTransfers: token<ListTransfers>('ListTransfers'),
  GetTransfer: token<GetTransfer>('GetTransfer'),
  ListGoodsReceipts: token<ListGoodsReceipts>('ListGoodsReceipts'),
  GetGoodsReceipt: token<GetGoodsReceipt>('GetGoodsReceipt'),
  /** A tenant's catalogue and stock documents, as the back office's tenant views read them. */
  InventoryViews: token<InventoryViews>('InventoryViews'),
  // billing use cases
  CreateCustomer: token<CreateCustomer>('CreateCustomer'),
  ListInvoices: token<ListInvoices>('ListInvoices'),
  CreateInvoice: token<CreateInvoice>('CreateInvoice'),
  VoidInvoice: token<VoidInvoice>('VoidInvoice'),
  ApproveInvoice: token<ApproveInvoice>('ApproveInvoice'),
  ListCreditNotes: token<ListNotes>('ListCreditNotes'),
  CreateCreditNote: token<CreateNote>('CreateCreditNote'),
  ApproveCreditNote: token<ApproveNote>('ApproveCreditNote'),
  VoidCreditNote: token<VoidNote>('VoidCreditNote'),
  ListDebitNotes: token<ListNotes>('ListDebitNotes'),
  CreateDebitNote: token<CreateNote>('CreateDebitNote'),
  ApproveDebitNote: token<ApproveNote>('ApproveDebitNote'),
  VoidDebitNote: token<VoidNote>('VoidDebitNote'),
  ListCustomers: token<ListCustomers>('ListCustomers'),
  GetInvoice: token<GetInvoice>('GetInvoice'),
  RecordPayment: token<RecordPayment>('RecordPayment'),
  CreateRefund: token<CreateRefund>('CreateRefund'),
  ListInvoicePayments: token<ListInvoicePayments>('ListInvoicePayments'),
  ListInvoiceRefunds: token<ListInvoiceRefunds>('ListInvoiceRefunds'),
  /** The BillingUseCases object the external billing router takes. */
  BillingUseCases: token<BillingUseCases>('BillingUseCases'),
  BillingBackOffice: token<BillingBackOffice>('BillingBackOffice'),
  GetCreditNote: token<GetNote>('GetCreditNote'),
  GetDebitNote: token<GetNote>('GetDebitNote'),
  ListPayments: token<ListPayments>('ListPayments'),
  GetPayment: token<GetPayment>('GetPayment'),
  ListRefunds: token<ListRefunds>('ListRefunds'),
  GetRefund: token<GetRefund>('GetRefund'),
  /** A tenant's customers and billing documents, as the back office's tenant views read them. */
  BillingViews: token<BillingViews>('BillingViews'),
  // logistics use cases and ports
  Carrier: token<Carrier>('Carrier'),
  BookShipment: token<BookShipment>('BookShipment'),
  TrackShipment: token<TrackShipment>('TrackShipment'),
  CancelShipment: token<CancelShipment>('CancelShipment'),
  RecordCarrierEvent: token<RecordCarrierEvent>('RecordCarrierEvent'),
  /** The LogisticsUseCases object the external logistics router takes. */
  LogisticsUseCases: token<LogisticsUseCases>('LogisticsUseCases'),
  LogisticsBackOffice: token<LogisticsBackOffice>('LogisticsBackOffice'),
  ListShipments: token<ListShipments>('ListShipments'),
  /** A tenant's shipments, as the back office's tenant views read them. */
  LogisticsViews: token<LogisticsViews>('LogisticsViews'),
  // webhook use cases
  FanOutEvents: token<FanOutEvents>('FanOutEvents'),
  ClaimDueDeliveries: token<ClaimDueDeliveries>('ClaimDueDeliveries'),
  RecordDeliveryOutcomes: token<RecordDeliveryOutcomes>('RecordDeliveryOutcomes'),
  ReclaimExpiredLeases: token<ReclaimExpiredLeases>('ReclaimExpiredLeases'),
  ProbeWebhookWork: token<ProbeWebhookWork>('ProbeWebhookWork'),
  ResumeWebhook: token<ResumeWebhook>('ResumeWebhook'),
  ListDeliveries: token<ListDeliveries>('ListDeliveries'),
  ListDeliveriesAcrossIntegrations: token<ListDeliveriesAcrossIntegrations>('ListDeliveriesAcrossIntegrations'),
  ReplayDelivery: token<ReplayDelivery>('ReplayDelivery'),
  PingWebhook: token<PingWebhook>('PingWebhook'),
  RotateWebhookSecret: token<RotateWebhookSecret>('RotateWebhookSecret'),
  WebhooksBackOffice: token<WebhooksBackOffice>('WebhooksBackOffice'),
  StaffBackOffice: token<StaffBackOffice>('StaffBackOffice'),
  ApprovalsBackOffice: token<ApprovalsBackOffice>('ApprovalsBackOffice'),
  AuthenticateStaff: token<AuthenticateStaff>('AuthenticateStaff'),
  RecordTenancy: token<RecordTenancy>('RecordTenancy'),
} as const;
