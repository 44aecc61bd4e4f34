import { Type, type Static } from '@sinclair/typebox';
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_RULE,
  EMAIL_MAX_LENGTH,
  EMAIL_RULE,
  PHONE_RULE,
  TAX_ID_MAX_LENGTH,
  TAX_ID_RULE,
} from '../../domain/billing/customer.js';
import { MAX_INVOICE_ITEMS, PAYMENT_METHODS, type PaymentMethod } from '../../domain/billing/invoice-line.js';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../domain/billing/invoice.machine.js';
import { REASON_MAX_LENGTH, REASON_RULE, type NoteKind } from '../../domain/billing/note.js';
import { PAYMENT_REFERENCE_MAX_LENGTH, PAYMENT_REFERENCE_RULE } from '../../domain/billing/payment.js';
import { PHONE_PATTERN } from '../../domain/shared/phone.js';
import {
  Money,
  Name,
  PageQueryFields,
  Quantity,
  SearchTerm,
  TaxRate,
  Text,
  UnitPrice,
  Uuid,
} from '../shared/schemas.js';

/**
 * Every billing input, declared once (spec 4.2). The external and back-office
 * routes compile these schemas with ajv, which words each problem as spec 7.2 does; the use
 * cases take their `Static` types. The back office's approve routes take no body. Upper bounds are those of the numeric(14,2) and
 * numeric(14,3) columns.
 */

/** A void, note or refund reason: 1 to 500 characters, not only blanks. */
const Reason = Text(REASON_MAX_LENGTH, REASON_RULE);

/** One requested line; without `taxRate` the product's rate applies, as it is when the invoice is created. */
export const InvoiceItem = Type.Object(
  {
    productId: Uuid,
    quantity: Quantity,
    unitPrice: UnitPrice,
    taxRate: Type.Optional(TaxRate),
  },
  { additionalProperties: false },
);

/** POST /billing/invoices. */
/** CASH, CARD, QR or CREDIT. */
const Method = Type.Unsafe<PaymentMethod>({ type: 'string', enum: [...PAYMENT_METHODS] });

export const CreateInvoiceBody = Type.Object(
  {
    customerId: Uuid,
    paymentMethod: Method,
    items: Type.Array(InvoiceItem, { minItems: 1, maxItems: MAX_INVOICE_ITEMS }),
  },
  { additionalProperties: false },
);
export type CreateInvoiceCommand = Static<typeof CreateInvoiceBody>;

/** PATCH /billing/invoices/:id/void. */
export const VoidInvoiceBody = Type.Object({ reason: Reason }, { additionalProperties: false });
export type VoidInvoiceCommand = Static<typeof VoidInvoiceBody>;

/** The wording of a bad `fromDate` / `toDate`. */
export const instantRule = (field: string) =>
  `${field} must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone`;

/** ISO 8601 date (`2026-03-01`, UTC midnight) or RFC 3339 date-time with a zone. */
function Instant(field: string) {
  const message = instantRule(field);
  return Type.String({
    anyOf: [
      { type: 'string', format: 'date', 'x-message': message },
      { type: 'string', format: 'date-time', 'x-message': message },
    ],
    'x-message': message,
  });
}

/** GET /billing/invoices: `fromDate` inclusive, `toDate` exclusive, on the creation time. */
export const ListInvoicesQuery = Type.Object({
  ...PageQueryFields,
  status: Type.Optional(Type.Unsafe<InvoiceStatus>({ type: 'string', enum: [...INVOICE_STATUSES] })),
  fromDate: Type.Optional(Instant('fromDate')),
  toDate: Type.Optional(Instant('toDate')),
});
export type ListInvoicesCommand = Static<typeof ListInvoicesQuery>;

/** POST /billing/credit-notes and /billing/debit-notes. */
export const CreateNoteBody = Type.Object(
  { invoiceId: Uuid, amount: Money, reason: Reason },
  { additionalProperties: false },
);
export type CreateNoteCommand = Static<typeof CreateNoteBody>;

/** POST /billing/notes: either kind of note, named by `type`; the rest is the per-type body. */
export const CreateAnyNoteBody = Type.Object(
  {
    type: Type.Unsafe<NoteKind>({ type: 'string', enum: ['CREDIT', 'DEBIT'] }),
    ...CreateNoteBody.properties,
  },
  { additionalProperties: false },
);
export type CreateAnyNoteCommand = Static<typeof CreateAnyNoteBody>;

/** GET /billing/credit-notes and /billing/debit-notes. */
export const ListNotesQuery = Type.Object(PageQueryFields);
export type ListNotesCommand = Static<typeof ListNotesQuery>;

/** Back office `GET /tenants/:tenantId/payments`. */
export const ListPaymentsQuery = Type.Object({
  invoiceId: Type.Optional(Uuid),
  method: Type.Optional(Method),
  ...PageQueryFields,
});
export type ListPaymentsQuery = Static<typeof ListPaymentsQuery>;

/** Back office `GET /tenants/:tenantId/refunds`. */
export const ListRefundsQuery = Type.Object({ invoiceId: Type.Optional(Uuid), ...PageQueryFields });
export type ListRefundsQuery = Static<typeof ListRefundsQuery>;

/** Back office: POST /{credit,debit}-notes/:id/void. The reason is optional. */
export const VoidNoteBody = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });
export type VoidNoteCommand = Static<typeof VoidNoteBody>;

/** POST /billing/invoices/:id/payments (and the back office's payment of an invoice). */
export const RecordPaymentBody = Type.Object(
  {
    amount: Money,
    method: Method,
    reference: Type.Optional(Text(PAYMENT_REFERENCE_MAX_LENGTH, PAYMENT_REFERENCE_RULE)),
  },
  { additionalProperties: false },
);
export type RecordPaymentCommand = Static<typeof RecordPaymentBody>;

/** POST /billing/refunds. */
export const CreateRefundBody = Type.Object(
  { invoiceId: Uuid, amount: Money, reason: Reason, method: Type.Optional(Method) },
  { additionalProperties: false },
);
export type CreateRefundCommand = Static<typeof CreateRefundBody>;

/**
 * POST /billing/customers, and the back office's
 * POST /tenants/:tenantId/customers: one schema for both doors.
 */
export const CreateCustomerBody = Type.Object(
  {
    name: Name,
    email: Type.Optional(Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH, 'x-message': EMAIL_RULE })),
    phone: Type.Optional(Type.String({ pattern: PHONE_PATTERN, 'x-message': PHONE_RULE })),
    taxId: Type.Optional(Text(TAX_ID_MAX_LENGTH, TAX_ID_RULE)),
    address: Type.Optional(Text(ADDRESS_MAX_LENGTH, ADDRESS_RULE)),
  },
  { additionalProperties: false },
);
/** The customer and the tenant it belongs to (the caller's, or the back office's path parameter). */
export type CreateCustomerCommand = Static<typeof CreateCustomerBody> & { tenantId: string };

/** GET /billing/customers: page, limit and a search on name, email or phone. */
export const ListCustomersQuery = Type.Object({
  ...PageQueryFields,
  search: Type.Optional(SearchTerm),
});
export type ListCustomersCommand = Static<typeof ListCustomersQuery>;
