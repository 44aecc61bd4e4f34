import type { Static } from '@sinclair/typebox';
import type {
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
} from '../../application/billing/commands.js';
import type {
  CreditNoteData,
  CustomerData,
  DebitNoteData,
  InvoiceData,
  InvoiceDetailData,
  InvoiceSummaryData,
  IssuedNoteData,
  RecordedPaymentData,
  RefundData,
} from '../shared/responses/billing.js';
import type { PageOf, RequestOptions, Transport } from './transport.js';

/** What the billing routes answer (the `data` of each response), typed by the published schemas. */
export type Invoice = Static<typeof InvoiceData>;
export type InvoiceSummary = Static<typeof InvoiceSummaryData>;
export type InvoiceDetail = Static<typeof InvoiceDetailData>;
export type RecordedPayment = Static<typeof RecordedPaymentData>;
export type Refund = Static<typeof RefundData>;
export type Customer = Static<typeof CustomerData>;
export type CreditNote = Static<typeof CreditNoteData>;
export type DebitNote = Static<typeof DebitNoteData>;
export type IssuedNote = Static<typeof IssuedNoteData>;

/** What they take: the very schemas the routes validate with. */
export type CreateInvoiceInput = Static<typeof CreateInvoiceBody>;
export type VoidInvoiceInput = Static<typeof VoidInvoiceBody>;
export type RecordPaymentInput = Static<typeof RecordPaymentBody>;
export type CreateRefundInput = Static<typeof CreateRefundBody>;
export type CreateCustomerInput = Static<typeof CreateCustomerBody>;
export type CreateNoteInput = Static<typeof CreateNoteBody>;
export type CreateAnyNoteInput = Static<typeof CreateAnyNoteBody>;
export type ListInvoicesInput = Partial<Static<typeof ListInvoicesQuery>>;
export type ListCustomersInput = Partial<Static<typeof ListCustomersQuery>>;
export type ListNotesInput = Partial<Static<typeof ListNotesQuery>>;

const id = (value: string) => encodeURIComponent(value);

/** The typed methods of the external API's billing routes (one per route, named by its operationId). */
export class BillingApi {
  constructor(protected readonly transport: Transport) {}

  /** `GET /billing/invoices`: newest first; `fromDate` inclusive, `toDate` exclusive. */
  listInvoices(query: ListInvoicesInput = {}, options?: RequestOptions): Promise<PageOf<InvoiceSummary>> {
    return this.transport.sendPage('/billing/invoices', query, options);
  }

  /** `POST /billing/invoices`: a DRAFT invoice in the integration's branch and fiscal year. */
  createInvoice(body: CreateInvoiceInput, options?: RequestOptions): Promise<Invoice> {
    return this.transport.send('POST', '/billing/invoices', { body }, options);
  }

  /** `GET /billing/invoices/:id`: with its payments, refunds and notes. */
  getInvoice(invoiceId: string, options?: RequestOptions): Promise<InvoiceDetail> {
    return this.transport.send('GET', `/billing/invoices/${id(invoiceId)}`, undefined, options);
  }

  /** `PATCH /billing/invoices/:id/void`. */
  voidInvoice(invoiceId: string, body: VoidInvoiceInput, options?: RequestOptions): Promise<Invoice> {
    return this.transport.send('PATCH', `/billing/invoices/${id(invoiceId)}/void`, { body }, options);
  }

  /** `POST /billing/invoices/:id/payments`: at most the amount due. */
  recordPayment(invoiceId: string, body: RecordPaymentInput, options?: RequestOptions): Promise<RecordedPayment> {
    return this.transport.send('POST', `/billing/invoices/${id(invoiceId)}/payments`, { body }, options);
  }

  /** `POST /billing/refunds`: at most what was paid and not yet refunded. */
  createRefund(body: CreateRefundInput, options?: RequestOptions): Promise<Refund> {
    return this.transport.send('POST', '/billing/refunds', { body }, options);
  }

  /** `GET /billing/customers`: `search` matches the name, email or phone. */
  listCustomers(query: ListCustomersInput = {}, options?: RequestOptions): Promise<PageOf<Customer>> {
    return this.transport.sendPage('/billing/customers', query, options);
  }

  /** `POST /billing/customers`. */
  createCustomer(body: CreateCustomerInput, options?: RequestOptions): Promise<Customer> {
    return this.transport.send('POST', '/billing/customers', { body }, options);
  }

  /** `POST /billing/notes`: a credit or debit note, chosen by `type`. */
  createNote(body: CreateAnyNoteInput, options?: RequestOptions): Promise<IssuedNote> {
    return this.transport.send('POST', '/billing/notes', { body }, options);
  }

  /** `GET /billing/credit-notes`. */
  listCreditNotes(query: ListNotesInput = {}, options?: RequestOptions): Promise<PageOf<CreditNote>> {
    return this.transport.sendPage('/billing/credit-notes', query, options);
  }

  /** `POST /billing/credit-notes`: at most the invoice's creditable balance. */
  createCreditNote(body: CreateNoteInput, options?: RequestOptions): Promise<CreditNote> {
    return this.transport.send('POST', '/billing/credit-notes', { body }, options);
  }

  /** `GET /billing/debit-notes`. */
  listDebitNotes(query: ListNotesInput = {}, options?: RequestOptions): Promise<PageOf<DebitNote>> {
    return this.transport.sendPage('/billing/debit-notes', query, options);
  }

  /** `POST /billing/debit-notes`. */
  createDebitNote(body: CreateNoteInput, options?: RequestOptions): Promise<DebitNote> {
    return this.transport.send('POST', '/billing/debit-notes', { body }, options);
  }
}
