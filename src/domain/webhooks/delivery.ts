import {
  LEASED_STATUSES,
  QUEUED_STATUSES,
  nextDeliveryStatus,
  type DeliveryEventType,
  type DeliveryStatus,
} from './delivery.machine.js';
import { DeliveryNotReplayable, InvalidDeliveryTransition, PingNotReplayable } from './errors.js';
import { PING_EVENT } from './payload.js';
import { retryDelayAfter } from './retry-policy.js';

const MAX_ERROR_LENGTH = 500;

/** A delivery's hold on one of its tenant's in-flight slots, valid until `expiresAt`. */
export interface DeliveryLease {
  slot: number;
  owner: string;
  /** Identifies this claim: an outcome is recorded only by the claim it belongs to. */
  token: string;
  expiresAt: Date;
}

/** One HTTP attempt, as the back office lists it. */
export interface DeliveryAttempt {
  id: string;
  startedAt: Date;
  durationMs: number | null;
  statusCode: number | null;
  error: string | null;
}

/** What one attempt came to: a 2xx in time, or anything else (with what went wrong). */
export type AttemptOutcome =
  | { ok: true; statusCode: number; startedAt: Date; durationMs: number }
  | { ok: false; statusCode: number | null; error: string; startedAt: Date; durationMs: number };

export interface WebhookDeliveryState {
  id: string;
  tenantId: string;
  integrationId: string;
  /** The outbox event delivered; null for a ping. */
  eventId: string | null;
  eventName: string;
  /** The payload's exact JSON text: signed and sent byte for byte, the same on every retry. */
  payload: string;
  status: DeliveryStatus;
  /** Failed attempts counted against the retry schedule (reset by a replay). */
  attempts: number;
  nextAttemptAt: Date | null;
  lease: DeliveryLease | null;
  lastStatusCode: number | null;
  lastError: string | null;
  occurredAt: Date;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
}

export interface RetryRules {
  /** Delays before retries 1..n in milliseconds (`WEBHOOK_RETRY_SCHEDULE`). */
  schedule: readonly number[];
  /** The integration's endpoint is paused: a failure is held rather than retried. */
  endpointPaused: boolean;
}

/**
 * One event on its way to one integration's endpoint. Its lifecycle is
 * `delivery.machine.ts`; this class decides what an attempt's outcome means — delivered, retry
 * after the schedule's next delay, dead letter after the last retry, or held while the endpoint
 * is paused — and keeps the attempt it records.
 */
export class WebhookDelivery {
  private recorded: DeliveryAttempt[] = [];

  private constructor(private s: WebhookDeliveryState) {}

  /** A delivery of an outbox event: due now, or HELD when the endpoint is paused. */
  static forEvent(input: {
    id: string;
    tenantId: string;
    integrationId: string;
    event: { id: string; name: string; payload: string; occurredAt: Date };
    endpointPaused: boolean;
    now: Date;
  }): WebhookDelivery {
    return new WebhookDelivery({
      id: input.id,
      tenantId: input.tenantId,
      integrationId: input.integrationId,
      eventId: input.event.id,
      eventName: input.event.name,
      payload: input.event.payload,
      status: input.endpointPaused ? 'HELD' : 'PENDING',
      attempts: 0,
      nextAttemptAt: input.endpointPaused ? null : input.now,
      lease: null,
      lastStatusCode: null,
      lastError: null,
      occurredAt: input.event.occurredAt,
      createdAt: input.now,
      updatedAt: input.now,
      deliveredAt: null,
    });
  }

  /** A back-office ping (`webhook.ping`): tried once, now, never retried. */
  static ping(input: { id: string; tenantId: string; integrationId: string; payload: string; now: Date }) {
    return new WebhookDelivery({
      id: input.id,
      tenantId: input.tenantId,
      integrationId: input.integrationId,
      eventId: null,
      eventName: PING_EVENT,
      payload: input.payload,
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: input.now,
      lease: null,
      lastStatusCode: null,
      lastError: null,
      occurredAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
      deliveredAt: null,
    });
  }

  static restore(state: WebhookDeliveryState): WebhookDelivery {
    return new WebhookDelivery({ ...state, lease: state.lease ? { ...state.lease } : null });
  }

  get id() {
    return this.s.id;
  }
  get tenantId() {
    return this.s.tenantId;
  }
  get integrationId() {
    return this.s.integrationId;
  }
  get eventName() {
    return this.s.eventName;
  }
  get payload() {
    return this.s.payload;
  }
  get status() {
    return this.s.status;
  }
  get attempts() {
    return this.s.attempts;
  }
  get nextAttemptAt() {
    return this.s.nextAttemptAt;
  }
  get lease() {
    return this.s.lease;
  }
  get isPing() {
    return this.s.eventName === PING_EVENT;
  }

  state(): WebhookDeliveryState {
    return { ...this.s, lease: this.s.lease ? { ...this.s.lease } : null };
  }

  /** Attempts recorded since this object was loaded (for the repository to append). */
  newAttempts(): readonly DeliveryAttempt[] {
    return this.recorded;
  }

  /** Takes one of the tenant's in-flight slots under a lease. */
  claim(lease: DeliveryLease, now: Date): void {
    this.step('CLAIM', 'claimed');
    this.s = { ...this.s, lease: { ...lease }, nextAttemptAt: null, updatedAt: now };
  }

  /**
   * Records an attempt's outcome and moves on: DELIVERED on success; otherwise RETRYING after
   * the schedule's next delay, HELD when the endpoint is paused, or DEAD when the retries are
   * spent (a ping is never retried). Returns the new status.
   */
  recordAttempt(attemptId: string, outcome: AttemptOutcome, rules: RetryRules, now: Date): DeliveryStatus {
    if (!LEASED_STATUSES.includes(this.s.status))
      throw new InvalidDeliveryTransition(this.s.status, 'given an outcome');
    const error = outcome.ok ? null : outcome.error.slice(0, MAX_ERROR_LENGTH);
    this.recorded.push({
      id: attemptId,
      startedAt: outcome.startedAt,
      durationMs: Math.max(0, Math.round(outcome.durationMs)),
      statusCode: outcome.statusCode,
      error,
    });
    const base = { lease: null, lastStatusCode: outcome.statusCode, updatedAt: now };
    if (outcome.ok) {
      this.step('SUCCEED', 'delivered');
      this.s = { ...this.s, ...base, lastError: null, nextAttemptAt: null, deliveredAt: now };
      return this.s.status;
    }
    const attempts = this.s.attempts + 1;
    const delay = retryDelayAfter(attempts, this.isPing ? [] : rules.schedule);
    if (delay === null) {
      this.step('DEAD_LETTER', 'dead-lettered');
      this.s = { ...this.s, ...base, attempts, lastError: error, nextAttemptAt: null };
    } else if (rules.endpointPaused) {
      this.step('HOLD', 'held');
      this.s = { ...this.s, ...base, attempts, lastError: error, nextAttemptAt: null };
    } else {
      this.step('RETRY', 'retried');
      this.s = { ...this.s, ...base, attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + delay) };
    }
    return this.s.status;
  }

  /**
   * The worker holding this delivery stopped before recording an outcome: the attempt is
   * logged as lost (not counted against the schedule) and the delivery is due again at once —
   * or HELD if its endpoint was paused meanwhile. Delivery stays at least once.
   */
  leaseExpired(attemptId: string, endpointPaused: boolean, now: Date): void {
    if (!LEASED_STATUSES.includes(this.s.status)) throw new InvalidDeliveryTransition(this.s.status, 'released');
    this.recorded.push({
      id: attemptId,
      startedAt: this.s.updatedAt,
      durationMs: null,
      statusCode: null,
      error: 'Outcome unknown: the worker stopped before recording it (lease expired); sending again',
    });
    if (endpointPaused) {
      this.step('HOLD', 'held');
      this.s = { ...this.s, lease: null, nextAttemptAt: null, updatedAt: now };
    } else {
      this.step('LEASE_EXPIRED', 'released');
      this.s = { ...this.s, lease: null, nextAttemptAt: now, updatedAt: now };
    }
  }

  /**
   * The endpoint was paused: a queued delivery is kept, not sent. (One in flight is held when
   * its outcome is recorded or its lease expires.)
   */
  hold(now: Date): void {
    if (!QUEUED_STATUSES.includes(this.s.status)) throw new InvalidDeliveryTransition(this.s.status, 'held');
    this.step('HOLD', 'held');
    this.s = { ...this.s, nextAttemptAt: null, updatedAt: now };
  }

  /** Back-office resume: a held delivery is due again, keeping the attempts it has made. */
  requeue(now: Date): void {
    this.step('REQUEUE', 're-queued');
    this.s = { ...this.s, nextAttemptAt: now, updatedAt: now };
  }

  /**
   * Back-office replay of a DEAD or DELIVERED delivery: due again with a fresh retry schedule,
   * the same id (receivers de-duplicate on it). While the endpoint is paused it waits as HELD.
   */
  replay(endpointPaused: boolean, now: Date): void {
    if (this.isPing) throw new PingNotReplayable();
    if (nextDeliveryStatus(this.s.status, 'REPLAY') === null) throw new DeliveryNotReplayable(this.s.status);
    this.step('REPLAY', 'replayed');
    this.s = { ...this.s, attempts: 0, nextAttemptAt: now, deliveredAt: null, updatedAt: now };
    if (endpointPaused) this.hold(now);
  }

  private step(event: DeliveryEventType, action: string): void {
    const next = nextDeliveryStatus(this.s.status, event);
    if (next === null) throw new InvalidDeliveryTransition(this.s.status, action);
    this.s = { ...this.s, status: next };
  }
}
