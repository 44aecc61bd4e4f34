import type { BillingViews } from '../../../../../application/back-office.js';
import {
  ListCustomersQuery,
  ListInvoicesQuery,
  ListNotesQuery,
  ListPaymentsQuery,
  ListRefundsQuery,
} from '../../../../../application/billing/commands.js';
import {
  CustomerData,
  InvoiceDetailData,
  InvoiceSummaryData,
  PaymentData,
  RefundData,
} from '../../../../shared/responses/billing.js';
import { CreditNoteData, DebitNoteData } from '../../../../shared/responses/billing-notes.js';
import {
  presentCreditNote,
  presentCustomer,
  presentDebitNote,
  presentInvoiceDetail,
  presentInvoiceSummary,
  presentPayment,
  presentRefund,
} from '../../../billing-presenters.js';
import { adminRoute, presentPage } from '../../route.js';
import { TENANT_READ, UNKNOWN_TENANT, unknownRecord } from './shared.js';

const TAG = 'Back office: Billing';

const route = adminRoute<BillingViews>();

/**
 * A tenant's customers and billing documents: customers, invoices and notes through the
 * external API's reads (answered as it answers them), payments and refunds through the back
 * office's own lists; each document also by id.
 */
export const TENANT_BILLING_VIEWS = [
  route({
    method: 'get',
    path: '/tenants/:tenantId/customers',
    operationId: 'adminListCustomers',
    access: TENANT_READ,
    summary: 'List the customers of a tenant',
    description: `As the external \`GET /billing/customers\`: \`search\` matches the name, email or phone. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListCustomersQuery,
    success: { status: 200, data: CustomerData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listCustomers.execute({ tenantId: params.tenantId }, query), presentCustomer),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/invoices',
    operationId: 'adminListInvoices',
    access: TENANT_READ,
    summary: 'List the invoices of a tenant',
    description:
      'As the external `GET /billing/invoices`: newest first; `fromDate` is inclusive and `toDate` exclusive, ' +
      `on the creation time. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListInvoicesQuery,
    success: { status: 200, data: InvoiceSummaryData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listInvoices.execute({ tenantId: params.tenantId }, query), presentInvoiceSummary),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/invoices/:id',
    operationId: 'adminGetInvoice',
    access: TENANT_READ,
    summary: 'An invoice of a tenant',
    description: `As the external \`GET /billing/invoices/:id\`: its lines, amounts, payments, refunds, credit and debit notes. ${unknownRecord('Invoice not found')}`,
    tag: TAG,
    success: { status: 200, data: InvoiceDetailData },
    errors: [400, 404],
    handle: async (uc, { params }) =>
      presentInvoiceDetail(await uc.getInvoice.execute({ tenantId: params.tenantId }, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/credit-notes',
    operationId: 'adminListCreditNotes',
    access: TENANT_READ,
    summary: 'List the credit notes of a tenant',
    description: `As the external \`GET /billing/credit-notes\`: newest first. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListNotesQuery,
    success: { status: 200, data: CreditNoteData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listCreditNotes.execute({ tenantId: params.tenantId }, query), presentCreditNote),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/credit-notes/:id',
    operationId: 'adminGetCreditNote',
    access: TENANT_READ,
    summary: 'A credit note of a tenant',
    description: unknownRecord('Credit note not found'),
    tag: TAG,
    success: { status: 200, data: CreditNoteData },
    errors: [404],
    handle: async (uc, { params }) => presentCreditNote(await uc.getCreditNote.execute(params.tenantId, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/debit-notes',
    operationId: 'adminListDebitNotes',
    access: TENANT_READ,
    summary: 'List the debit notes of a tenant',
    description: `As the external \`GET /billing/debit-notes\`: newest first. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListNotesQuery,
    success: { status: 200, data: DebitNoteData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listDebitNotes.execute({ tenantId: params.tenantId }, query), presentDebitNote),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/debit-notes/:id',
    operationId: 'adminGetDebitNote',
    access: TENANT_READ,
    summary: 'A debit note of a tenant',
    description: unknownRecord('Debit note not found'),
    tag: TAG,
    success: { status: 200, data: DebitNoteData },
    errors: [404],
    handle: async (uc, { params }) => presentDebitNote(await uc.getDebitNote.execute(params.tenantId, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/payments',
    operationId: 'adminListPayments',
    access: TENANT_READ,
    summary: 'List the payments of a tenant',
    description: `Newest received first, of every invoice; \`invoiceId\` and \`method\` narrow the list. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListPaymentsQuery,
    success: { status: 200, data: PaymentData, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listPayments.execute(params.tenantId, query), presentPayment),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/payments/:id',
    operationId: 'adminGetPayment',
    access: TENANT_READ,
    summary: 'A payment of a tenant',
    description: unknownRecord('Payment not found'),
    tag: TAG,
    success: { status: 200, data: PaymentData },
    errors: [404],
    handle: async (uc, { params }) => presentPayment(await uc.getPayment.execute(params.tenantId, params.id)),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/refunds',
    operationId: 'adminListRefunds',
    access: TENANT_READ,
    summary: 'List the refunds of a tenant',
    description: `Newest first, of every invoice; \`invoiceId\` narrows the list. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListRefundsQuery,
    success: { status: 200, data: RefundData, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listRefunds.execute(params.tenantId, query), presentRefund),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/refunds/:id',
    operationId: 'adminGetRefund',
    access: TENANT_READ,
    summary: 'A refund of a tenant',
    description: unknownRecord('Refund not found'),
    tag: TAG,
    success: { status: 200, data: RefundData },
    errors: [404],
    handle: async (uc, { params }) => presentRefund(await uc.getRefund.execute(params.tenantId, params.id)),
  }),
];
