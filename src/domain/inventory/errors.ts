import {
  ConflictError,
  InsufficientStockError,
  InvalidStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors.js';

export class ProductNotFound extends NotFoundError {
  /** `row` (counted from 1) prefixes the message for item errors: `Row 2: Product not found`. */
  constructor(row?: number) {
    super(row === undefined ? 'Product not found' : `Row ${row}: Product not found`);
  }
}

export class DuplicateSku extends ConflictError {
  constructor() {
    super('Product with this SKU already exists');
  }
}

export class DuplicateSlug extends ConflictError {
  constructor() {
    super('Product with this slug already exists');
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
 * 409 when it is approved. `row` counts items from 1.
 */
export class InsufficientAvailableStock extends InsufficientStockError {
  constructor(row: number, when: 'request' | 'approval') {
    super(`Row ${row}: Insufficient available stock`, when);
  }
}

export class ReservationNotFound extends NotFoundError {
  constructor() {
    super('Reservation not found');
  }
}

export class PurchaseOrderNotFound extends NotFoundError {
  constructor() {
    super('Purchase order not found');
  }
}

export class TransferNotFound extends NotFoundError {
  constructor() {
    super('Transfer not found');
  }
}

export class GoodsReceiptNotFound extends NotFoundError {
  constructor() {
    super('Goods receipt not found');
  }
}

/** Commit, release or expiry of a reservation that is no longer ACTIVE: 409 INVALID_STATE. */
export class ReservationNotActive extends InvalidStateError {
  constructor() {
    super('Reservation is not active');
  }
}

/** Receipt on, or cancel of, an order whose status refuses it: 409 INVALID_STATE. */
export class PurchaseOrderInvalidState extends InvalidStateError {
  constructor(status: string, verb: 'receive goods on' | 'cancel') {
    super(`Cannot ${verb} a purchase order in status ${status}`);
  }
}

/** A transfer whose two warehouses are one. */
export class SameWarehouseTransfer extends ValidationError {
  static readonly rule = 'toWarehouseId must differ from fromWarehouseId';
  constructor() {
    super(SameWarehouseTransfer.rule, 'toWarehouseId');
  }
}

/** A product named on two rows of a transfer or a reservation. */
export class DuplicateProductRow extends ValidationError {
  static readonly rule = 'Product appears on an earlier row';
  constructor(row: number) {
    super(`Row ${row}: ${DuplicateProductRow.rule}`, `items[${row - 1}].productId`);
  }
}

export class ProductNotOnPurchaseOrder extends ValidationError {
  static readonly rule = 'Product is not on the purchase order';
  constructor(row: number) {
    super(`Row ${row}: ${ProductNotOnPurchaseOrder.rule}`, `items[${row - 1}].productId`);
  }
}

export class QuantityExceedsOutstanding extends ValidationError {
  static readonly rule = 'Quantity exceeds the outstanding quantity';
  constructor(row: number) {
    super(`Row ${row}: ${QuantityExceedsOutstanding.rule}`, `items[${row - 1}].quantity`);
  }
}

/** A receipt without a purchase order must name its warehouse; with one, only the order's. */
export class ReceiptWarehouseRequired extends ValidationError {
  static readonly rule = 'warehouseId is required when no purchaseOrderId is given';
  constructor() {
    super(ReceiptWarehouseRequired.rule, 'warehouseId');
  }
}

export class ReceiptWarehouseMismatch extends ValidationError {
  static readonly rule = "warehouseId must be the purchase order's warehouse";
  constructor() {
    super(ReceiptWarehouseMismatch.rule, 'warehouseId');
  }
}

/** A STOCK_IN would take the level past what can be stored: 409 CONFLICT at approval. */
export class StockLevelLimitExceeded extends ConflictError {
  constructor(row: number) {
    super(`Row ${row}: Stock level would exceed the maximum`);
  }
}
