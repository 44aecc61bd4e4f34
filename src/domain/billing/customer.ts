import { ValidationError } from '../shared/errors.js';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, phoneRule } from '../shared/phone.js';
import { cleanText, requiredText, textRule } from '../shared/text.js';

export interface Customer {
  readonly id: string;
  readonly tenantId: string;
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly taxId: string | null;
  readonly address: string | null;
  readonly createdAt: Date;
}

export const CUSTOMER_NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const TAX_ID_MAX_LENGTH = 64;
export const ADDRESS_MAX_LENGTH = 500;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A customer's phone number (`PHONE_PATTERN`), stored trimmed. */
export const PHONE_RULE = phoneRule('phone');
export const EMAIL_RULE = 'email must be a valid email address';
export const TAX_ID_RULE = textRule('taxId', TAX_ID_MAX_LENGTH);
export const ADDRESS_RULE = textRule('address', ADDRESS_MAX_LENGTH);
const PHONE = new RegExp(PHONE_PATTERN);
const ANYTHING = /./;

/** What a new customer is made from: the request, checked by its schema. */
export interface NewCustomer {
  name: string;
  email?: string;
  phone?: string;
  taxId?: string;
  address?: string;
}

/**
 * A new customer. The request schema checks the shape; the customer keeps its
 * own invariants on the trimmed values (a name that is not only blanks, contact fields that
 * still read as an email address or a phone number).
 */
export function newCustomer(id: string, tenantId: string, input: NewCustomer, now: Date): Customer {
  const name = requiredText(input.name, 'name', CUSTOMER_NAME_MAX_LENGTH);
  return {
    id,
    tenantId,
    name,
    email: optional(input.email, 'email', EMAIL_MAX_LENGTH, EMAIL, EMAIL_RULE),
    phone: optional(input.phone, 'phone', PHONE_MAX_LENGTH, PHONE, PHONE_RULE),
    taxId: optional(input.taxId, 'taxId', TAX_ID_MAX_LENGTH, ANYTHING, TAX_ID_RULE),
    address: optional(input.address, 'address', ADDRESS_MAX_LENGTH, ANYTHING, ADDRESS_RULE),
    createdAt: now,
  };
}

function optional(
  value: string | undefined,
  field: string,
  maxLength: number,
  pattern: RegExp,
  message: string,
): string | null {
  if (value === undefined) return null;
  const text = cleanText(value, maxLength);
  if (text === null || !pattern.test(text)) throw new ValidationError(message, field);
  return text;
}
