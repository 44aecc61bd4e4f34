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
const PHONE = /^\+?[0-9 ()-]{3,32}$/;

export function newCustomer(
  id: string,
  tenantId: string,
  input: { name: unknown; email?: unknown; phone?: unknown },
  now: Date,
): Customer {
  const name = cleanText(input.name, 200);
  if (name === null) throw new ValidationError('name must be a non-empty string of at most 200 characters', 'name');
  const email = optional(input.email, 'email', EMAIL, 'email must be a valid email address');
  const phone = optional(input.phone, 'phone', PHONE, 'phone must be a valid phone number');
  return { id, tenantId, name, email, phone, createdAt: now };
}

function optional(value: unknown, field: string, pattern: RegExp, message: string): string | null {
  if (value === undefined || value === null) return null;
  const text = cleanText(value, 254);
  if (text === null || !pattern.test(text)) throw new ValidationError(message, field);
  return text;
}
