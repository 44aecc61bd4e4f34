import { Router } from 'express';
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
} from '../../../application/billing/commands.js';
import type { BillingUseCases } from '../../../application/billing/index.js';
import {
  presentCustomer,
  presentInvoice,
  presentInvoiceDetail,
  presentInvoiceSummary,
  presentIssuedNote,
  presentNote,
  presentRecordedPayment,
  presentRefund,
} from '../billing-presenters.js';
import { sendData, sendPage } from '../envelope.js';
import { uuidParam } from '../params.js';
import { bodyValidator, queryValidator } from '../../shared/validation.js';
import { callerOf } from './caller.js';

const invoiceListQuery = queryValidator(ListInvoicesQuery);
const noteListQuery = queryValidator(ListNotesQuery);
const invoiceBody = bodyValidator(CreateInvoiceBody);
const voidBody = bodyValidator(VoidInvoiceBody);
const noteBody = bodyValidator(CreateNoteBody);
const anyNoteBody = bodyValidator(CreateAnyNoteBody);
const paymentBody = bodyValidator(RecordPaymentBody);
const refundBody = bodyValidator(CreateRefundBody);
const customerBody = bodyValidator(CreateCustomerBody);
const customerListQuery = queryValidator(ListCustomersQuery);

/**
 * The billing endpoints of spec 4.2 and those added to it, relative to /api/v1/external. Authentication and roles
 * run before this router (mounted by the composition root); handlers read the caller.
 */
export function createBillingRoutes(uc: BillingUseCases): Router {
  const router = Router();

  router.get('/billing/invoices', async (req, res) => {
    sendPage(res, await uc.listInvoices.execute(callerOf(res), invoiceListQuery(req.query)), presentInvoiceSummary);
  });

  router.post('/billing/invoices', async (req, res) => {
    const invoice = await uc.createInvoice.execute(callerOf(res), invoiceBody(req.body));
    sendData(res, presentInvoice(invoice), 201);
  });

  router.get('/billing/invoices/:id', async (req, res) => {
    sendData(res, presentInvoiceDetail(await uc.getInvoice.execute(callerOf(res), uuidParam(req.params.id))));
  });

  router.post('/billing/invoices/:id/payments', async (req, res) => {
    const id = uuidParam(req.params.id);
    const recorded = await uc.recordPayment.execute(callerOf(res), id, paymentBody(req.body));
    sendData(res, presentRecordedPayment(recorded), 201);
  });

  router.post('/billing/refunds', async (req, res) => {
    sendData(res, presentRefund(await uc.createRefund.execute(callerOf(res), refundBody(req.body))), 201);
  });

  router.get('/billing/customers', async (req, res) => {
    sendPage(res, await uc.listCustomers.execute(callerOf(res), customerListQuery(req.query)), presentCustomer);
  });

  router.post('/billing/customers', async (req, res) => {
    const customer = await uc.createCustomer.execute({ ...customerBody(req.body), tenantId: callerOf(res).tenantId });
    sendData(res, presentCustomer(customer), 201);
  });

  // One endpoint for either kind: the same use cases as the per-type routes, chosen by `type`.
  router.post('/billing/notes', async (req, res) => {
    const { type, ...command } = anyNoteBody(req.body);
    const create = type === 'CREDIT' ? uc.createCreditNote : uc.createDebitNote;
    sendData(res, presentIssuedNote(await create.execute(callerOf(res), command)), 201);
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
