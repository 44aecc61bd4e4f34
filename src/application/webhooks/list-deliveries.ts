import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import type { Page, PageRequest } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { DeliveryListItem } from '../ports/webhook-ports.js';

/** An integration's deliveries, newest first, each with its attempts. Errors: IntegrationNotFound. */
export class ListDeliveries {
  constructor(private readonly uow: UnitOfWork) {}

  execute(integrationId: string, query: PageRequest & { status?: DeliveryStatus }): Promise<Page<DeliveryListItem>> {
    return this.uow.read(async (r) => {
      if (!(await r.integrations.findByIdAcrossTenants(integrationId))) throw new IntegrationNotFound();
      return r.webhookDeliveries.listByIntegration(integrationId, query);
    });
  }
}
