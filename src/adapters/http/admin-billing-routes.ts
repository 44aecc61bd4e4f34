import { Router } from 'express';
import type { BillingBackOffice } from '../../application/back-office.js';
import { VoidNoteBody } from '../../application/billing/commands.js';
import { presentInvoice, presentNote } from './billing-presenters.js';
import { sendData } from './envelope.js';
import { uuidParam } from './params.js';
import { bodyValidator } from '../shared/validation.js';

const noteVoidBody = bodyValidator(VoidNoteBody);

/**
 * Back-office billing operations (CONTRACT §5), across tenants: approve an invoice, approve
 * or void a credit or debit note. Mounted by `createAdminRouter`, behind the admin token.
 */
export function createAdminBillingRoutes(uc: BillingBackOffice): Router {
  const router = Router();

  router.post('/invoices/:id/approve', async (req, res) => {
    sendData(res, presentInvoice(await uc.approveInvoice.execute(uuidParam(req.params.id))));
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
