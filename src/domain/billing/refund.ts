import { drawnNumber, UNNUMBERED } from '../shared/document-number.js';
import { AggregateRoot } from '../shared/events.js';
import type { Money } from '../shared/money.js';
import type { PaymentMethod } from './invoice-line.js';

export const REFUND_PROCESSED = 'billing.refund.processed';

/** A refund is processed when it is recorded: its one status. */
export const REFUND_STATUSES = ['PROCESSED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund as the invoice takes it. */
export interface RefundInput {
  id: string;
  branchId: string;
  fiscalYearId: string;
  amount: number;
  reason: string;
  method?: PaymentMethod;
}

export interface RefundState {
  id: string;
  tenantId: string;
  /** `RF-<fiscal year code>-<6 digits>`; UNNUMBERED until the store draws it. */
  number: string;
  invoiceId: string;
  branchId: string;
  fiscalYearId: string;
  amount: Money;
  reason: string;
  /** How the money went back, when the caller said. */
  method: PaymentMethod | null;
  status: RefundStatus;
  createdAt: Date;
}

/**
 * Money given back on one invoice. Only `Invoice.refund` creates one, after the invoice's
 * machine accepted REFUND and the refundable rule allowed the amount; the refund then records
 * `billing.refund.processed`. Immutable once stored.
 */
export class Refund extends AggregateRoot {
  private constructor(private s: RefundState) {
    super();
  }

  /** @internal Use `Invoice.refund`. UNNUMBERED until stored (`numbered`). */
  static processed(fields: Omit<RefundState, 'status' | 'number'>): Refund {
    const state = { ...fields, number: UNNUMBERED };
    const refund = new Refund({ ...state, status: 'PROCESSED' });
    refund.record({
      name: REFUND_PROCESSED,
      tenantId: state.tenantId,
      occurredAt: state.createdAt,
      payload: {
        id: state.id,
        code: state.number,
        branchId: state.branchId,
        resource: 'REFUND',
        action: 'PROCESS',
        invoiceId: state.invoiceId,
        amount: state.amount.toNumber(),
      },
    });
    return refund;
  }

  /** Rebuilds a stored refund; no events. */
  static restore(state: RefundState): Refund {
    return new Refund({ ...state });
  }

  get id(): string {
    return this.s.id;
  }

  /** The number the store drew for this new refund, in the statement that stored it. */
  numbered(number: string): void {
    this.s = { ...this.s, number: drawnNumber(this.s.number, number, `refund ${this.s.id}`) };
  }
  get amount(): Money {
    return this.s.amount;
  }

  /** The stored form (for mappers and views). */
  state(): Readonly<RefundState> {
    return this.s;
  }
}
