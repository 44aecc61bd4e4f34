import type { Knex } from 'knex';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { DeliveryFilter, DeliveryListItem } from '../../application/ports/webhook-ports.js';
import type { DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import {
  toAttempt,
  toDeliveryState,
  type DeliveryAttemptRow,
  type WebhookDeliveryRow,
} from './webhook-delivery.mapper.js';
import { paginate } from './paginate.js';
import type { Db } from './db.js';

/** The back office's reads of `webhook_deliveries`: a page, newest first, each delivery with its attempts. */

/** The tenant of an integration, as a sub-query: the lists' indexes lead with the tenant. */
const TENANT_OF_INTEGRATION = 'tenant_id = (SELECT tenant_id FROM integrations WHERE id = ?)';

/** An integration's deliveries (`webhook_deliveries_by_integration`). */
export function listByIntegration(
  db: Db,
  integrationId: string,
  query: PageRequest & { status?: DeliveryStatus },
): Promise<Page<DeliveryListItem>> {
  const base = db<WebhookDeliveryRow>('webhook_deliveries')
    .whereRaw(TENANT_OF_INTEGRATION, [integrationId])
    .andWhere({ integration_id: integrationId });
  if (query.status) base.andWhere({ status: query.status });
  return newestFirst(db, base, query);
}

/**
 * Deliveries across integrations and tenants (`webhook_deliveries_newest`; one integration's
 * by its own index, as above).
 */
export function listAcross(db: Db, filter: DeliveryFilter, page: PageRequest): Promise<Page<DeliveryListItem>> {
  const base = db<WebhookDeliveryRow>('webhook_deliveries');
  if (filter.within !== null) base.whereIn('tenant_id', [...filter.within]);
  if (filter.tenantId) base.where('tenant_id', filter.tenantId);
  if (filter.integrationId) {
    base.whereRaw(TENANT_OF_INTEGRATION, [filter.integrationId]).andWhere('integration_id', filter.integrationId);
  }
  if (filter.status) base.where('status', filter.status);
  if (filter.event) base.where('event_name', filter.event);
  if (filter.from) base.where('created_at', '>=', filter.from);
  if (filter.to) base.where('created_at', '<', filter.to);
  return newestFirst(db, base, page);
}

async function newestFirst(db: Db, base: Knex.QueryBuilder, page: PageRequest): Promise<Page<DeliveryListItem>> {
  const rows = await paginate(
    base,
    page,
    (q) =>
      q.select('*').orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    (row: WebhookDeliveryRow) => row,
  );
  const attempts = await attemptsOf(db, rows.items);
  return {
    ...rows,
    items: rows.items.map((r) => ({
      delivery: toDeliveryState(r),
      attempts: (attempts.get(r.id) ?? []).map(toAttempt),
    })),
  };
}

/** The attempts of the listed deliveries, in the order made, by delivery id (one statement). */
async function attemptsOf(db: Db, rows: readonly WebhookDeliveryRow[]): Promise<Map<string, DeliveryAttemptRow[]>> {
  const byDelivery = new Map<string, DeliveryAttemptRow[]>();
  if (rows.length === 0) return byDelivery;
  // A delivery's id is unique across tenants; the tenants let the index (tenant, delivery) serve.
  const attemptRows = await db<DeliveryAttemptRow>('webhook_delivery_attempts')
    .whereIn('tenant_id', [...new Set(rows.map((r) => r.tenant_id))])
    .whereIn(
      'delivery_id',
      rows.map((r) => r.id),
    )
    .orderBy([{ column: 'started_at' }, { column: 'id' }]);
  for (const a of attemptRows) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
  return byDelivery;
}
