import type { CreateIntegration } from './access/create-integration.js';
import type { ListIntegrations } from './access/list-integrations.js';
import type { RotateClientSecret } from './access/rotate-client-secret.js';
import type { UpdateIntegration } from './access/update-integration.js';
import type { CreateCustomer } from './billing/create-customer.js';
import type { ApproveAdjustment } from './inventory/approve-adjustment.js';
import type { ApproveInvoice } from './billing/approve-invoice.js';
import type { ApproveNote, VoidNote } from './billing/note-lifecycle.js';
import type { CreateProduct } from './inventory/create-product.js';
import type { RecordCarrierEvent } from './logistics/record-carrier-event.js';
import type { ListAdjustments } from './inventory/list-adjustments.js';
import type { ListStockLedger } from './inventory/list-stock-ledger.js';
import type { RejectAdjustment } from './inventory/reject-adjustment.js';
import type { CreateBranch } from './organization/create-branch.js';
import type { CreateFiscalYear } from './organization/create-fiscal-year.js';
import type { CreateTenant } from './organization/create-tenant.js';
import type { CreateWarehouse } from './organization/create-warehouse.js';
import type { ListDeliveries } from './webhooks/list-deliveries.js';
import type { PingWebhook } from './webhooks/ping-webhook.js';
import type { ReplayDelivery } from './webhooks/replay-delivery.js';
import type { ResumeWebhook } from './webhooks/resume-webhook.js';

/**
 * The use cases the back office drives. The admin HTTP API and the command-line tool are two
 * adapters over this one set, so both behave the same.
 */
export interface BackOfficeUseCases {
  createTenant: CreateTenant;
  createBranch: CreateBranch;
  createFiscalYear: CreateFiscalYear;
  createWarehouse: CreateWarehouse;
  createProduct: CreateProduct;
  createCustomer: CreateCustomer;
  createIntegration: CreateIntegration;
  listIntegrations: ListIntegrations;
  updateIntegration: UpdateIntegration;
  rotateClientSecret: RotateClientSecret;
  approveAdjustment: ApproveAdjustment;
  rejectAdjustment: RejectAdjustment;
  listAdjustments: ListAdjustments;
  listStockLedger: ListStockLedger;
  approveInvoice: ApproveInvoice;
  approveCreditNote: ApproveNote;
  approveDebitNote: ApproveNote;
  voidCreditNote: VoidNote;
  voidDebitNote: VoidNote;
  resumeWebhook: ResumeWebhook;
  listDeliveries: ListDeliveries;
  replayDelivery: ReplayDelivery;
  pingWebhook: PingWebhook;
  recordCarrierEvent: RecordCarrierEvent;
}
