import type { Knex } from 'knex';
import type { ActivityStatistics, DeliveryDay, UsageDay } from '../../application/ports/activity-ports.js';
import { statusAmong } from './status-sql.js';
import { DEAD_LETTER_STATUS, DELIVERY_STATUSES } from '../../domain/webhooks/delivery.machine.js';

interface DeliveryDayRow {
  day: string;
  delivered: string | number;
  failed: string | number;
  dead: string | number;
  p50: number | null;
  p95: number | null;
}

const MS_PER_DAY = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `days - 1` days before `today`: the first day of the window. */
function firstDay(today: Date, days: number): string {
  return new Date(today.getTime() - (days - 1) * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * Daily figures computed from the rows the service keeps anyway (deliveries and their
 * attempts), so charting them costs no write. An attempt succeeded when it recorded no error
 * (the delivery records an error for every failure, and only then).
 */
export class KnexActivityStatistics implements ActivityStatistics {
  constructor(private readonly knex: Knex) {}

  async deliveriesByDay(integrationId: string, days: number, today: Date): Promise<DeliveryDay[]> {
    const from = firstDay(today, days);
    const to = today.toISOString().slice(0, 10);
    const { rows } = await this.knex.raw<{ rows: DeliveryDayRow[] }>(
      `WITH attempts AS (
         SELECT (a.started_at AT TIME ZONE 'UTC')::date AS day, a.duration_ms, a.error, a.delivery_id,
                d.status, a.started_at,
                max(a.started_at) OVER (PARTITION BY a.delivery_id) AS last_started
           FROM webhook_delivery_attempts a
           JOIN webhook_deliveries d ON d.tenant_id = a.tenant_id AND d.id = a.delivery_id
          WHERE d.integration_id = ?
            AND a.started_at >= ?::date AND a.started_at < ?::date + 1
       )
       SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
              count(*) FILTER (WHERE t.day IS NOT NULL AND t.error IS NULL) AS delivered,
              count(*) FILTER (WHERE t.error IS NOT NULL) AS failed,
              count(*) FILTER (WHERE ${statusAmong('t.status', [DEAD_LETTER_STATUS], DELIVERY_STATUSES)}
                                 AND t.started_at = t.last_started) AS dead,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY t.duration_ms) AS p50,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY t.duration_ms) AS p95
         FROM generate_series(?::date, ?::date, interval '1 day') AS g(day)
         LEFT JOIN attempts t ON t.day = g.day::date
        GROUP BY g.day
        ORDER BY g.day`,
      [integrationId, from, to, from, to],
    );
    return rows.map((r) => ({
      day: r.day,
      delivered: Number(r.delivered),
      failed: Number(r.failed),
      dead: Number(r.dead),
      p50Ms: r.p50 === null ? null : Math.round(r.p50),
      p95Ms: r.p95 === null ? null : Math.round(r.p95),
    }));
  }

  async usageByDay(tenantId: string, days: number, today: Date): Promise<UsageDay[]> {
    const { rows } = await this.knex.raw<{
      rows: { day: string; integration_id: string; requests: string; rate_limited: string }[];
    }>(
      `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, i.id AS integration_id,
              coalesce(u.requests, 0) AS requests, coalesce(u.rate_limited, 0) AS rate_limited
         FROM generate_series(?::date, ?::date, interval '1 day') AS g(day)
        CROSS JOIN integrations i
         LEFT JOIN usage_daily u ON u.tenant_id = i.tenant_id AND u.day = g.day::date AND u.integration_id = i.id
        WHERE i.tenant_id = ?
        ORDER BY g.day, i.created_at, i.id`,
      [firstDay(today, days), today.toISOString().slice(0, 10), tenantId],
    );
    return rows.map((r) => ({
      day: r.day,
      integrationId: r.integration_id,
      requests: Number(r.requests),
      rateLimited: Number(r.rate_limited),
    }));
  }
}
