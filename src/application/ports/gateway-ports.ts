import type { Plan } from '../../domain/access/gateway.js';

/**
 * Usage metering: counts per tenant, integration and UTC month (and, for the charts, per UTC
 * day with the calls refused 429), aggregated in memory and written at most every second (and
 * at shutdown), so a request costs no database write. `usedThisMonth` is the tenant's total as
 * last known from the database plus what this process has not written yet.
 */
export interface UsageMeter {
  /** A metered call at `at`: it counts in its UTC month and day. */
  record(tenantId: string, integrationId: string, at: Date): void;
  /** A call refused 429 at `at` by the integration's rate limit or its plan's quota: counts in its day. */
  recordRefused(tenantId: string, integrationId: string, at: Date): void;
  usedThisMonth(tenantId: string, month: string): Promise<number>;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Stops the periodic writes and writes what is pending (graceful shutdown). */
  close(): Promise<void>;
}

/**
 * When each integration last made an authenticated call (an integration's `lastUsedAt`): noted
 * in memory on the request's path, written at most once a minute per integration by each
 * process (and at shutdown), so a request costs no database write and the value may lag by a
 * minute.
 */
export interface IntegrationActivity {
  record(integrationId: string, at: Date): void;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Stops the periodic writes and writes what is pending (graceful shutdown). */
  close(): Promise<void>;
}

/** Tenants' plans on the hot path: may answer from a short-lived cache (≤ 5 s behind the back office). */
export interface PlanDirectory {
  planOf(tenantId: string): Promise<Plan>;
  invalidate(tenantId: string): void;
}

/** A month's counts of one tenant, per integration. */
export interface IntegrationUsage {
  integrationId: string;
  clientName: string;
  used: number;
}

/** The back office's and the integration's reads and the plan's write. */
export interface PlanRepository {
  /** Null: the tenant has no plan (UNLIMITED); throws NotFound-like null for an unknown tenant via `tenantExists`. */
  find(tenantId: string): Promise<Plan | null>;
  save(tenantId: string, plan: Plan, now: Date): Promise<void>;
  tenantExists(tenantId: string): Promise<boolean>;
  usageByIntegration(tenantId: string, month: string): Promise<IntegrationUsage[]>;
}

/**
 * A keyed request's answer as kept with its key: the status and the body's JSON text exactly as
 * sent, so a replay sends the same bytes.
 */
export interface IdempotentAnswer {
  status: number;
  body: string;
}

/** An Idempotency-Key as stored: the request's fingerprint and, once answered, the answer. */
export interface StoredIdempotencyKey {
  fingerprint: string;
  response: IdempotentAnswer | null;
}

/** A key's row as a request opens it: whose, which, the request's fingerprint, and its 24 h. */
export interface IdempotencyKeyEntry {
  integrationId: string;
  key: string;
  fingerprint: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A keyed request's write, done and not yet committed: the transaction that inserted the key's
 * row and did the work stays open until the answer is known, and commits with it.
 */
export interface HeldWrite {
  /** Adds the answer to the key's row and commits the write with it. */
  commit(answer: IdempotentAnswer): Promise<void>;
  /** Rolls the write back, its key's row with it: the key is free again. */
  rollBack(): Promise<void>;
}

/**
 * A request's Idempotency-Key, handed by the HTTP adapter to the use case and by the use case to
 * each of its unit-of-work calls. The first transaction given it inserts the key's row before
 * its work and is then held open (`held`); the request's later work joins it; and the HTTP
 * adapter commits it with the answer (or rolls it back). So a write is never committed without
 * its answer, nor an answer kept without its write.
 */
export interface KeyedWrite extends IdempotencyKeyEntry {
  /** The request's write, from its first transaction until the answer commits it. */
  held: HeldWrite | null;
  /**
   * Set once the answer is kept or the lock timeout has passed: work after it holds nothing
   * (and, past the lock timeout, is refused).
   */
  closed: 'answered' | 'lock timed out' | null;
}

/**
 * Idempotency-Key rows. The row of a request that writes is inserted by the unit
 * of work first in the business transaction, and its answer is added in that same transaction
 * before it commits (so none of the three exists without the others); `complete` inserts the
 * whole row for an answer that wrote nothing.
 */
export interface IdempotencyStore {
  find(integrationId: string, key: string): Promise<StoredIdempotencyKey | null>;
  /** Keeps the answer of a request that wrote nothing. False when the key was taken by another request. */
  complete(entry: IdempotencyKeyEntry, answer: IdempotentAnswer): Promise<boolean>;
  purgeExpired(now: Date): Promise<number>;
}
