import { NotFoundError } from '../shared/errors.js';

export class CustomerNotFound extends NotFoundError {
  constructor() {
    super('Customer not found');
  }
}
