import type { Customer } from '../../domain/billing/customer.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { InvoiceAmounts } from '../../domain/billing/invoice-amounts.js';
import type { InvoiceTotals } from '../../domain/billing/tax.js';
import type { InvoicePricing, PaymentMethod } from '../../domain/billing/invoice-line.js';
import type { InvoiceStatus } from '../../domain/billing/invoice.machine.js';
import type { Note } from '../../domain/billing/note.js';
import type { Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import type { Page, PageRequest } from './pagination.js';

export interface CustomerListQuery extends PageRequest {
  /** Case-insensitive substring of the name, the email or the phone. */
  search?: string;
}

export interface CustomerRepository {
  add(customer: Customer): Promise<void>;
  findById(tenantId: string, id: string): Promise<Customer | null>;
  /** By name, then id. */
  list(tenantId: string, query: CustomerListQuery): Promise<Page<Customer>>;
}

/** Options of a load: `forUpdate` locks the row until the transaction ends. */
export interface LoadOptions {
  forUpdate?: boolean;
}

export interface InvoiceListQuery extends PageRequest {
  status?: InvoiceStatus;
  /** Creation time, inclusive. */
  fromDate?: Date;
  /** Creation time, exclusive. */
  toDate?: Date;
}

/** What invoice lists show: the invoice without its lines (its totals and amounts). */
export interface InvoiceSummary extends InvoiceAmounts, InvoiceTotals {
  id: string;
  billNumber: string;
  status: InvoiceStatus;
  customerId: string;
  paymentMethod: PaymentMethod;
  branchId: string;
  createdAt: Date;
}

/** An invoice with everything recorded against it. */
export interface InvoiceDetail {
  invoice: Invoice;
  payments: Payment[];
  refunds: Refund[];
  creditNotes: Note[];
  debitNotes: Note[];
}

export interface InvoiceRepository {
  /**
   * A new invoice (`Invoice.create`) and its lines, numbered (`Invoice.numbered`) with the next
   * `INV` number of its fiscal year, all in one statement, atomic on its own (so it may run in
   * `UnitOfWork.runStatement`). Throws DuplicateDocumentNumber when the number is taken,
   * CustomerNotFound when the customer is not the tenant's, InvoiceLineProductMissing when a
   * line's product is not, FiscalYearNotFound when the fiscal year is not the tenant's.
   */
  add(invoice: Invoice): Promise<void>;
  /** Writes the lifecycle fields (status, payments, void reason, timestamps). */
  save(invoice: Invoice): Promise<void>;
  /**
   * What a new invoice of the tenant is priced with: the tenant's pricing mode and the current tax
   * rate of each of `productIds` the tenant has (an id it does not have is absent from the map).
   */
  findPricing(tenantId: string, productIds: readonly string[]): Promise<InvoicePricing>;
  /**
   * The invoice with its lines and note totals. With `forUpdate` the row is locked first and
   * the note totals are read after the lock, so they include every note committed before it.
   */
  findById(tenantId: string, id: string, options?: LoadOptions): Promise<Invoice | null>;
  /** Back office: the invoice whatever its tenant. */
  findByIdAcrossTenants(id: string, options?: LoadOptions): Promise<Invoice | null>;
  /**
   * A read: the invoice (as `findById` unlocked) with every payment, refund, credit note and
   * debit note recorded against it, each newest first, then id; all from one snapshot.
   */
  findDetail(tenantId: string, id: string): Promise<InvoiceDetail | null>;
  /** Newest first, then id. */
  list(tenantId: string, query: InvoiceListQuery): Promise<Page<InvoiceSummary>>;
}

/** The back office's filters of a tenant's payments. */
export interface PaymentListQuery extends PageRequest {
  invoiceId?: string;
  method?: PaymentMethod;
}

/** Payments of invoices: written once, never changed. */
export interface PaymentRepository {
  /**
   * Stores the new payment and its events, numbered (`PAY-`) by the same statement; call it
   * as the transaction's last write, since the counter stays locked until the commit. Throws
   * FiscalYearNotFound (the fiscal year is not the tenant's) or DuplicateDocumentNumber.
   */
  add(payment: Payment): Promise<void>;
  findById(tenantId: string, id: string): Promise<Payment | null>;
  /** The tenant's payments, newest received first, then id. */
  list(tenantId: string, query: PaymentListQuery): Promise<Page<Payment>>;
  /** A page of the invoice's payments, newest first, then id. */
  listByInvoice(tenantId: string, invoiceId: string, query: PageRequest): Promise<Page<Payment>>;
}

/** The back office's filters of a tenant's refunds. */
export interface RefundListQuery extends PageRequest {
  invoiceId?: string;
}

/** Refunds of invoices: written once, never changed. */
export interface RefundRepository {
  /**
   * Stores the new refund and its events, numbered (`RF-`) by the same statement; call it
   * as the transaction's last write, since the counter stays locked until the commit. Throws
   * FiscalYearNotFound (the fiscal year is not the tenant's) or DuplicateDocumentNumber.
   */
  add(refund: Refund): Promise<void>;
  findById(tenantId: string, id: string): Promise<Refund | null>;
  /** The tenant's refunds, newest first, then id. */
  list(tenantId: string, query: RefundListQuery): Promise<Page<Refund>>;
  /** A page of the invoice's refunds, newest first, then id. */
  listByInvoice(tenantId: string, invoiceId: string, query: PageRequest): Promise<Page<Refund>>;
}

/** Credit notes and debit notes: one table each, one interface. */
export interface NoteRepository {
  /** Throws DuplicateDocumentNumber when the number is taken. */
  add(note: Note): Promise<void>;
  /** Writes the lifecycle fields (status, void reason, timestamps). */
  save(note: Note): Promise<void>;
  findById(tenantId: string, id: string, options?: LoadOptions): Promise<Note | null>;
  /** Back office: the note whatever its tenant. */
  findByIdAcrossTenants(id: string): Promise<Note | null>;
  /** Newest first, then id. */
  list(tenantId: string, query: PageRequest): Promise<Page<Note>>;
}
