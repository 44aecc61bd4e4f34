import { AUTH_FAILURE_CODES as GATE_FAILURE_CODES } from '../../domain/access/errors.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { UNDELIVERED_STATUSES } from '../../domain/webhooks/delivery.machine.js';

/** The webhook queue as the database holds it, read when `/metrics` is scraped. */
export interface WebhookQueueSnapshot {
  /** Deliveries per status not yet delivered (`UNDELIVERED_STATUSES`). */
  byStatus: Record<string, number>;
  /** In-flight slots held per tenant (at most 5 each), tenants with none left out. */
  inFlightByTenant: { tenantId: string; slots: number }[];
}

/** The read replicas as this process sees them, and where its reads went (replica-reads.ts). */
export interface ReplicaSnapshot {
  replicas: readonly { name: string; up: boolean; lagMs: number }[];
  reads: Readonly<Record<'replica' | 'primary' | 'fallback', number>>;
}

export interface RequestSample {
  method: string;
  route: string;
  status: number;
  durationSeconds: number;
  errorCode: string | null;
}

/** Codes of a failed authentication: spec 5.2's, and the admin token's. */
const AUTH_FAILURE_CODES = new Set([...GATE_FAILURE_CODES, 'UNAUTHORIZED']);

/**
 * The service's Prometheus metrics (prom-client), one registry per process: default process
 * metrics, request durations by route template and status, authentication failures by code,
 * webhook attempts by outcome and dead letters (this process), and the queue by status and
 * in-flight slots per tenant (all processes: read from the database at scrape time).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly authFailures: Counter<'code'>;
  private readonly deliveries: Counter<'outcome'>;
  private readonly deadLetters: Counter;

  constructor(options: { queue?: () => Promise<WebhookQueueSnapshot>; replicas?: () => ReplicaSnapshot } = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.authFailures = new Counter({
      name: 'auth_failures_total',
      help: 'Failed authentications (external API and admin token) by error code',
      labelNames: ['code'],
      registers,
    });
    this.deliveries = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts made by this process, by outcome (delivered, failed)',
      labelNames: ['outcome'],
      registers,
    });
    this.deadLetters = new Counter({
      name: 'webhook_dead_letters_total',
      help: 'Webhook deliveries dead-lettered by this process',
      registers,
    });
    const queue = options.queue;
    if (queue) {
      // One read of the database per scrape, shared by both gauges.
      let pending: Promise<WebhookQueueSnapshot> | null = null;
      const snapshot = () => {
        pending ??= queue().finally(() => setTimeout(() => (pending = null), 0));
        return pending;
      };
      new Gauge({
        name: 'webhook_queue_depth',
        help: 'Webhook deliveries waiting, in flight, held or dead, by status (all processes)',
        labelNames: ['status'],
        registers,
        async collect() {
          const { byStatus } = await snapshot();
          for (const status of UNDELIVERED_STATUSES) this.set({ status }, byStatus[status] ?? 0);
        },
      });
      new Gauge({
        name: 'webhook_in_flight_slots',
        help: 'In-flight delivery slots held per tenant (at most 5)',
        labelNames: ['tenant'],
        registers,
        async collect() {
          const { inFlightByTenant } = await snapshot();
          this.reset();
          for (const t of inFlightByTenant) this.set({ tenant: t.tenantId }, t.slots);
        },
      });
    }
    if (options.replicas) replicaMetrics(options.replicas, registers);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  observe(sample: RequestSample): void {
    this.requestDuration.observe(
      { method: sample.method, route: sample.route, status: String(sample.status) },
      sample.durationSeconds,
    );
    if (sample.errorCode && AUTH_FAILURE_CODES.has(sample.errorCode)) this.authFailures.inc({ code: sample.errorCode });
  }

  deliveryAttempt(outcome: 'delivered' | 'failed'): void {
    this.deliveries.inc({ outcome });
  }

  deadLettered(): void {
    this.deadLetters.inc();
  }
}

/**
 * Read replicas: whether each is usable (up, and within DATABASE_REPLICA_MAX_LAG_MS of the
 * primary), how far behind it is, and how many reads went to a replica, to the primary, or fell
 * back to the primary after a replica failed under them.
 */
function replicaMetrics(stats: () => ReplicaSnapshot, registers: Registry[]): void {
  new Gauge({
    name: 'database_replica_up',
    help: 'A read replica answering as a hot standby (1) or not (0), by replica',
    labelNames: ['replica'],
    registers,
    collect() {
      for (const r of stats().replicas) this.set({ replica: r.name }, r.up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'database_replica_lag_seconds',
    help: "How long ago the primary passed what the replica has replayed (at this process's last poll)",
    labelNames: ['replica'],
    registers,
    collect() {
      for (const r of stats().replicas) this.set({ replica: r.name }, r.lagMs / 1000);
    },
  });
  new Counter({
    name: 'database_reads_total',
    help: "Reads (the unit of work's) by where they went: a replica, the primary, or the primary after a replica failed under them (fallback)",
    labelNames: ['target'],
    registers,
    collect() {
      const { reads } = stats();
      this.reset();
      for (const [target, count] of Object.entries(reads)) this.inc({ target }, count);
    },
  });
}
