import { Type } from '@sinclair/typebox';
import { PAYMENT_METHODS } from '../../../domain/billing/invoice-line.js';
import { INVOICE_STATUSES } from '../../../domain/billing/invoice.machine.js';
import { PAYMENT_STATUS } from '../../../domain/billing/payment.js';
import { InvoiceNoteData } from './billing-notes.js';
import { closed, DecidedBy, Decimal, Id, NullableString, Timestamp } from './common.js';

/**
 * The `data` of every billing answer (spec 2.5, 2.7, 2.8 and the fields added to it), declared once:
 * the presenters are typed by these schemas, the OpenAPI document publishes them and the SDK's
 * billing methods return their static types.
 */

const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const MethodValue = Type.Union(
  PAYMENT_METHODS.map((m) => Type.Literal(m)),
  { description: 'How the invoice is (or was) paid.' },
);
const InvoiceStatus = Type.Union(INVOICE_STATUSES.map((s) => Type.Literal(s)));

export const CustomerData = closed(
  {
    id: Id,
    name: Type.String(),
    email: NullableString,
    phone: NullableString,
    taxId: NullableString,
    address: NullableString,
    createdAt: Timestamp,
  },
  'A customer of the tenant.',
);

const TaxRate = Type.Number({ description: 'A percentage, 0 to 100, at most 2 decimals.', examples: [13] });

/** One invoice line: quantity × unitPrice (`lineTotal`) and its tax, each amount rounded half-up to cents. */
export const InvoiceLineData = closed(
  {
    productId: Id,
    quantity: Decimal,
    unitPrice: Decimal,
    lineTotal: Type.Number({ description: 'quantity × unitPrice, rounded half-up to cents.' }),
    taxRate: TaxRate,
    untaxedAmount: Type.Number({ description: 'The line without tax.' }),
    taxAmount: Type.Number({ description: "The line's tax." }),
    grossAmount: Type.Number({ description: 'untaxedAmount + taxAmount.' }),
  },
  'One invoice line with its tax: net pricing taxes lineTotal on top, gross pricing finds the tax inside it.',
);

/** One rate of an invoice: the sums of its lines at that rate. */
export const TaxBreakdownEntryData = closed(
  { taxRate: TaxRate, untaxedAmount: Decimal, taxAmount: Decimal },
  "The invoice's lines at one tax rate, summed.",
);

/** An invoice's totals: what lists and reads show alike. */
const InvoiceTotalsFields = {
  subtotal: Type.Number({ description: "Σ the lines' untaxedAmount." }),
  taxAmount: Type.Number({ description: "Σ the lines' taxAmount." }),
  totalAmount: Type.Number({ description: "Σ the lines' grossAmount = subtotal + taxAmount: what is paid." }),
};

/** An invoice's fields (its number is `billNumber`; amounts are exact JSON numbers). */
const InvoiceFields = {
  id: Id,
  billNumber: Type.String({ examples: ['INV-2026-000001'] }),
  status: InvoiceStatus,
  customerId: Id,
  paymentMethod: MethodValue,
  branchId: Id,
  fiscalYearId: Id,
  ...InvoiceTotalsFields,
  netAmount: Decimal,
  amountPaid: Decimal,
  amountDue: Decimal,
  items: Type.Array(InvoiceLineData),
  taxBreakdown: Type.Array(TaxBreakdownEntryData, { description: 'One entry per tax rate of the lines, ascending.' }),
  voidReason: NullableString,
  approvedAt: NullableTimestamp,
  approvedBy: DecidedBy(
    'Who approved it, or recorded the payment that did',
    "while DRAFT, when an integration's payment approved it",
  ),
  voidedAt: NullableTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

/** An invoice as created, voided or approved. */
export const InvoiceData = closed(InvoiceFields, 'An invoice with its lines.');

/** One invoice of a list: its figures, not its lines. */
export const InvoiceSummaryData = closed(
  {
    id: Id,
    billNumber: InvoiceFields.billNumber,
    ...InvoiceTotalsFields,
    status: InvoiceStatus,
    customerId: Id,
    paymentMethod: MethodValue,
    branchId: Id,
    netAmount: Decimal,
    amountPaid: Decimal,
    amountDue: Decimal,
    createdAt: Timestamp,
  },
  'An invoice as listed (without its lines).',
);

const RecordedBy = DecidedBy('Who recorded it', 'when an integration did');

/** A payment as listed (back office). */
export const PaymentData = closed(
  {
    id: Id,
    paymentNumber: Type.String(),
    invoiceId: Id,
    amount: Decimal,
    method: MethodValue,
    reference: NullableString,
    receivedAt: Timestamp,
    branchId: Id,
    recordedBy: RecordedBy,
  },
  'A payment of an invoice.',
);

/** POST /billing/invoices/:id/payments: the payment and where it left the invoice. */
export const RecordedPaymentData = closed(
  {
    ...PaymentData.properties,
    invoiceStatus: InvoiceStatus,
    amountDue: Type.Number({ description: 'What is still due on the invoice after this payment.' }),
  },
  'The recorded payment and the invoice status it left.',
);

const RefundStatus = Type.Literal('PROCESSED');

/** POST /billing/refunds, and the back office's refund list. */
export const RefundData = closed(
  {
    id: Id,
    refundNumber: Type.String(),
    invoiceId: Id,
    amount: Decimal,
    reason: Type.String(),
    method: Type.Union([MethodValue, Type.Null()]),
    status: RefundStatus,
    branchId: Id,
    createdAt: Timestamp,
  },
  'A refund of an invoice.',
);

/** One entry of an invoice's `payments` or `refunds`. */
const DocumentEntry = { id: Id, number: Type.String(), amount: Decimal };

/** GET /billing/invoices/:id: the invoice with its payments, refunds and notes. */
export const InvoiceDetailData = closed(
  {
    ...InvoiceFields,
    payments: Type.Array(
      closed({
        ...DocumentEntry,
        status: Type.Literal(PAYMENT_STATUS),
        method: MethodValue,
        reference: NullableString,
        receivedAt: Timestamp,
        recordedBy: RecordedBy,
      }),
    ),
    refunds: Type.Array(
      closed({
        ...DocumentEntry,
        status: RefundStatus,
        reason: Type.String(),
        method: Type.Union([MethodValue, Type.Null()]),
        createdAt: Timestamp,
      }),
    ),
    creditNotes: Type.Array(InvoiceNoteData),
    debitNotes: Type.Array(InvoiceNoteData),
  },
  'An invoice with its lines, payments, refunds and notes.',
);
