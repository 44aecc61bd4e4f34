import type { CreateCustomer } from './create-customer.js';
import type { CreateInvoice } from './create-invoice.js';
import type { CreateNote } from './create-note.js';
import type { CreateRefund } from './create-refund.js';
import type { GetInvoice } from './get-invoice.js';
import type { ListCustomers } from './list-customers.js';
import type { ListInvoices } from './list-invoices.js';
import type { ListNotes } from './list-notes.js';
import type { RecordPayment } from './record-payment.js';
import type { VoidInvoice } from './void-invoice.js';

/**
 * The billing use cases of the external API (spec 4.2). `createBillingRoutes` is the HTTP
 * adapter over them; each takes the authenticated `Caller` and stays inside its tenant.
 */
export interface BillingUseCases {
  listInvoices: ListInvoices;
  createInvoice: CreateInvoice;
  voidInvoice: VoidInvoice;
  listCreditNotes: ListNotes;
  createCreditNote: CreateNote;
  listDebitNotes: ListNotes;
  createDebitNote: CreateNote;
  getInvoice: GetInvoice;
  recordPayment: RecordPayment;
  createRefund: CreateRefund;
  createCustomer: CreateCustomer;
  listCustomers: ListCustomers;
}
