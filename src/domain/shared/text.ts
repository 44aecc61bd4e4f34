import { ValidationError } from './errors.js';

/** Trimmed, non-empty text or null; the domain's one rule for names and free text. */
export function cleanText(value: unknown, maxLength = 200): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t.length > 0 && t.length <= maxLength ? t : null;
}

/** The rule of a required text, worded once: the request schemas show it too. */
export function textRule(field: string, maxLength = 200): string {
  return `${field} must be a non-empty string of at most ${maxLength} characters`;
}

/**
 * A required text as stored: trimmed and not blank, else a ValidationError on `field`. The
 * input's shape (a string of 1 to `maxLength` characters) is its command schema's to check;
 * blankness after trimming is this rule's own.
 */
export function requiredText(value: string, field: string, maxLength = 200): string {
  const text = cleanText(value, maxLength);
  if (text === null) throw new ValidationError(textRule(field, maxLength), field);
  return text;
}
