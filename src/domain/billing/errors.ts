import {
  ConflictError,
  DomainError,
  InvalidStateError,
  NotFoundError,
  ValidationError,
  type ErrorKind,
} from '../shared/errors.js';

export class CustomerNotFound extends NotFoundError {
  constructor() {
    super('Customer not found');
  }
}

/**
 * Some line of a new invoice names a product the tenant does not have, found by the insert's
 * foreign key. The use case reads the products' tax rates first and answers `Row N: Product not
 * found` for a missing one, so this is the last line of defence, without a row.
 */
export class InvoiceLineProductMissing extends NotFoundError {
  constructor() {
    super('Product not found');
  }
}

export class InvoiceNotFound extends NotFoundError {
  constructor() {
    super('Invoice not found');
  }
}

/** The invoice a credit or debit note names does not exist in the caller's tenant (spec 7.2). */
export class ReferencedInvoiceNotFound extends NotFoundError {
  constructor() {
    super('Referenced invoice not found');
  }
}

export class PaymentNotFound extends NotFoundError {
  constructor() {
    super('Payment not found');
  }
}

export class RefundNotFound extends NotFoundError {
  constructor() {
    super('Refund not found');
  }
}

export class NoteNotFound extends NotFoundError {
  constructor(kind: 'CREDIT' | 'DEBIT') {
    super(kind === 'CREDIT' ? 'Credit note not found' : 'Debit note not found');
  }
}

/** Voiding an invoice that is already VOIDED (spec 7.2): 409 CONFLICT. */
export class InvoiceAlreadyVoided extends ConflictError {
  constructor() {
    super('Invoice is already voided');
  }
}

/** A lifecycle step the invoice's status refuses (approve a PAID invoice, void a PAID one, ...): 409. */
export class InvoiceInvalidState extends InvalidStateError {}

/** A lifecycle step the note's status refuses (approve a VOIDED note, ...): 409. */
export class NoteInvalidState extends InvalidStateError {}

/**
 * A credit note above the invoice's creditable balance (netAmount minus its DRAFT credit
 * notes). At creation the input itself is impossible (400); at approval the world changed
 * under a valid note (409).
 */
export class CreditNoteExceedsBalance extends DomainError {
  static readonly rule = 'Credit note amount exceeds invoice balance';
  readonly kind: ErrorKind;
  readonly code: string;

  constructor(when: 'request' | 'approval') {
    const message = CreditNoteExceedsBalance.rule;
    super(message, when === 'request' ? [{ field: 'amount', issue: message }] : undefined);
    this.kind = when === 'request' ? 'validation' : 'conflict';
    this.code = when === 'request' ? 'VALIDATION_ERROR' : 'INVALID_STATE';
  }
}

/** A payment above what is still due at its turn: 400. */
export class PaymentExceedsAmountDue extends ValidationError {
  static readonly rule = 'Payment exceeds the amount due';
  constructor() {
    super(PaymentExceedsAmountDue.rule, 'amount');
  }
}

/** A refund above the invoice's refundable amount: 400. */
export class RefundExceedsRefundable extends ValidationError {
  static readonly rule = 'Refund exceeds the refundable amount';
  constructor() {
    super(RefundExceedsRefundable.rule, 'amount');
  }
}

/** Invoice list filters (spec 7.2): `fromDate` must be strictly before `toDate`. */
export class InvalidDateRange extends ValidationError {
  constructor() {
    super('fromDate must be prior to toDate', 'fromDate');
  }
}

/** A document number already taken in the tenant: the counter and the table disagree. */
export class DuplicateDocumentNumber extends ConflictError {
  constructor() {
    super('Document number already in use');
  }
}
