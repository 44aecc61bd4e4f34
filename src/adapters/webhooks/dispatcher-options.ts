import type pg from 'pg';
import type { ClaimDueDeliveries } from '../../application/webhooks/claim-due-deliveries.js';
import type { FanOutEvents } from '../../application/webhooks/fan-out-events.js';
import type { ProbeWebhookWork } from '../../application/webhooks/probe-webhook-work.js';
import type { ReclaimExpiredLeases } from '../../application/webhooks/reclaim-expired-leases.js';
import type { RecordDeliveryOutcomes } from '../../application/webhooks/record-delivery-outcomes.js';

/** Where Agenda keeps its jobs: the app's PostgreSQL (default) or MongoDB (`MONGODB_URL`). */
export type AgendaStore =
  | {
      kind: 'postgres';
      connection: pg.PoolConfig;
      /** Where Agenda's own LISTEN holds its session (not a transaction-mode pooler); null: none. */
      notifications: pg.PoolConfig | null;
    }
  | { kind: 'mongodb'; url: string };

export interface DispatcherTiming {
  /** Agenda's scan for due jobs. */
  processEveryMs: number;
  /** The recurring safety-net run (and lease sweep) interval. */
  sweepEveryMs: number;
  /** How often an active run looks for new work when nothing woke it. */
  probeEveryMs: number;
  /** How long a run stays after its last work before it ends. */
  lingerMs: number;
}

/**
 * A housekeeping job of another context that the worker's Agenda runs every `everyMs` (one run
 * at a time across all worker processes): e.g. the sweep of expired stock reservations.
 */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface DispatcherOptions {
  /** Other contexts' periodic jobs, run on the same Agenda. */
  periodicJobs?: readonly PeriodicJob[];
  store: AgendaStore;
  /** A connection on which to LISTEN for `webhooks` notifications (PostgreSQL server); null: poll. */
  listen: pg.ClientConfig | null;
  /**
   * The way the service's writes reach the database (DATABASE_URL): probes sent through it must
   * come back on `listen`, or the dispatcher polls and says why (notification-probe.ts).
   */
  notifyVia: pg.ClientConfig | null;
  timing: DispatcherTiming;
  /** Requests this process keeps in flight at most (the per-tenant limit of 5 is the database's). */
  maxInFlight: number;
  claimBatch: number;
  fanOutBatch: number;
  /** The longest a request can take: a stop waits this long for requests under way. */
  timeoutMs: number;
}

export interface DispatcherUseCases {
  fanOut: FanOutEvents;
  claim: ClaimDueDeliveries;
  record: RecordDeliveryOutcomes;
  reclaim: ReclaimExpiredLeases;
  probe: ProbeWebhookWork;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
