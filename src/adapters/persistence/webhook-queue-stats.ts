import type { Knex } from 'knex';
import { LEASED_STATUSES, UNDELIVERED_STATUSES } from '../../domain/webhooks/delivery.machine.js';
import { statusIn } from './webhook-delivery-sql.js';

/** The webhook queue's shape for the metrics: deliveries per status, in-flight slots per tenant. */
export async function webhookQueueStats(knex: Knex): Promise<{
  byStatus: Record<string, number>;
  inFlightByTenant: { tenantId: string; slots: number }[];
}> {
  const [statuses, inFlight] = await Promise.all([
    // DELIVERED is history, not queue: left out (counting it would scan the whole table).
    knex('webhook_deliveries')
      .whereRaw(statusIn('status', UNDELIVERED_STATUSES))
      .select('status')
      .count<{ status: string; n: string }[]>({ n: '*' })
      .groupBy('status'),
    // A leased delivery holds one of its tenant's in-flight slots.
    knex('webhook_deliveries')
      .whereRaw(statusIn('status', LEASED_STATUSES))
      .select('tenant_id')
      .count<{ tenant_id: string; n: string }[]>({ n: '*' })
      .groupBy('tenant_id'),
  ]);
  return {
    byStatus: Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)])),
    inFlightByTenant: inFlight.map((r) => ({ tenantId: r.tenant_id, slots: Number(r.n) })),
  };
}
