import { ValidationError } from '../shared/errors.js';
import { cleanText } from '../shared/text.js';

export interface Customer {
  readonly id: string;
  readonly tenantId: string;
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly createdAt: Date;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number, and its rule worded once (the request schema shows both). */
export const PHONE_PATTERN = '^\\+?[0-9 ()-]{3,32}$';
export const PHONE_RULE = 'phone must be a valid phone number';
const PHONE = new RegExp(PHONE_PATTERN);

/**
 * A new customer. The request schema checks the shape; the customer keeps its own invariants
 * on the trimmed values (a name that is not only blanks, contact fields that still read as an
 * email address or a phone number).
 */
export function newCustomer(
  id: string,
  tenantId: string,
  input: { name: string; email?: string; phone?: string },
  now: Date,
): Customer {
  const name = cleanText(input.name, 200);
  if (name === null) throw new ValidationError('name must be a non-empty string of at most 200 characters', 'name');
  const email = contact(input.email, 'email', EMAIL, 'email must be a valid email address');
  const phone = contact(input.phone, 'phone', PHONE, PHONE_RULE);
  return { id, tenantId, name, email, phone, createdAt: now };
}

function contact(value: string | undefined, field: string, pattern: RegExp, message: string): string | null {
  if (value === undefined) return null;
  const text = cleanText(value, 254);
  if (text === null || !pattern.test(text)) throw new ValidationError(message, field);
  return text;
}
