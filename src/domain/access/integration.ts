import { ValidationError } from '../shared/errors.js';
import { requiredText } from '../shared/text.js';
import { WebhookNotConfigured } from '../webhooks/errors.js';
import { IpAllowList } from './ip-allow-list.js';
import type { Role } from './permissions.js';
import { parseWebhookEvents, subscribes, type WebhookEventName } from './webhook-events.js';

/** How long a rotated-out client secret keeps working, unless the caller says otherwise. */
export const DEFAULT_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** The longest overlap a rotation may ask for: 30 days. */
export const MAX_SECRET_OVERLAP_MS = 30 * DEFAULT_SECRET_OVERLAP_MS;
/** The longest overlap a webhook-secret rotation may ask for: 7 days (receivers hold two secrets meanwhile). */
export const MAX_WEBHOOK_SECRET_OVERLAP_MS = 7 * DEFAULT_SECRET_OVERLAP_MS;
/** The highest per-integration rate limit the back office may set. */
export const MAX_RATE_LIMIT_PER_MINUTE = 100_000;

export interface IntegrationState {
  id: string;
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  role: Role;
  clientName: string;
  clientId: string;
  clientSecret: string;
  previousClientSecret: string | null;
  previousSecretExpiresAt: Date | null;
  allowedIps: IpAllowList;
  webhookUrl: string | null;
  webhookSecret: string | null;
  /** The rotated-out webhook secret, which still signs deliveries until `previousWebhookSecretExpiresAt`. */
  previousWebhookSecret: string | null;
  previousWebhookSecretExpiresAt: Date | null;
  webhookEvents: WebhookEventName[] | null;
  /** Set when a delivery was dead-lettered: events are kept (HELD), not sent, until a resume. */
  webhookPausedAt: Date | null;
  requireSignedReads: boolean;
  /**
   * The API key's one-way hash (the key itself is never stored), opaque to the domain: who hashes and compares is
   * the application's port. Null: the integration has no API key.
   */
  apiKeyHash: string | null;
  /** Its own requests-per-minute limit; null: the service's default applies. */
  rateLimitPerMinute: number | null;
  active: boolean;
  /** Its last authenticated call as last written (may lag by a minute); null until the first. Read-only here. */
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Compares a presented API key with a stored hash, in constant time (a port's function). */
export type ApiKeyVerifier = (storedHash: string, presented: string) => boolean;

/** What the back office gives to create an integration (its shape checked by the command schema). */
export interface NewIntegration {
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  role: Role;
  clientName: string;
  allowedIps?: string | null;
  webhookUrl?: string | null;
  webhookEvents?: string | null;
  requireSignedReads?: boolean;
}

/** A back-office change; `null` or `''` clears a list or the webhook URL. */
export interface IntegrationChanges {
  active?: boolean;
  allowedIps?: string | null;
  webhookUrl?: string | null;
  webhookEvents?: string | null;
  requireSignedReads?: boolean;
  /** 1..100000, or null to fall back to the service's default. */
  rateLimitPerMinute?: number | null;
}

/** What `parseWebhookUrl` and the target policy ask of a webhook URL, in one sentence. */
export const WEBHOOK_URL_RULE =
  'webhookUrl must be an https URL of at most 2048 characters, without credentials or a fragment, to a public address (http and private addresses only where the operator allows them)';

/**
 * A webhook URL as stored (absent or empty: none). Its syntax is this rule's own; the scheme
 * and target policy (https, no private address) is checked by the use case's port.
 */
export function parseWebhookUrl(input: string | null | undefined): string | null {
  if (input === undefined || input === null || input === '') return null;
  if (input.length > 2048) throw new ValidationError('webhookUrl must be a URL', 'webhookUrl');
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ValidationError('webhookUrl must be a URL', 'webhookUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ValidationError('webhookUrl must be an https URL', 'webhookUrl');
  }
  if (url.username || url.password) throw new ValidationError('webhookUrl must not contain credentials', 'webhookUrl');
  if (url.hash) throw new ValidationError('webhookUrl must not contain a fragment', 'webhookUrl');
  return url.toString();
}

/**
 * The secrets in force at `now`, current first: the current one, and a rotated-out one until its
 * overlap ends. The one rule for client secrets (which verify requests) and webhook secrets
 * (which sign deliveries), whether read from an integration or from a delivery's claim.
 */
export function secretsInForce(
  current: string,
  previous: string | null,
  previousExpiresAt: Date | null,
  now: Date,
): string[] {
  return previous !== null && previousExpiresAt !== null && now < previousExpiresAt ? [current, previous] : [current];
}

/** A rotation's overlap in milliseconds, checked against its maximum; 0 keeps no previous secret. */
function overlapEnd(overlapMs: number, maxMs: number, now: Date): Date | null {
  if (!Number.isInteger(overlapMs) || overlapMs < 0 || overlapMs > maxMs) {
    throw new ValidationError(
      `overlap must be between 0 and ${maxMs / DEFAULT_SECRET_OVERLAP_MS} days`,
      'overlapSeconds',
    );
  }
  return overlapMs > 0 ? new Date(now.getTime() + overlapMs) : null;
}

/**
 * An integration: an external system's credentials and what they are bound to (spec 2.9).
 * It holds its secrets in clear in memory; the repository encrypts them at rest.
 */
export class Integration {
  private constructor(private s: IntegrationState) {}

  static create(
    input: NewIntegration & { id: string },
    generated: { clientId: string; clientSecret: string; webhookSecret: () => string },
    now: Date,
  ): Integration {
    const clientName = requiredText(input.clientName, 'clientName');
    const webhookUrl = parseWebhookUrl(input.webhookUrl);
    return new Integration({
      id: input.id,
      tenantId: input.tenantId,
      branchId: input.branchId,
      fiscalYearId: input.fiscalYearId,
      role: input.role,
      clientName,
      clientId: generated.clientId,
      clientSecret: generated.clientSecret,
      previousClientSecret: null,
      previousSecretExpiresAt: null,
      allowedIps: IpAllowList.parse(input.allowedIps),
      webhookUrl,
      // Generated by the service, never chosen by the caller (spec 2.9).
      webhookSecret: webhookUrl ? generated.webhookSecret() : null,
      previousWebhookSecret: null,
      previousWebhookSecretExpiresAt: null,
      webhookEvents: parseWebhookEvents(input.webhookEvents),
      webhookPausedAt: null,
      requireSignedReads: input.requireSignedReads ?? false,
      apiKeyHash: null,
      rateLimitPerMinute: null,
      active: true,
      lastUsedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Rebuilds a stored integration. */
  static restore(state: IntegrationState): Integration {
    return new Integration({ ...state });
  }

  get id() {
    return this.s.id;
  }
  get tenantId() {
    return this.s.tenantId;
  }
  get branchId() {
    return this.s.branchId;
  }
  get fiscalYearId() {
    return this.s.fiscalYearId;
  }
  get role() {
    return this.s.role;
  }
  get clientId() {
    return this.s.clientId;
  }
  get active() {
    return this.s.active;
  }
  get allowedIps() {
    return this.s.allowedIps;
  }
  get webhookUrl() {
    return this.s.webhookUrl;
  }
  get webhookSecret() {
    return this.s.webhookSecret;
  }
  get webhookEvents() {
    return this.s.webhookEvents;
  }
  get requireSignedReads() {
    return this.s.requireSignedReads;
  }
  get webhookPausedAt() {
    return this.s.webhookPausedAt;
  }
  get rateLimitPerMinute(): number | null {
    return this.s.rateLimitPerMinute;
  }
  get hasApiKey(): boolean {
    return this.s.apiKeyHash !== null;
  }

  /** A copy of the full state, for the repository's mapper. */
  state(): IntegrationState {
    return { ...this.s };
  }

  /** The client secrets that verify a request at `now`: the current one, and a rotated-out one within its overlap. */
  signingSecretsAt(now: Date): string[] {
    return secretsInForce(this.s.clientSecret, this.s.previousClientSecret, this.s.previousSecretExpiresAt, now);
  }

  /** The webhook secrets that sign a delivery at `now`, current first (none without a webhook secret). */
  webhookSecretsAt(now: Date): string[] {
    if (this.s.webhookSecret === null) return [];
    const { webhookSecret, previousWebhookSecret, previousWebhookSecretExpiresAt } = this.s;
    return secretsInForce(webhookSecret, previousWebhookSecret, previousWebhookSecretExpiresAt, now);
  }

  /**
   * Check 1's API-key half: while the integration has a key, a request must
   * present it and it must match; without a key, anything presented is ignored.
   */
  acceptsApiKey(presented: string | undefined, verify: ApiKeyVerifier): boolean {
    if (this.s.apiKeyHash === null) return true;
    if (presented === undefined || presented === '') return false;
    return verify(this.s.apiKeyHash, presented);
  }

  /** Back office: issues an API key or replaces the current one (given as its hash). */
  setApiKey(hash: string, now: Date): void {
    this.s = { ...this.s, apiKeyHash: hash, updatedAt: now };
  }

  /** Back office: removes the API key (none: unchanged). */
  removeApiKey(now: Date): void {
    if (this.s.apiKeyHash === null) return;
    this.s = { ...this.s, apiKeyHash: null, updatedAt: now };
  }

  subscribesTo(event: string): boolean {
    return this.s.active && this.s.webhookUrl !== null && subscribes(this.s.webhookEvents, event);
  }

  /** A delivery was dead-lettered: the endpoint is paused (already paused: unchanged). */
  pauseWebhook(now: Date): void {
    if (this.s.webhookPausedAt) return;
    this.s = { ...this.s, webhookPausedAt: now, updatedAt: now };
  }

  /** Back-office resume of a paused endpoint (not paused: unchanged). */
  resumeWebhook(now: Date): void {
    if (!this.s.webhookPausedAt) return;
    this.s = { ...this.s, webhookPausedAt: null, updatedAt: now };
  }

  /**
   * Back-office change. Setting a webhook URL on an integration that has no
   * webhook secret yet generates one; it is returned here, once.
   */
  update(changes: IntegrationChanges, newWebhookSecret: () => string, now: Date): { webhookSecret?: string } {
    const next = { ...this.s };
    let issued: string | undefined;
    if (changes.active !== undefined) next.active = changes.active;
    if (changes.requireSignedReads !== undefined) next.requireSignedReads = changes.requireSignedReads;
    if (changes.rateLimitPerMinute !== undefined) {
      const limit = changes.rateLimitPerMinute;
      if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > MAX_RATE_LIMIT_PER_MINUTE)) {
        throw new ValidationError(
          `rateLimitPerMinute must be an integer from 1 to ${MAX_RATE_LIMIT_PER_MINUTE}, or null`,
          'rateLimitPerMinute',
        );
      }
      next.rateLimitPerMinute = limit;
    }
    if (changes.allowedIps !== undefined) next.allowedIps = IpAllowList.parse(changes.allowedIps);
    if (changes.webhookEvents !== undefined) next.webhookEvents = parseWebhookEvents(changes.webhookEvents);
    if (changes.webhookUrl !== undefined) {
      next.webhookUrl = parseWebhookUrl(changes.webhookUrl);
      if (next.webhookUrl && !next.webhookSecret) {
        issued = newWebhookSecret();
        next.webhookSecret = issued;
      }
    }
    next.updatedAt = now;
    this.s = next;
    return issued ? { webhookSecret: issued } : {};
  }

  /** Issues a new client secret; the old one keeps working for `overlapMs`. */
  rotateClientSecret(newSecret: string, overlapMs: number, now: Date): void {
    const expiresAt = overlapEnd(overlapMs, MAX_SECRET_OVERLAP_MS, now);
    this.s = {
      ...this.s,
      previousClientSecret: expiresAt ? this.s.clientSecret : null,
      previousSecretExpiresAt: expiresAt,
      clientSecret: newSecret,
      updatedAt: now,
    };
  }

  /**
   * Replaces the webhook secret; for `overlapMs` every delivery is signed with the old one too,
   * so receivers can switch at their pace. A secret rotated out earlier is dropped. Only with a
   * webhook URL (else WebhookNotConfigured).
   */
  rotateWebhookSecret(newSecret: string, overlapMs: number, now: Date): void {
    if (this.s.webhookUrl === null) throw new WebhookNotConfigured();
    const expiresAt = overlapEnd(overlapMs, MAX_WEBHOOK_SECRET_OVERLAP_MS, now);
    this.s = {
      ...this.s,
      previousWebhookSecret: expiresAt && this.s.webhookSecret ? this.s.webhookSecret : null,
      previousWebhookSecretExpiresAt: expiresAt && this.s.webhookSecret ? expiresAt : null,
      webhookSecret: newSecret,
      updatedAt: now,
    };
  }
}
