import { MAX_AMOUNT } from '../../domain/billing/invoice-amounts.js';
import { MAX_QUANTITY } from '../../domain/billing/invoice-line.js';
import { REASON_MAX_LENGTH } from '../../domain/billing/note.js';

/** Schema pieces shared by the external and the back-office billing routes. */
export const billingSchemas = {
  /** Free text: 1 to 500 characters, not only blanks. */
  reason: {
    type: 'string',
    minLength: 1,
    maxLength: REASON_MAX_LENGTH,
    pattern: '\\S',
    'x-message': `reason must be a non-empty string of at most ${REASON_MAX_LENGTH} characters`,
  },
  /** Upper bounds of the numeric(14,2) and numeric(14,3) columns. */
  maxAmount: MAX_AMOUNT.toNumber(),
  maxQuantity: MAX_QUANTITY.toNumber(),
} as const;
