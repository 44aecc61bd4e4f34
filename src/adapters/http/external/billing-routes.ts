import { Router } from 'express';
import type { BillingUseCases } from '../../../application/billing/index.js';
import type { CreateInvoiceInput } from '../../../application/billing/create-invoice.js';
import type { CreateNoteInput } from '../../../application/billing/create-note.js';
import { MAX_INVOICE_ITEMS, PAYMENT_METHODS } from '../../../domain/billing/invoice-line.js';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../domain/billing/invoice.machine.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import { billingSchemas } from '../billing-schemas.js';
import { presentInvoice, presentInvoiceSummary, presentNote } from '../billing-presenters.js';
import { sendData, sendPage } from '../envelope.js';
import { uuidParam } from '../params.js';
import { bodyValidator, pageQuery, queryValidator, schemas } from '../../shared/validation.js';
import { callerOf } from './caller.js';

const { reason, maxAmount, maxQuantity } = billingSchemas;

const instantMessage = (field: string) =>
  `${field} must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone`;

/** ISO 8601 date (`2026-03-01`, UTC midnight) or RFC 3339 date-time with a zone. */
function isoInstant(field: string) {
  const message = instantMessage(field);
  return {
    type: 'string',
    anyOf: [
      { type: 'string', format: 'date', 'x-message': message },
      { type: 'string', format: 'date-time', 'x-message': message },
    ],
    'x-message': message,
  };
}

function toInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) throw new ValidationError(instantMessage(field), field);
  return date;
}

const invoiceListQuery = queryValidator<{
  page: number;
  limit: number;
  status?: InvoiceStatus;
  fromDate?: string;
  toDate?: string;
}>({
  type: 'object',
  properties: {
    ...pageQuery,
    status: { type: 'string', enum: [...INVOICE_STATUSES] },
    fromDate: isoInstant('fromDate'),
    toDate: isoInstant('toDate'),
  },
});

const noteListQuery = queryValidator<{ page: number; limit: number }>({
  type: 'object',
  properties: { ...pageQuery },
});

const invoiceBody = bodyValidator<CreateInvoiceInput>({
  type: 'object',
  additionalProperties: false,
  required: ['customerId', 'paymentMethod', 'items'],
  properties: {
    customerId: schemas.uuid,
    paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_INVOICE_ITEMS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['productId', 'quantity', 'unitPrice'],
        properties: {
          productId: schemas.uuid,
          quantity: { ...schemas.quantity, maximum: maxQuantity },
          unitPrice: { type: 'number', minimum: 0, maximum: maxAmount, maxDecimals: 2 },
        },
      },
    },
  },
});

const voidBody = bodyValidator<{ reason: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason },
});

const noteBody = bodyValidator<CreateNoteInput>({
  type: 'object',
  additionalProperties: false,
  required: ['invoiceId', 'amount', 'reason'],
  properties: {
    invoiceId: schemas.uuid,
    amount: { ...schemas.money, maximum: maxAmount },
    reason,
  },
});

/**
 * The billing endpoints of spec 4.2, relative to /api/v1/external. Authentication and roles
 * run before this router (mounted by the composition root); handlers read the caller.
 */
export function createBillingRoutes(uc: BillingUseCases): Router {
  const router = Router();

  router.get('/billing/invoices', async (req, res) => {
    const q = invoiceListQuery(req.query);
    const page = await uc.listInvoices.execute(callerOf(res), {
      page: q.page,
      limit: q.limit,
      status: q.status,
      fromDate: toInstant(q.fromDate, 'fromDate'),
      toDate: toInstant(q.toDate, 'toDate'),
    });
    sendPage(res, page, presentInvoiceSummary);
  });

  router.post('/billing/invoices', async (req, res) => {
    const invoice = await uc.createInvoice.execute(callerOf(res), invoiceBody(req.body));
    sendData(res, presentInvoice(invoice), 201);
  });

  router.patch('/billing/invoices/:id/void', async (req, res) => {
    const id = uuidParam(req.params.id);
    const invoice = await uc.voidInvoice.execute(callerOf(res), id, voidBody(req.body));
    sendData(res, presentInvoice(invoice));
  });

  router.get('/billing/credit-notes', async (req, res) => {
    sendPage(res, await uc.listCreditNotes.execute(callerOf(res), noteListQuery(req.query)), presentNote);
  });

  router.post('/billing/credit-notes', async (req, res) => {
    sendData(res, presentNote(await uc.createCreditNote.execute(callerOf(res), noteBody(req.body))), 201);
  });

  router.get('/billing/debit-notes', async (req, res) => {
    sendPage(res, await uc.listDebitNotes.execute(callerOf(res), noteListQuery(req.query)), presentNote);
  });

  router.post('/billing/debit-notes', async (req, res) => {
    sendData(res, presentNote(await uc.createDebitNote.execute(callerOf(res), noteBody(req.body))), 201);
  });

  return router;
}
