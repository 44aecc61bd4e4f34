/** One UTC day of an integration's webhook deliveries. */
export interface DeliveryDay {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** Attempts answered 2xx that day. */
  delivered: number;
  /** Attempts that failed that day (to be retried, or the last one). */
  failed: number;
  /** Deliveries dead-lettered by that day's last attempt (still DEAD now). */
  dead: number;
  /** The median and 95th percentile of that day's attempt durations; null without attempts. */
  p50Ms: number | null;
  p95Ms: number | null;
}

/** One UTC day of an integration's calls: those answered, and those refused by its rate limit. */
export interface UsageDay {
  day: string;
  integrationId: string;
  requests: number;
  rateLimited: number;
}

/** Daily figures for the back office's charts, read from what the service already keeps. */
export interface ActivityStatistics {
  /** The last `days` UTC days up to `today`, oldest first, every day present (zeros when idle). */
  deliveriesByDay(integrationId: string, days: number, today: Date): Promise<DeliveryDay[]>;
  /** The same days for each integration of the tenant, by day then integration (oldest first). */
  usageByDay(tenantId: string, days: number, today: Date): Promise<UsageDay[]>;
}
