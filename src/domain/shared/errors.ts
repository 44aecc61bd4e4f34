/**
 * Typed errors of the domain and the use cases. Each error carries:
 * - `kind`: the category the HTTP error mapper turns into a status (one table, one place);
 * - `code`: the stable machine word shown to callers (e.g. `RATE_LIMITED`), for clients to branch on;
 * - `message`: the text shown to callers (the spec's own where it quotes one);
 * - `details`: per-field problems, for validation errors.
 * Adapters never build error bodies by hand; they throw or return one of these.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'request_timeout'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'unavailable';

export interface ErrorDetail {
  field: string;
  issue: string;
}

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  abstract readonly code: string;
  readonly details?: ErrorDetail[];

  constructor(message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = new.target.name;
    if (details && details.length > 0) this.details = details;
  }
}

/** Bad input: 400 VALIDATION_ERROR. `message` is the first detail's text. */
export class ValidationError extends DomainError {
  readonly kind = 'validation' as const;
  readonly code: string = 'VALIDATION_ERROR';

  constructor(details: ErrorDetail[] | string, field = '') {
    const list = typeof details === 'string' ? [{ field, issue: details }] : details;
    super(list[0]?.issue ?? 'Invalid request', list);
  }
}

/** A resource the caller named does not exist in its tenant: 404 NOT_FOUND. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found' as const;
  readonly code = 'NOT_FOUND';
}

/** The request collides with existing data (duplicate key, overlapping range): 409 CONFLICT. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict' as const;
  readonly code = 'CONFLICT';
}

/** A lifecycle transition that the current state does not allow: 409 INVALID_STATE. */
export class InvalidStateError extends DomainError {
  readonly kind = 'conflict' as const;
  readonly code: string = 'INVALID_STATE';
}

/**
 * Not enough stock. At request time the input itself is impossible (400); at approval the
 * world changed under a valid request (409). Same code either way.
 */
export class InsufficientStockError extends DomainError {
  readonly code = 'INSUFFICIENT_STOCK';
  readonly kind: ErrorKind;

  constructor(message: string, when: 'request' | 'approval', details?: ErrorDetail[]) {
    super(message, details);
    this.kind = when === 'request' ? 'validation' : 'conflict';
  }
}

/** Authentication failure with one of the codes of spec 5.2: 401. */
export class AuthenticationError extends DomainError {
  readonly kind = 'unauthorized' as const;
  constructor(
    readonly code: string,
    message: string,
    /** Hints for the integrator (what looks wrong); the status, code and message stay the spec's. */
    details?: ErrorDetail[],
  ) {
    super(message, details);
  }
}

/** The caller is known but may not do this: 403. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden' as const;
  constructor(
    message: string,
    readonly code: string = 'FORBIDDEN',
  ) {
    super(message);
  }
}
