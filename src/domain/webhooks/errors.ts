import { ConflictError, InvalidStateError, NotFoundError } from '../shared/errors.js';
import type { DeliveryStatus } from './delivery.machine.js';

export class DeliveryNotFound extends NotFoundError {
  constructor() {
    super('Webhook delivery not found');
  }
}

/** A lifecycle step the delivery's status does not allow. */
export class InvalidDeliveryTransition extends InvalidStateError {
  constructor(status: DeliveryStatus, action: string) {
    super(`A ${status} delivery cannot be ${action}`);
  }
}

export class DeliveryNotReplayable extends InvalidStateError {
  constructor(status: DeliveryStatus) {
    super(`Only a DEAD or DELIVERED delivery can be replayed (this one is ${status})`);
  }
}

export class PingNotReplayable extends InvalidStateError {
  constructor() {
    super('A ping cannot be replayed; send a new ping');
  }
}

export class WebhookNotConfigured extends InvalidStateError {
  constructor() {
    super('The integration has no webhook URL');
  }
}

export class IntegrationInactive extends InvalidStateError {
  constructor() {
    super('The integration is inactive');
  }
}

/** A ping found the tenant's five delivery slots busy for longer than it may wait. */
export class TenantDeliveriesBusy extends ConflictError {
  constructor() {
    super('The tenant already has 5 webhook deliveries in flight; try again shortly');
  }
}
