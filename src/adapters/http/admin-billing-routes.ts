import { Router } from 'express';
import type { BillingBackOffice } from '../../application/back-office.js';
import { RecordPaymentBody, VoidNoteBody } from '../../application/billing/commands.js';
import { PageQuery } from '../../application/shared/schemas.js';
import {
  presentInvoice,
  presentNote,
  presentPayment,
  presentRecordedPayment,
  presentRefund,
} from './billing-presenters.js';
import { sendData, sendPage } from './envelope.js';
import { uuidParam } from './params.js';
import { bodyValidator, queryValidator } from '../shared/validation.js';

const noteVoidBody = bodyValidator(VoidNoteBody);
const paymentBody = bodyValidator(RecordPaymentBody);
const pageQuery = queryValidator(PageQuery);

/**
 * Back-office billing operations, across tenants: approve an invoice, approve
 * or void a credit or debit note, read an invoice's payments and refunds, record a payment. Mounted by `createAdminRouter`, behind the admin token.
 */
export function createAdminBillingRoutes(uc: BillingBackOffice): Router {
  const router = Router();

  router.post('/invoices/:id/approve', async (req, res) => {
    sendData(res, presentInvoice(await uc.approveInvoice.execute(uuidParam(req.params.id))));
  });

  router.get('/invoices/:id/payments', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendPage(res, await uc.listInvoicePayments.execute(id, pageQuery(req.query)), presentPayment);
  });

  router.post('/invoices/:id/payments', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentRecordedPayment(await uc.recordPayment.executeInAnyTenant(id, paymentBody(req.body))), 201);
  });

  router.get('/invoices/:id/refunds', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendPage(res, await uc.listInvoiceRefunds.execute(id, pageQuery(req.query)), presentRefund);
  });

  router.post('/credit-notes/:id/approve', async (req, res) => {
    sendData(res, presentNote(await uc.approveCreditNote.execute(uuidParam(req.params.id))));
  });

  router.post('/debit-notes/:id/approve', async (req, res) => {
    sendData(res, presentNote(await uc.approveDebitNote.execute(uuidParam(req.params.id))));
  });

  router.post('/credit-notes/:id/void', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentNote(await uc.voidCreditNote.execute(id, noteVoidBody(req.body ?? {}))));
  });

  router.post('/debit-notes/:id/void', async (req, res) => {
    const id = uuidParam(req.params.id);
    sendData(res, presentNote(await uc.voidDebitNote.execute(id, noteVoidBody(req.body ?? {}))));
  });

  return router;
}
