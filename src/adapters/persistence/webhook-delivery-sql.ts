import {
  DELIVERY_STATUSES,
  LEASED_STATUSES,
  QUEUED_STATUSES,
  type DeliveryStatus,
} from '../../domain/webhooks/delivery.machine.js';
import { statusAmong } from './status-sql.js';

/** SQL fragments of `webhook_deliveries` shared by its repository and its claim. */

export const json = (value: unknown) => JSON.stringify(value);

/** Inserts the attempt rows of a JSON array bound to it (`a`); a caller may JOIN it to filter. */
export const ATTEMPTS_INSERT = `INSERT INTO webhook_delivery_attempts (tenant_id, id, delivery_id, started_at, duration_ms, status_code, error)
  SELECT a.tenant_id, a.id, a.delivery_id, a.started_at, a.duration_ms, a.status_code, a.error
  FROM jsonb_to_recordset(?::jsonb) AS a(tenant_id uuid, id uuid, delivery_id uuid, started_at timestamptz,
    duration_ms integer, status_code smallint, error text)`;

/**
 * `column IN ('A', 'B')` for statuses the domain derived from delivery.machine.ts, as literals
 * so the planner matches the partial indexes (`webhook_deliveries_due`, `_leases`).
 */
export function statusIn(column: string, statuses: readonly DeliveryStatus[]): string {
  return statusAmong(column, statuses, DELIVERY_STATUSES);
}

export const LEASED = (column: string) => statusIn(column, LEASED_STATUSES);

/**
 * The one "can be sent" condition: delivery `d` is queued and due by the bound `now`, and its
 * integration `i` (joined on tenant and id) takes deliveries — active, with a webhook URL, its
 * endpoint not paused. Deliveries of the other integrations wait.
 */
export function canBeSent(d: string, i: string): string {
  return `${statusIn(`${d}.status`, QUEUED_STATUSES)} AND ${d}.next_attempt_at <= ?
    AND ${i}.webhook_paused_at IS NULL AND ${i}.active AND ${i}.webhook_url IS NOT NULL`;
}
