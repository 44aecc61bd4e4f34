import { ConflictError, InsufficientStockError, InvalidStateError, NotFoundError } from '../shared/errors.js';

export class ProductNotFound extends NotFoundError {
  /** `row` (counted from 1) prefixes the message for item errors: `Row 2: Product not found`. */
  constructor(row?: number) {
    super(row === undefined ? 'Product not found' : `Row ${row}: Product not found`);
  }
}

export class DuplicateSku extends ConflictError {
  constructor() {
    super('A product with this SKU already exists');
  }
}

export class AdjustmentRequestNotFound extends NotFoundError {
  constructor() {
    super('Stock adjustment request not found');
  }
}

/** Approve or reject of a request that is already APPROVED or REJECTED: 409 INVALID_STATE. */
export class AdjustmentRequestNotPending extends InvalidStateError {
  constructor() {
    super('Stock adjustment request is not pending');
  }
}

/**
 * A STOCK_OUT item asks for more than the warehouse holds: 400 when the request is made,
 * 409 when it is approved (CONTRACT §3). `row` counts items from 1.
 */
export class InsufficientAvailableStock extends InsufficientStockError {
  constructor(row: number, when: 'request' | 'approval') {
    super(`Row ${row}: Insufficient available stock`, when);
  }
}

/** A STOCK_IN would take the level past what can be stored: 409 CONFLICT at approval. */
export class StockLevelLimitExceeded extends ConflictError {
  constructor(row: number) {
    super(`Row ${row}: Stock level would exceed the maximum`);
  }
}
