import type { CreateIntegration } from './access/create-integration.js';
import type { ListIntegrations, ListIntegrationsAcrossTenants } from './access/list-integrations.js';
import type { RotateClientSecret } from './access/rotate-client-secret.js';
import type { IssueApiKey } from './access/issue-api-key.js';
import type { RemoveApiKey } from './access/remove-api-key.js';
import type { UpdateIntegration } from './access/update-integration.js';
import type { GetUsage, SetTenantPlan } from './access/tenant-plans.js';
import type { ApproveInvoice } from './billing/approve-invoice.js';
import type { CreateCustomer } from './billing/create-customer.js';
import type { ListInvoicePayments, ListInvoiceRefunds } from './billing/list-invoice-money.js';
import type { ApproveNote, VoidNote } from './billing/note-lifecycle.js';
import type { RecordPayment } from './billing/record-payment.js';
import type { ApproveAdjustment } from './inventory/approve-adjustment.js';
import type { CreateProduct } from './inventory/create-product.js';
import type { RecordCarrierEvent } from './logistics/record-carrier-event.js';
import type { GetAdjustmentForBackOffice } from './inventory/get-adjustment.js';
import type { ListAdjustments } from './inventory/list-adjustments.js';
import type { ListStockLedger } from './inventory/list-stock-ledger.js';
import type { AdminCreatePurchaseOrder, CancelPurchaseOrder } from './inventory/purchase-orders.js';
import type { RejectAdjustment } from './inventory/reject-adjustment.js';
import type { CreateBranch } from './organization/create-branch.js';
import type { CreateFiscalYear } from './organization/create-fiscal-year.js';
import type { CreateTenant } from './organization/create-tenant.js';
import type { UpdateTenant } from './organization/update-tenant.js';
import type { CreateWarehouse } from './organization/create-warehouse.js';
import type { GetTenant } from './organization/get-tenant.js';
import type { ListTenants } from './organization/list-tenants.js';
import type { ListDeliveries, ListDeliveriesAcrossIntegrations } from './webhooks/list-deliveries.js';
import type { PingWebhook } from './webhooks/ping-webhook.js';
import type { RotateWebhookSecret } from './webhooks/rotate-webhook-secret.js';
import type { ReplayDelivery } from './webhooks/replay-delivery.js';
import type { ResumeWebhook } from './webhooks/resume-webhook.js';
import type { ListAudit, VerifyAudit } from './staff/audit-trail.js';
import type { CreateStaff, ListStaff, ResetStaffPassword, UpdateStaff } from './staff/manage-staff.js';
import type {
  ChangePassword,
  ConfirmTotp,
  CreateAccessToken,
  ListAccessTokens,
  RevokeAccessToken,
  StartTotp,
} from './staff/own-account.js';
import type { SignIn, SignOut } from './staff/sign-in.js';
import type { ListApprovals } from './approvals/list-approvals.js';
import type { DailyUsage } from './access/daily-usage.js';
import type { DailyDeliveries } from './webhooks/daily-deliveries.js';
import type { GetInvoice } from './billing/get-invoice.js';
import type { ListCustomers } from './billing/list-customers.js';
import type { ListInvoices } from './billing/list-invoices.js';
import type { GetNote, ListNotes } from './billing/list-notes.js';
import type { GetPayment, GetRefund, ListPayments, ListRefunds } from './billing/payments-and-refunds.js';
import type { GetProduct } from './inventory/get-product.js';
import type { ListProducts } from './inventory/list-products.js';
import type { ListPurchaseOrders } from './inventory/purchase-orders.js';
import type { GetReservation } from './inventory/reservation-lifecycle.js';
import type {
  GetGoodsReceipt,
  GetPurchaseOrder,
  GetTransfer,
  ListGoodsReceipts,
  ListReservations,
  ListTransfers,
} from './inventory/stock-documents.js';
import type { ListShipments } from './logistics/list-shipments.js';
import type { TrackShipment } from './logistics/track-shipment.js';

/*
 * The back office's use cases, one group per admin router: each router receives only its own
 * group (no bag of every use case). The command-line tool is a client of the admin API, so the
 * two cannot drift apart.
 */

/** The admin router's own setup routes: tenants and their branches, years, warehouses, products, customers. */
export interface SetupBackOffice {
  createTenant: CreateTenant;
  updateTenant: UpdateTenant;
  listTenants: ListTenants;
  getTenant: GetTenant;
  createBranch: CreateBranch;
  createFiscalYear: CreateFiscalYear;
  createWarehouse: CreateWarehouse;
  createProduct: CreateProduct;
  createCustomer: CreateCustomer;
}

/** Integrations: create, list (a tenant's, or across tenants), change, rotate the client secret. */
export interface AccessBackOffice {
  createIntegration: CreateIntegration;
  listIntegrations: ListIntegrations;
  listIntegrationsAcrossTenants: ListIntegrationsAcrossTenants;
  updateIntegration: UpdateIntegration;
  rotateClientSecret: RotateClientSecret;
  issueApiKey: IssueApiKey;
  removeApiKey: RemoveApiKey;
}

/** Tenants' monthly plans and usage. */
export interface GatewayBackOffice {
  setTenantPlan: SetTenantPlan;
  getUsage: GetUsage;
  dailyUsage: DailyUsage;
}

/** Stock adjustment decisions, the adjustment list and detail, the stock ledger, purchase orders. */
export interface InventoryBackOffice {
  approveAdjustment: ApproveAdjustment;
  rejectAdjustment: RejectAdjustment;
  listAdjustments: ListAdjustments;
  getAdjustment: GetAdjustmentForBackOffice;
  listStockLedger: ListStockLedger;
  createPurchaseOrder: AdminCreatePurchaseOrder;
  cancelPurchaseOrder: CancelPurchaseOrder;
}

/**
 * Invoice approval, credit and debit note approval and voiding, an invoice's payments and
 * refunds, and recording a payment (`recordPayment.executeInAnyTenant`).
 */
export interface BillingBackOffice {
  approveInvoice: ApproveInvoice;
  approveCreditNote: ApproveNote;
  approveDebitNote: ApproveNote;
  voidCreditNote: VoidNote;
  voidDebitNote: VoidNote;
  recordPayment: RecordPayment;
  listInvoicePayments: ListInvoicePayments;
  listInvoiceRefunds: ListInvoiceRefunds;
}

/** Webhook endpoints and deliveries: resume, list (an integration's, or across integrations), replay, ping. */
export interface WebhooksBackOffice {
  resumeWebhook: ResumeWebhook;
  listDeliveries: ListDeliveries;
  listDeliveriesAcrossIntegrations: ListDeliveriesAcrossIntegrations;
  replayDelivery: ReplayDelivery;
  pingWebhook: PingWebhook;
  rotateWebhookSecret: RotateWebhookSecret;
  dailyDeliveries: DailyDeliveries;
}

/** Shipments: the built-in carrier's progress, reported by the back office. */
export interface LogisticsBackOffice {
  recordCarrierEvent: RecordCarrierEvent;
}

/*
 * A tenant's records as the back office reads them (`/tenants/:tenantId/...`): the external
 * API's own reads where it has them, and the lists and lookups only the back office has.
 */

/** Products, purchase orders, reservations, transfers and goods receipts. */
export interface InventoryViews {
  listProducts: ListProducts;
  getProduct: GetProduct;
  listPurchaseOrders: ListPurchaseOrders;
  getPurchaseOrder: GetPurchaseOrder;
  listReservations: ListReservations;
  getReservation: GetReservation;
  listTransfers: ListTransfers;
  getTransfer: GetTransfer;
  listGoodsReceipts: ListGoodsReceipts;
  getGoodsReceipt: GetGoodsReceipt;
}

/** Customers, invoices, credit and debit notes, payments and refunds. */
export interface BillingViews {
  listCustomers: ListCustomers;
  listInvoices: ListInvoices;
  getInvoice: GetInvoice;
  listCreditNotes: ListNotes;
  getCreditNote: GetNote;
  listDebitNotes: ListNotes;
  getDebitNote: GetNote;
  listPayments: ListPayments;
  getPayment: GetPayment;
  listRefunds: ListRefunds;
  getRefund: GetRefund;
}

/** Shipments and their tracking. */
export interface LogisticsViews {
  listShipments: ListShipments;
  trackShipment: TrackShipment;
}

/** The approvals inbox. */
export interface ApprovalsBackOffice {
  listApprovals: ListApprovals;
}

/** The back office's own people: signing in, staff, each member's password, TOTP and tokens, the audit log. */
export interface StaffBackOffice {
  signIn: SignIn;
  signOut: SignOut;
  createStaff: CreateStaff;
  listStaff: ListStaff;
  updateStaff: UpdateStaff;
  resetStaffPassword: ResetStaffPassword;
  changePassword: ChangePassword;
  startTotp: StartTotp;
  confirmTotp: ConfirmTotp;
  createAccessToken: CreateAccessToken;
  listAccessTokens: ListAccessTokens;
  revokeAccessToken: RevokeAccessToken;
  listAudit: ListAudit;
  verifyAudit: VerifyAudit;
}
