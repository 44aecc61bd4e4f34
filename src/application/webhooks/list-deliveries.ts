import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import type { Page, PageRequest } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { toDeliveryView, type DeliveryView } from './delivery-view.js';

/** An integration's deliveries, newest first, each with its attempts. Errors: IntegrationNotFound. */
export class ListDeliveries {
  constructor(private readonly uow: UnitOfWork<'integrations' | 'webhookDeliveries'>) {}

  execute(integrationId: string, query: PageRequest & { status?: DeliveryStatus }): Promise<Page<DeliveryView>> {
    return this.uow.read(async (r) => {
      if (!(await r.integrations.findByIdAcrossTenants(integrationId))) throw new IntegrationNotFound();
      const page = await r.webhookDeliveries.listByIntegration(integrationId, query);
      return { ...page, items: page.items.map((item) => toDeliveryView(item.delivery, item.attempts)) };
    });
  }
}
