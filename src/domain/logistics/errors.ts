import { InvalidStateError, NotFoundError } from '../shared/errors.js';

export class ShipmentNotFound extends NotFoundError {
  constructor() {
    super('Shipment not found');
  }
}

/** A step the shipment's status refuses (cancel after pickup, an event after delivery, ...): 409. */
export class ShipmentInvalidState extends InvalidStateError {}
