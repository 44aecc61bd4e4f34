import type { BillingUseCases } from '../../../../application/billing/index.js';
import type { InventoryUseCases } from '../../../../application/inventory/index.js';
import { adminRoute, presentPage } from '../route.js';
import type { LogisticsUseCases } from '../../../../application/logistics/index.js';
import {
  presentProductDetail,
  presentProductListItem,
  presentPurchaseOrder,
  presentReservation,
} from '../../inventory-presenters.js';
import { presentTracking } from '../../logistics-presenters.js';
import { TrackingResponse } from '../../../shared/responses/logistics.js';
import {
  presentCreditNote,
  presentCustomer,
  presentDebitNote,
  presentInvoiceDetail,
  presentInvoiceSummary,
} from '../../billing-presenters.js';
import { ListProductsQuery, ListPurchaseOrdersQuery } from '../../../../application/inventory/commands.js';
import { ListCustomersQuery, ListInvoicesQuery, ListNotesQuery } from '../../../../application/billing/commands.js';
import {
  ProductDetailResponse,
  ProductListItemResponse,
  PurchaseOrderResponse,
  ReservationResponse,
} from '../../../shared/responses/inventory.js';
import {
  CreditNoteData,
  CustomerData,
  DebitNoteData,
  InvoiceDetailData,
  InvoiceSummaryData,
} from '../../../shared/responses/billing.js';

const INVENTORY_TAG = 'Back office: Inventory';
const BILLING_TAG = 'Back office: Billing';

/** What every tenant view says of an unknown tenant (and of another tenant, to a scoped member). */
const UNKNOWN_TENANT = 'An unknown tenant is a 404 `Tenant not found`.';

const inventory = adminRoute<InventoryUseCases>();
const billing = adminRoute<BillingUseCases>();
const logistics = adminRoute<LogisticsUseCases>();

/**
 * A tenant's catalogue and purchase orders, read through the external API's use cases and
 * answered as the external API answers them.
 */
export const TENANT_INVENTORY_VIEWS = [
  inventory({
    method: 'get',
    path: '/tenants/:tenantId/products',
    operationId: 'adminListProducts',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'List the catalogue of a tenant',
    description: `As the external \`GET /products\`: by name then id, \`search\` on the name or SKU. ${UNKNOWN_TENANT}`,
    tag: INVENTORY_TAG,
    query: ListProductsQuery,
    success: { status: 200, data: ProductListItemResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listProducts.execute({ tenantId: params.tenantId }, query), presentProductListItem),
  }),
  inventory({
    method: 'get',
    path: '/tenants/:tenantId/products/:id',
    operationId: 'adminGetProduct',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'A product of a tenant with its stock per warehouse',
    description: `As the external \`GET /products/:id\`: per warehouse its on hand, reserved and available stock. ${UNKNOWN_TENANT}`,
    tag: INVENTORY_TAG,
    success: { status: 200, data: ProductDetailResponse },
    errors: [404],
    handle: async (uc, { params }) =>
      presentProductDetail(await uc.getProduct.execute({ tenantId: params.tenantId }, params.id)),
  }),
  inventory({
    method: 'get',
    path: '/tenants/:tenantId/purchase-orders',
    operationId: 'adminListPurchaseOrders',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'List the purchase orders of a tenant',
    description: `As the external \`GET /purchase-orders\`: newest first, with their items. ${UNKNOWN_TENANT}`,
    tag: INVENTORY_TAG,
    query: ListPurchaseOrdersQuery,
    success: { status: 200, data: PurchaseOrderResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listPurchaseOrders.execute({ tenantId: params.tenantId }, query), presentPurchaseOrder),
  }),
  inventory({
    method: 'get',
    path: '/tenants/:tenantId/reservations/:id',
    operationId: 'adminGetReservation',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'A reservation of a tenant, its status as of now',
    description: `As the external \`GET /products/reservations/:id\`. ${UNKNOWN_TENANT}`,
    tag: INVENTORY_TAG,
    success: { status: 200, data: ReservationResponse },
    errors: [404],
    handle: async (uc, { params }) =>
      presentReservation(await uc.getReservation.execute({ tenantId: params.tenantId }, params.id)),
  }),
];

/** A tenant's shipment with its tracking, read through the external API's use case. */
export const TENANT_LOGISTICS_VIEWS = [
  logistics({
    method: 'get',
    path: '/tenants/:tenantId/shipments/:id',
    operationId: 'adminGetShipment',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'A shipment of a tenant and its tracking history',
    description: `As the external \`GET /logistics/shipments/:id/track\`. ${UNKNOWN_TENANT}`,
    tag: 'Back office: Logistics',
    success: { status: 200, data: TrackingResponse },
    errors: [404],
    handle: async (uc, { params }) =>
      presentTracking(await uc.trackShipment.execute({ tenantId: params.tenantId }, params.id)),
  }),
];

/** A tenant's customers, invoices and notes, read through the external API's use cases. */
export const TENANT_BILLING_VIEWS = [
  billing({
    method: 'get',
    path: '/tenants/:tenantId/customers',
    operationId: 'adminListCustomers',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'List the customers of a tenant',
    description: `As the external \`GET /billing/customers\`: \`search\` matches the name, email or phone. ${UNKNOWN_TENANT}`,
    tag: BILLING_TAG,
    query: ListCustomersQuery,
    success: { status: 200, data: CustomerData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listCustomers.execute({ tenantId: params.tenantId }, query), presentCustomer),
  }),
  billing({
    method: 'get',
    path: '/tenants/:tenantId/invoices',
    operationId: 'adminListInvoices',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'List the invoices of a tenant',
    description:
      'As the external `GET /billing/invoices`: newest first; `fromDate` is inclusive and `toDate` exclusive, ' +
      `on the creation time. ${UNKNOWN_TENANT}`,
    tag: BILLING_TAG,
    query: ListInvoicesQuery,
    success: { status: 200, data: InvoiceSummaryData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listInvoices.execute({ tenantId: params.tenantId }, query), presentInvoiceSummary),
  }),
  billing({
    method: 'get',
    path: '/tenants/:tenantId/invoices/:id',
    operationId: 'adminGetInvoice',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'An invoice of a tenant',
    description: `As the external \`GET /billing/invoices/:id\`: its lines, amounts, payments, refunds, credit and debit notes. ${UNKNOWN_TENANT}`,
    tag: BILLING_TAG,
    success: { status: 200, data: InvoiceDetailData },
    errors: [400, 404],
    handle: async (uc, { params }) =>
      presentInvoiceDetail(await uc.getInvoice.execute({ tenantId: params.tenantId }, params.id)),
  }),
  billing({
    method: 'get',
    path: '/tenants/:tenantId/credit-notes',
    operationId: 'adminListCreditNotes',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'List the credit notes of a tenant',
    description: `As the external \`GET /billing/credit-notes\`: newest first. ${UNKNOWN_TENANT}`,
    tag: BILLING_TAG,
    query: ListNotesQuery,
    success: { status: 200, data: CreditNoteData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listCreditNotes.execute({ tenantId: params.tenantId }, query), presentCreditNote),
  }),
  billing({
    method: 'get',
    path: '/tenants/:tenantId/debit-notes',
    operationId: 'adminListDebitNotes',
    access: { role: 'VIEWER', tenant: 'path' },
    summary: 'List the debit notes of a tenant',
    description: `As the external \`GET /billing/debit-notes\`: newest first. ${UNKNOWN_TENANT}`,
    tag: BILLING_TAG,
    query: ListNotesQuery,
    success: { status: 200, data: DebitNoteData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listDebitNotes.execute({ tenantId: params.tenantId }, query), presentDebitNote),
  }),
];
