import { Router } from 'express';
import {
  CreateInvoiceBody,
  CreateNoteBody,
  ListInvoicesQuery,
  ListNotesQuery,
  VoidInvoiceBody,
} from '../../../application/billing/commands.js';
import type { BillingUseCases } from '../../../application/billing/index.js';
import { presentInvoice, presentInvoiceSummary, presentNote } from '../billing-presenters.js';
import { sendData, sendPage } from '../envelope.js';
import { uuidParam } from '../params.js';
import { bodyValidator, queryValidator } from '../../shared/validation.js';
import { callerOf } from './caller.js';

const invoiceListQuery = queryValidator(ListInvoicesQuery);
const noteListQuery = queryValidator(ListNotesQuery);
const invoiceBody = bodyValidator(CreateInvoiceBody);
const voidBody = bodyValidator(VoidInvoiceBody);
const noteBody = bodyValidator(CreateNoteBody);

/**
 * The billing endpoints of spec 4.2, relative to /api/v1/external. Authentication and roles
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
