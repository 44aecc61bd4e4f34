import { ConflictError, NotFoundError } from '../shared/errors.js';

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
