import { drawnNumber, UNNUMBERED } from '../shared/document-number.js';
import { ValidationError } from '../shared/errors.js';
import { AggregateRoot } from '../shared/events.js';
import type { Money } from '../shared/money.js';
import { cleanText, textRule } from '../shared/text.js';
import type { PaymentMethod } from './invoice-line.js';

export const PAYMENT_RECEIVED = 'billing.payment.received';

/** A payment has one state: it was received. Shown in an invoice's detail. */
export const PAYMENT_STATUS = 'RECEIVED';

/** The caller's own reference of a payment (a card slip, a QR transaction id): 1 to 100 characters. */
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
/** The rule of a payment reference, worded once (the request schema shows it too). */
export const PAYMENT_REFERENCE_RULE = textRule('reference', PAYMENT_REFERENCE_MAX_LENGTH);

/** A payment as the invoice takes it: ids and attribution from the use case, the rest from the request. */
export interface PaymentInput {
  id: string;
  branchId: string;
  fiscalYearId: string;
  /** > 0 with at most 2 decimals (the request schema checks it; Money refuses anything else). */
  amount: number;
  method: PaymentMethod;
  reference?: string;
  /** The back office's caller (its email) who recorded it; null when an integration did. */
  recordedBy: string | null;
}

/** A payment reference as stored: trimmed, 1 to PAYMENT_REFERENCE_MAX_LENGTH characters. */
export function referenceText(value: string): string {
  const text = cleanText(value, PAYMENT_REFERENCE_MAX_LENGTH);
  if (text === null) throw new ValidationError(PAYMENT_REFERENCE_RULE, 'reference');
  return text;
}

export interface PaymentState {
  id: string;
  tenantId: string;
  /** `PAY-<fiscal year code>-<6 digits>`; UNNUMBERED until the store draws it. */
  number: string;
  invoiceId: string;
  branchId: string;
  fiscalYearId: string;
  amount: Money;
  method: PaymentMethod;
  reference: string | null;
  /** Who recorded it in the back office; null when an integration did, or before people signed in. */
  recordedBy: string | null;
  receivedAt: Date;
}

/**
 * Money received against one invoice. Only `Invoice.recordPayment` creates one, after the
 * invoice's machine accepted PAY and the amount due allowed it; the payment then records
 * `billing.payment.received`. Immutable once stored.
 */
export class Payment extends AggregateRoot {
  private constructor(private s: PaymentState) {
    super();
  }

  /** @internal Use `Invoice.recordPayment`. UNNUMBERED until stored (`numbered`). */
  static received(fields: Omit<PaymentState, 'number'>): Payment {
    const state = { ...fields, number: UNNUMBERED };
    const payment = new Payment(state);
    payment.record({
      name: PAYMENT_RECEIVED,
      tenantId: state.tenantId,
      occurredAt: state.receivedAt,
      payload: {
        id: state.id,
        code: state.number,
        branchId: state.branchId,
        resource: 'PAYMENT',
        action: 'RECEIVE',
        invoiceId: state.invoiceId,
        paymentMethod: state.method,
        reference: state.reference,
        amount: state.amount.toNumber(),
      },
    });
    return payment;
  }

  /** Rebuilds a stored payment; no events. */
  static restore(state: PaymentState): Payment {
    return new Payment({ ...state });
  }

  get id(): string {
    return this.s.id;
  }

  /** The number the store drew for this new payment, in the statement that stored it. */
  numbered(number: string): void {
    this.s = { ...this.s, number: drawnNumber(this.s.number, number, `payment ${this.s.id}`) };
  }
  get amount(): Money {
    return this.s.amount;
  }

  /** The stored form (for mappers and views). */
  state(): Readonly<PaymentState> {
    return this.s;
  }
}
