import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import type { TenantScope } from '../../domain/staff/staff.js';
import type { Page, PageRequest } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { DeliveryListItem } from '../ports/webhook-ports.js';
import type { ListAllDeliveriesQuery } from './commands.js';
import { toDeliveryView, type DeliveryView } from './delivery-view.js';

const viewsOf = (page: Page<DeliveryListItem>): Page<DeliveryView> => ({
  ...page,
  items: page.items.map((item) => toDeliveryView(item.delivery, item.attempts)),
});

/** An integration's deliveries, newest first, each with its attempts. Errors: IntegrationNotFound. */
export class ListDeliveries {
  constructor(private readonly uow: UnitOfWork<'integrations' | 'webhookDeliveries'>) {}

  execute(integrationId: string, query: PageRequest & { status?: DeliveryStatus }): Promise<Page<DeliveryView>> {
    return this.uow.read(async (r) => {
      if (!(await r.integrations.findByIdAcrossTenants(integrationId))) throw new IntegrationNotFound();
      return viewsOf(await r.webhookDeliveries.listByIntegration(integrationId, query));
    });
  }
}

/**
 * `GET /deliveries`: deliveries across integrations, newest first, each with its attempts,
 * within the caller's tenants (a filter naming another tenant or its integration lists nothing).
 */
export class ListDeliveriesAcrossIntegrations {
  constructor(private readonly uow: UnitOfWork<'webhookDeliveries'>) {}

  execute(query: ListAllDeliveriesQuery, scope: TenantScope): Promise<Page<DeliveryView>> {
    const { page, limit, from, to, ...filter } = query;
    return this.uow.read(async (r) =>
      viewsOf(
        await r.webhookDeliveries.list(
          {
            ...filter,
            from: from === undefined ? undefined : new Date(from),
            to: to === undefined ? undefined : new Date(to),
            within: scope,
          },
          { page, limit },
        ),
      ),
    );
  }
}
