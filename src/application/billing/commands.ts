import { Type, type Static } from '@sinclair/typebox';
import { PHONE_PATTERN, PHONE_RULE } from '../../domain/billing/customer.js';
import { MAX_AMOUNT } from '../../domain/billing/invoice-amounts.js';
import {
  MAX_INVOICE_ITEMS,
  MAX_QUANTITY,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../domain/billing/invoice-line.js';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../domain/billing/invoice.machine.js';
import { REASON_MAX_LENGTH, REASON_RULE } from '../../domain/billing/note.js';
import { Name, PageQueryFields, Uuid } from '../shared/schemas.js';

/**
 * Every billing input, declared once (spec 4.2, CONTRACT §5). The external and back-office
 * routes compile these schemas with ajv, which words each problem as spec 7.2 does; the use
 * cases take their `Static` types. The back office's approve routes take no body. Upper bounds are those of the numeric(14,2) and
 * numeric(14,3) columns.
 */

/** Free text: 1 to 500 characters, not only blanks. */
const Reason = Type.String({
  minLength: 1,
  maxLength: REASON_MAX_LENGTH,
  pattern: '\\S',
  'x-message': REASON_RULE,
});

/** A note amount: > 0, at most 2 decimals. */
const Amount = Type.Number({ exclusiveMinimum: 0, maxDecimals: 2, maximum: MAX_AMOUNT.toNumber() });

export const InvoiceItem = Type.Object(
  {
    productId: Uuid,
    quantity: Type.Number({ exclusiveMinimum: 0, maxDecimals: 3, maximum: MAX_QUANTITY.toNumber() }),
    unitPrice: Type.Number({ minimum: 0, maximum: MAX_AMOUNT.toNumber(), maxDecimals: 2 }),
  },
  { additionalProperties: false },
);

/** POST /billing/invoices. */
export const CreateInvoiceBody = Type.Object(
  {
    customerId: Uuid,
    paymentMethod: Type.Unsafe<PaymentMethod>({ type: 'string', enum: [...PAYMENT_METHODS] }),
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
  { invoiceId: Uuid, amount: Amount, reason: Reason },
  { additionalProperties: false },
);
export type CreateNoteCommand = Static<typeof CreateNoteBody>;

/** GET /billing/credit-notes and /billing/debit-notes. */
export const ListNotesQuery = Type.Object(PageQueryFields);
export type ListNotesCommand = Static<typeof ListNotesQuery>;

/** Back office: POST /{credit,debit}-notes/:id/void. The reason is optional. */
export const VoidNoteBody = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });
export type VoidNoteCommand = Static<typeof VoidNoteBody>;

/** Back office: POST /tenants/:tenantId/customers. */
export const CreateCustomerBody = Type.Object(
  {
    name: Name,
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    phone: Type.Optional(Type.String({ pattern: PHONE_PATTERN, 'x-message': PHONE_RULE })),
  },
  { additionalProperties: false },
);
export type CreateCustomerCommand = Static<typeof CreateCustomerBody> & { tenantId: string };
