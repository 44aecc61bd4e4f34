import type { BillingBackOffice } from '../../../../application/back-office.js';
import { adminRoute, presentPage } from '../route.js';
import {
  presentInvoice,
  presentCreditNote,
  presentDebitNote,
  presentPayment,
  presentRecordedPayment,
  presentRefund,
} from '../../billing-presenters.js';
import { PaymentExceedsAmountDue } from '../../../../domain/billing/errors.js';
import { RecordPaymentBody, VoidNoteBody } from '../../../../application/billing/commands.js';
import { PageQuery } from '../../../../application/shared/schemas.js';
import { InvoiceData, PaymentData, RecordedPaymentData, RefundData } from '../../../shared/responses/billing.js';
import { CreditNoteData, DebitNoteData } from '../../../shared/responses/billing-notes.js';

const ADMIN_TAG = 'Back office: Billing';

const route = adminRoute<BillingBackOffice>();

/** Billing decisions across tenants: approve an invoice, approve or void a note, an invoice's payments and refunds, record a payment. */
export const BILLING_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/invoices/:id/approve',
    operationId: 'adminApproveInvoice',
    access: { role: 'APPROVER', tenant: { of: 'invoice' }, audit: { action: 'invoice.approve', target: 'invoice' } },
    summary: 'Approve an invoice',
    description: 'DRAFT → APPROVED; the approver recorded (`approvedBy`) is the caller (its email).',
    tag: ADMIN_TAG,
    success: { status: 200, data: InvoiceData },
    errors: [400, 404, 409],
    handle: async (uc, { params, actor, audit }) =>
      presentInvoice(await uc.approveInvoice.execute(params.id, actor.email, audit)),
  }),
  route({
    method: 'get',
    path: '/invoices/:id/payments',
    operationId: 'adminListInvoicePayments',
    access: { role: 'VIEWER', tenant: { of: 'invoice' } },
    summary: "List an invoice's payments",
    tag: ADMIN_TAG,
    query: PageQuery,
    success: { status: 200, data: PaymentData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listInvoicePayments.execute(params.id, query), presentPayment),
  }),
  route({
    method: 'post',
    path: '/invoices/:id/payments',
    operationId: 'adminRecordPayment',
    access: {
      role: 'APPROVER',
      tenant: { of: 'invoice' },
      audit: { action: 'payment.create', target: 'payment', id: 'none' },
    },
    rules: [{ field: 'amount', rule: PaymentExceedsAmountDue.rule }],
    summary: 'Record a payment of an invoice',
    description:
      'The same as the external route, for an invoice of any tenant; the recorder (`recordedBy`) is the caller (its email), and so is the approver of a DRAFT invoice the payment approves.',
    tag: ADMIN_TAG,
    body: RecordPaymentBody,
    success: { status: 201, data: RecordedPaymentData },
    errors: [400, 404, 409],
    example: { amount: 100, method: 'QR' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentRecordedPayment(await uc.recordPayment.executeInAnyTenant(params.id, body, actor.email, audit)),
  }),
  route({
    method: 'get',
    path: '/invoices/:id/refunds',
    operationId: 'adminListInvoiceRefunds',
    access: { role: 'VIEWER', tenant: { of: 'invoice' } },
    summary: "List an invoice's refunds",
    tag: ADMIN_TAG,
    query: PageQuery,
    success: { status: 200, data: RefundData, paginated: true },
    errors: [400, 404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listInvoiceRefunds.execute(params.id, query), presentRefund),
  }),
  route({
    method: 'post',
    path: '/credit-notes/:id/approve',
    operationId: 'adminApproveCreditNote',
    access: {
      role: 'APPROVER',
      tenant: { of: 'credit-note' },
      audit: { action: 'credit-note.approve', target: 'credit-note' },
    },
    summary: 'Approve a credit note',
    description:
      'DRAFT → APPROVED by the caller (`approvedBy`, its email); a credit note that covers what is due settles the invoice (PAID).',
    tag: ADMIN_TAG,
    success: { status: 200, data: CreditNoteData },
    errors: [400, 404, 409],
    handle: async (uc, { params, actor, audit }) =>
      presentCreditNote(await uc.approveCreditNote.execute(params.id, actor.email, audit)),
  }),
  route({
    method: 'post',
    path: '/debit-notes/:id/approve',
    operationId: 'adminApproveDebitNote',
    access: {
      role: 'APPROVER',
      tenant: { of: 'debit-note' },
      audit: { action: 'debit-note.approve', target: 'debit-note' },
    },
    summary: 'Approve a debit note',
    description: 'DRAFT → APPROVED by the caller (`approvedBy`, its email).',
    tag: ADMIN_TAG,
    success: { status: 200, data: DebitNoteData },
    errors: [400, 404, 409],
    handle: async (uc, { params, actor, audit }) =>
      presentDebitNote(await uc.approveDebitNote.execute(params.id, actor.email, audit)),
  }),
  route({
    method: 'post',
    path: '/credit-notes/:id/void',
    operationId: 'adminVoidCreditNote',
    access: {
      role: 'APPROVER',
      tenant: { of: 'credit-note' },
      audit: { action: 'credit-note.void', target: 'credit-note' },
    },
    summary: 'Void a credit note',
    description:
      'DRAFT → VOIDED by the caller (`voidedBy`, its email); the reason is optional (an absent body is an empty one).',
    tag: ADMIN_TAG,
    body: VoidNoteBody,
    bodyOptional: true,
    success: { status: 200, data: CreditNoteData },
    errors: [400, 404, 409],
    example: { reason: 'Raised in error' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentCreditNote(await uc.voidCreditNote.execute(params.id, body, actor.email, audit)),
  }),
  route({
    method: 'post',
    path: '/debit-notes/:id/void',
    operationId: 'adminVoidDebitNote',
    access: {
      role: 'APPROVER',
      tenant: { of: 'debit-note' },
      audit: { action: 'debit-note.void', target: 'debit-note' },
    },
    summary: 'Void a debit note',
    description:
      'DRAFT → VOIDED by the caller (`voidedBy`, its email); the reason is optional (an absent body is an empty one).',
    tag: ADMIN_TAG,
    body: VoidNoteBody,
    bodyOptional: true,
    success: { status: 200, data: DebitNoteData },
    errors: [400, 404, 409],
    example: { reason: 'Raised in error' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentDebitNote(await uc.voidDebitNote.execute(params.id, body, actor.email, audit)),
  }),
];
