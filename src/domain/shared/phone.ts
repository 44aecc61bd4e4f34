export const PHONE_MAX_LENGTH = 32;

/**
 * A phone number, of a customer or of a shipment's recipient: 3 to 32 of digits, spaces and
 * `+()-`, of which at least 3 once the blanks around are trimmed.
 */
export const PHONE_PATTERN = `^(?=[0-9 +()-]{3,${PHONE_MAX_LENGTH}}$) *[0-9+()-][0-9 +()-]+[0-9+()-] *$`;

/** The phone rule, worded once, for the field that holds the number (`phone`, `recipient.phone`). */
export function phoneRule(field: string): string {
  return `${field} must be 3 to ${PHONE_MAX_LENGTH} digits, spaces or "+()-"`;
}
