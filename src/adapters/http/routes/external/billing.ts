import type { BillingUseCases } from '../../../../application/billing/index.js';
import { externalRoute, presentPage } from '../route.js';
import {
  presentCustomer,
  presentInvoice,
  presentInvoiceDetail,
  presentInvoiceSummary,
  presentIssuedNote,
  presentCreditNote,
  presentDebitNote,
  presentRecordedPayment,
  presentRefund,
} from '../../billing-presenters.js';
import {
  CreditNoteExceedsBalance,
  PaymentExceedsAmountDue,
  RefundExceedsRefundable,
} from '../../../../domain/billing/errors.js';
import { LINE_GROSS_RULE, LINE_TOTAL_RULE } from '../../../../domain/billing/invoice-line.js';
import {
  CreateAnyNoteBody,
  CreateCustomerBody,
  CreateInvoiceBody,
  CreateNoteBody,
  CreateRefundBody,
  ListCustomersQuery,
  ListInvoicesQuery,
  ListNotesQuery,
  RecordPaymentBody,
  VoidInvoiceBody,
} from '../../../../application/billing/commands.js';
import {
  CustomerData,
  InvoiceData,
  InvoiceDetailData,
  InvoiceSummaryData,
  RecordedPaymentData,
  RefundData,
} from '../../../shared/responses/billing.js';
import { CreditNoteData, DebitNoteData, IssuedNoteData } from '../../../shared/responses/billing-notes.js';

const TAG = 'Billing';

// Example ids (any UUID of the caller's tenant will do).
const CUSTOMER_ID = '0b7a3c1e-5d2f-4a8b-9c6d-1e2f3a4b5c6d';
const PRODUCT_ID = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const INVOICE_ID = '3c9d8e7f-6a5b-4c3d-8e1f-0a9b8c7d6e5f';

const noteExample = { invoiceId: INVOICE_ID, amount: 25, reason: 'Damaged item returned' };
/** A customer as an example body (the back office's customer route shows it too). */
export const customerExample = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+97798000000',
  taxId: 'PAN-123456789',
  address: 'Kathmandu',
};

const route = externalRoute<BillingUseCases>();

/** The billing routes of the external API. */
export const BILLING_ROUTES = [
  route({
    method: 'get',
    path: '/billing/invoices',
    operationId: 'listInvoices',
    access: ['billing'],
    summary: 'List invoices',
    description: 'Newest first; `fromDate` is inclusive and `toDate` exclusive, on the creation time.',
    tag: TAG,
    query: ListInvoicesQuery,
    success: { status: 200, data: InvoiceSummaryData, paginated: true },
    errors: [400],
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listInvoices.execute(caller, query), presentInvoiceSummary),
  }),
  route({
    method: 'post',
    path: '/billing/invoices',
    operationId: 'createInvoice',
    access: ['billing'],
    rules: [
      { field: 'items', rule: LINE_TOTAL_RULE },
      { field: 'items', rule: LINE_GROSS_RULE },
    ],
    summary: 'Create an invoice',
    description:
      "Issued as DRAFT in the caller's branch and fiscal year; amounts are computed from the lines. Each line is " +
      "taxed at its item's `taxRate`, else its product's rate as it is now: net pricing adds the tax to " +
      "quantity × unitPrice, gross pricing (the tenant's `pricesIncludeTax`) finds it inside; every amount is " +
      'rounded half-up to cents, line by line. `totalAmount` (Σ grossAmount) is what is paid.',
    tag: TAG,
    body: CreateInvoiceBody,
    success: { status: 201, data: InvoiceData },
    errors: [400, 404, 409],
    example: {
      customerId: CUSTOMER_ID,
      paymentMethod: 'CASH',
      items: [{ productId: PRODUCT_ID, quantity: 2, unitPrice: 150 }],
    },
    handle: async (uc, { caller, body, keyed }) => presentInvoice(await uc.createInvoice.execute(caller, body, keyed)),
  }),
  route({
    method: 'get',
    path: '/billing/invoices/:id',
    operationId: 'getInvoice',
    access: ['billing'],
    summary: 'Read an invoice',
    description: 'The invoice with its lines, amounts, payments, refunds, credit notes and debit notes.',
    tag: TAG,
    success: { status: 200, data: InvoiceDetailData },
    errors: [400, 404],
    handle: async (uc, { caller, params }) => presentInvoiceDetail(await uc.getInvoice.execute(caller, params.id)),
  }),
  route({
    method: 'post',
    path: '/billing/invoices/:id/payments',
    operationId: 'recordPayment',
    access: ['billing'],
    rules: [{ field: 'amount', rule: PaymentExceedsAmountDue.rule }],
    summary: 'Record a payment of an invoice',
    description: 'At most the amount due; the payment that settles the invoice makes it PAID.',
    tag: TAG,
    body: RecordPaymentBody,
    success: { status: 201, data: RecordedPaymentData },
    errors: [400, 404, 409],
    example: { amount: 100, method: 'CARD', reference: 'POS-0042' },
    handle: async (uc, { caller, params, body, keyed }) =>
      presentRecordedPayment(await uc.recordPayment.execute(caller, params.id, body, keyed)),
  }),
  route({
    method: 'post',
    path: '/billing/refunds',
    operationId: 'createRefund',
    access: ['billing'],
    rules: [{ field: 'amount', rule: RefundExceedsRefundable.rule }],
    summary: 'Refund an invoice',
    description: 'At most what was paid and not yet refunded.',
    tag: TAG,
    body: CreateRefundBody,
    success: { status: 201, data: RefundData },
    errors: [400, 404, 409],
    example: { invoiceId: INVOICE_ID, amount: 50, reason: 'Customer returned one item', method: 'CASH' },
    handle: async (uc, { caller, body, keyed }) => presentRefund(await uc.createRefund.execute(caller, body, keyed)),
  }),
  route({
    method: 'get',
    path: '/billing/customers',
    operationId: 'listCustomers',
    access: ['billing'],
    summary: 'List customers',
    description: '`search` matches the name, email or phone.',
    tag: TAG,
    query: ListCustomersQuery,
    success: { status: 200, data: CustomerData, paginated: true },
    errors: [400],
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listCustomers.execute(caller, query), presentCustomer),
  }),
  route({
    method: 'post',
    path: '/billing/customers',
    operationId: 'createCustomer',
    access: ['billing'],
    summary: 'Create a customer',
    tag: TAG,
    body: CreateCustomerBody,
    success: { status: 201, data: CustomerData },
    errors: [400, 409],
    example: customerExample,
    handle: async (uc, { caller, body, keyed }) =>
      presentCustomer(await uc.createCustomer.execute({ ...body, tenantId: caller.tenantId }, keyed)),
  }),
  route({
    method: 'post',
    path: '/billing/notes',
    operationId: 'createNote',
    access: ['billing'],
    rules: [{ field: 'amount', rule: CreditNoteExceedsBalance.rule }],
    summary: 'Create a credit or debit note',
    description:
      'One endpoint for either kind, chosen by `type`; answers what the per-type endpoint does, plus `type`.',
    tag: TAG,
    body: CreateAnyNoteBody,
    success: { status: 201, data: IssuedNoteData },
    errors: [400, 404, 409],
    example: { type: 'CREDIT', ...noteExample },
    handle: async (uc, { caller, body, keyed }) => {
      // The same use cases as the per-type routes, chosen by `type`.
      const { type, ...command } = body;
      const create = type === 'CREDIT' ? uc.createCreditNote : uc.createDebitNote;
      return presentIssuedNote(await create.execute(caller, command, keyed));
    },
  }),
  route({
    method: 'patch',
    path: '/billing/invoices/:id/void',
    operationId: 'voidInvoice',
    access: ['billing'],
    summary: 'Void an invoice',
    description: 'A PAID or already VOIDED invoice cannot be voided (409).',
    tag: TAG,
    body: VoidInvoiceBody,
    success: { status: 200, data: InvoiceData },
    errors: [400, 404, 409],
    example: { reason: 'Issued to the wrong customer' },
    handle: async (uc, { caller, params, body }) =>
      presentInvoice(await uc.voidInvoice.execute(caller, params.id, body)),
  }),
  route({
    method: 'get',
    path: '/billing/credit-notes',
    operationId: 'listCreditNotes',
    access: ['billing'],
    summary: 'List credit notes',
    tag: TAG,
    query: ListNotesQuery,
    success: { status: 200, data: CreditNoteData, paginated: true },
    errors: [400],
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listCreditNotes.execute(caller, query), presentCreditNote),
  }),
  route({
    method: 'post',
    path: '/billing/credit-notes',
    operationId: 'createCreditNote',
    access: ['billing'],
    rules: [{ field: 'amount', rule: CreditNoteExceedsBalance.rule }],
    summary: 'Create a credit note',
    description: "At most the invoice's creditable balance (its net amount minus its DRAFT credit notes).",
    tag: TAG,
    body: CreateNoteBody,
    success: { status: 201, data: CreditNoteData },
    errors: [400, 404, 409],
    example: noteExample,
    handle: async (uc, { caller, body, keyed }) =>
      presentCreditNote(await uc.createCreditNote.execute(caller, body, keyed)),
  }),
  route({
    method: 'get',
    path: '/billing/debit-notes',
    operationId: 'listDebitNotes',
    access: ['billing'],
    summary: 'List debit notes',
    tag: TAG,
    query: ListNotesQuery,
    success: { status: 200, data: DebitNoteData, paginated: true },
    errors: [400],
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listDebitNotes.execute(caller, query), presentDebitNote),
  }),
  route({
    method: 'post',
    path: '/billing/debit-notes',
    operationId: 'createDebitNote',
    access: ['billing'],
    summary: 'Create a debit note',
    tag: TAG,
    body: CreateNoteBody,
    success: { status: 201, data: DebitNoteData },
    errors: [400, 404, 409],
    example: { ...noteExample, reason: 'Delivery charge added' },
    handle: async (uc, { caller, body, keyed }) =>
      presentDebitNote(await uc.createDebitNote.execute(caller, body, keyed)),
  }),
];
