/**
 * Injection tokens: one symbol per port and per use case. Plain symbols, so application code
 * can name them without importing the container; the composition root binds them
 * (src/infrastructure/container.ts).
 */
export const TOKENS = {
  // infrastructure values
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Knex: Symbol.for('Knex'),
  Database: Symbol.for('Database'),
  // ports
  UnitOfWork: Symbol.for('UnitOfWork'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  SecretCipher: Symbol.for('SecretCipher'),
  SecretGenerator: Symbol.for('SecretGenerator'),
  RequestSigner: Symbol.for('RequestSigner'),
  NonceStore: Symbol.for('NonceStore'),
  IntegrationDirectory: Symbol.for('IntegrationDirectory'),
  WebhookTargetPolicy: Symbol.for('WebhookTargetPolicy'),
  WebhookSender: Symbol.for('WebhookSender'),
  WebhookAlerts: Symbol.for('WebhookAlerts'),
  WebhookSettings: Symbol.for('WebhookSettings'),
  // access use cases
  CreateIntegration: Symbol.for('CreateIntegration'),
  ListIntegrations: Symbol.for('ListIntegrations'),
  UpdateIntegration: Symbol.for('UpdateIntegration'),
  RotateClientSecret: Symbol.for('RotateClientSecret'),
  AuthenticateRequest: Symbol.for('AuthenticateRequest'),
  PurgeExpiredNonces: Symbol.for('PurgeExpiredNonces'),
  // organization use cases
  CreateTenant: Symbol.for('CreateTenant'),
  CreateBranch: Symbol.for('CreateBranch'),
  CreateFiscalYear: Symbol.for('CreateFiscalYear'),
  CreateWarehouse: Symbol.for('CreateWarehouse'),
  // inventory use cases
  CreateProduct: Symbol.for('CreateProduct'),
  ListProducts: Symbol.for('ListProducts'),
  UpdateProduct: Symbol.for('UpdateProduct'),
  RequestAdjustment: Symbol.for('RequestAdjustment'),
  ListAdjustments: Symbol.for('ListAdjustments'),
  GetLowStockSummary: Symbol.for('GetLowStockSummary'),
  ApproveAdjustment: Symbol.for('ApproveAdjustment'),
  RejectAdjustment: Symbol.for('RejectAdjustment'),
  ListStockLedger: Symbol.for('ListStockLedger'),
  /** The InventoryUseCases object the external inventory router takes. */
  InventoryUseCases: Symbol.for('InventoryUseCases'),
  // billing use cases
  CreateCustomer: Symbol.for('CreateCustomer'),
  ListInvoices: Symbol.for('ListInvoices'),
  CreateInvoice: Symbol.for('CreateInvoice'),
  VoidInvoice: Symbol.for('VoidInvoice'),
  ApproveInvoice: Symbol.for('ApproveInvoice'),
  ListCreditNotes: Symbol.for('ListCreditNotes'),
  CreateCreditNote: Symbol.for('CreateCreditNote'),
  ApproveCreditNote: Symbol.for('ApproveCreditNote'),
  VoidCreditNote: Symbol.for('VoidCreditNote'),
  ListDebitNotes: Symbol.for('ListDebitNotes'),
  CreateDebitNote: Symbol.for('CreateDebitNote'),
  ApproveDebitNote: Symbol.for('ApproveDebitNote'),
  VoidDebitNote: Symbol.for('VoidDebitNote'),
  BillingUseCases: Symbol.for('BillingUseCases'),
  // logistics use cases and ports
  Carrier: Symbol.for('Carrier'),
  BookShipment: Symbol.for('BookShipment'),
  TrackShipment: Symbol.for('TrackShipment'),
  CancelShipment: Symbol.for('CancelShipment'),
  RecordCarrierEvent: Symbol.for('RecordCarrierEvent'),
  LogisticsUseCases: Symbol.for('LogisticsUseCases'),
  // webhook use cases
  FanOutEvents: Symbol.for('FanOutEvents'),
  ClaimDueDeliveries: Symbol.for('ClaimDueDeliveries'),
  RecordDeliveryOutcomes: Symbol.for('RecordDeliveryOutcomes'),
  ReclaimExpiredLeases: Symbol.for('ReclaimExpiredLeases'),
  ProbeWebhookWork: Symbol.for('ProbeWebhookWork'),
  ResumeWebhook: Symbol.for('ResumeWebhook'),
  ListDeliveries: Symbol.for('ListDeliveries'),
  ReplayDelivery: Symbol.for('ReplayDelivery'),
  PingWebhook: Symbol.for('PingWebhook'),
  // webhook worker
  WebhookDispatcher: Symbol.for('WebhookDispatcher'),
  // http
  BackOfficeUseCases: Symbol.for('BackOfficeUseCases'),
  HttpApp: Symbol.for('HttpApp'),
} as const;
