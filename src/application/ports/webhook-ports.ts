import type { DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import type {
  AttemptOutcome,
  DeliveryAttempt,
  DeliveryLease,
  WebhookDelivery,
  WebhookDeliveryState,
} from '../../domain/webhooks/delivery.js';
import type { TenantScope } from '../../domain/staff/staff.js';
import type { Page, PageRequest } from './pagination.js';

/** An outbox event as the fan-out reads it (its payload is the spec 2.10 object, `timestamp` included). */
export interface OutboxRecord {
  tenantId: string;
  id: string;
  eventName: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/** The read side of the transactional outbox, for the webhook fan-out. */
export interface OutboxFeed {
  /**
   * Up to `limit` undispatched events, oldest first, marked dispatched `at` by this transaction
   * (which commits the marks with the deliveries, or neither) and locked by it: a concurrent
   * fan-out skips them rather than waiting.
   */
  takeUndispatched(limit: number, at: Date): Promise<OutboxRecord[]>;
}

/** Where and with what a claimed delivery is sent, read with the claim (null: the integration is gone). */
export interface WebhookTarget {
  url: string | null;
  secret: string | null;
  /** The rotated-out secret while its overlap lasts (at the claim): it signs the delivery too. */
  previousSecret: string | null;
  active: boolean;
}

/**
 * Where a webhook request goes and the secrets that sign it: `secret`, and during a rotation's
 * overlap `previousSecret` too, so a receiver holding either verifies it.
 */
export interface SendTarget {
  url: string;
  secret: string;
  previousSecret?: string | null;
}

export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  target: WebhookTarget;
}

export interface DeliveryListItem {
  delivery: WebhookDeliveryState;
  attempts: DeliveryAttempt[];
}

/** Which deliveries the back office's list across integrations shows; `from` inclusive, `to` exclusive (`createdAt`). */
export interface DeliveryFilter {
  status?: DeliveryStatus;
  event?: string;
  tenantId?: string;
  integrationId?: string;
  from?: Date;
  to?: Date;
  /** The caller's tenants (null: every tenant). */
  within: TenantScope;
}

/**
 * Webhook deliveries. The claim is the one place a delivery becomes IN_FLIGHT: it takes one of
 * the tenant's five slots under a lease, so the database itself bounds a tenant's in-flight
 * deliveries across every worker. Bulk status moves (hold, re-queue, replay of a whole
 * endpoint) are single statements whose from- and to-statuses come from `DELIVERY_MOVES`
 * (`delivery.machine.ts`).
 */
export interface WebhookDeliveryRepository {
  /** Inserts new deliveries; an existing (event, integration) pair is left as it is. Returns how many were new. */
  add(deliveries: readonly WebhookDelivery[]): Promise<number>;
  /**
   * Claims up to `limit` due deliveries across tenants, each in a free slot of its tenant (at
   * most 5 per tenant), skipping paused endpoints, tenants another worker is claiming for,
   * and deliveries not yet due. Returns them IN_FLIGHT with their lease and target.
   */
  claimDue(claim: { owner: string; limit: number; leaseMs: number; now: Date }): Promise<ClaimedDelivery[]>;
  /**
   * Could `claimDue` claim anything: has a tenant a due delivery and a free slot? A look that
   * takes no lock (a tenant another worker is claiming for counts).
   */
  hasDue(now: Date): Promise<boolean>;
  /**
   * Inserts a new (PENDING) delivery directly IN_FLIGHT in a free slot of its tenant — a ping,
   * sent at once — and returns the lease, for the caller to `claim` with. Null when all five
   * slots are taken (nothing is inserted).
   */
  addClaimed(
    delivery: WebhookDelivery,
    claim: { owner: string; leaseMs: number; now: Date },
  ): Promise<DeliveryLease | null>;
  /**
   * Saves deliveries that left IN_FLIGHT (an outcome or an expired lease), each only if it
   * still holds the claim `leaseToken` names, with the attempts it recorded. Returns the ids saved.
   * One statement, atomic on its own (`UnitOfWork.runStatement` may run it).
   */
  saveReleased(released: readonly { delivery: WebhookDelivery; leaseToken: string }[]): Promise<Set<string>>;
  /** IN_FLIGHT deliveries whose lease ran out before `now`, locked for this transaction. */
  findExpiredLeases(now: Date, limit: number): Promise<WebhookDelivery[]>;
  /** Of these integrations, the ones whose endpoint is paused; locks their rows (FOR SHARE) until commit. */
  findPausedEndpoints(integrationIds: readonly string[]): Promise<Set<string>>;
  /** PENDING and RETRYING deliveries of the integration → HELD. */
  holdQueued(integrationId: string, now: Date): Promise<number>;
  /** Queued deliveries of any paused endpoint → HELD (stragglers of a pause). */
  holdQueuedOfPausedEndpoints(now: Date): Promise<number>;
  /** HELD deliveries of the integration → PENDING, due now. */
  requeueHeld(integrationId: string, now: Date): Promise<number>;
  /** DEAD deliveries of the integration (pings excepted) → PENDING with a fresh schedule. */
  replayDeadLetters(integrationId: string, now: Date): Promise<number>;
  /** Back office: a delivery by id, whatever its tenant. */
  findByIdAcrossTenants(id: string, options?: { forUpdate?: boolean }): Promise<WebhookDelivery | null>;
  /** Saves a delivery loaded with `forUpdate` (back-office replay). */
  save(delivery: WebhookDelivery): Promise<void>;
  listByIntegration(
    integrationId: string,
    query: PageRequest & { status?: DeliveryStatus },
  ): Promise<Page<DeliveryListItem>>;
  /** Deliveries across integrations and tenants, newest first then id, each with its attempts. */
  list(filter: DeliveryFilter, page: PageRequest): Promise<Page<DeliveryListItem>>;
  /** Is there anything for a dispatcher to do: an undispatched event, a due delivery or an expired lease? */
  hasWork(now: Date): Promise<boolean>;
}

/** A webhook request to send: the delivery's identity and the payload's exact text. */
export interface WebhookMessage {
  deliveryId: string;
  eventName: string;
  payload: string;
}

/**
 * Sends one webhook request (spec 6.3) and reports the outcome; never throws. The adapter
 * signs it, enforces the timeout, refuses disallowed targets at connect time and never
 * follows a redirect.
 */
export interface WebhookSender {
  send(target: SendTarget, message: WebhookMessage): Promise<AttemptOutcome>;
}

/** The operators' alarm: a delivery was dead-lettered and its endpoint paused. */
export interface WebhookAlerts {
  deadLettered(alert: {
    tenantId: string;
    integrationId: string;
    deliveryId: string;
    event: string;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
  }): void;
}

export interface WebhookSettings {
  /** Delays before retries 1..n, in milliseconds. */
  retrySchedule: readonly number[];
  /** How long a claim is held before another worker may take it back. */
  leaseMs: number;
  /** Request timeout, also the longest a ping waits for a free slot. */
  timeoutMs: number;
}
