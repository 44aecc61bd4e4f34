import type { Integration } from '../../domain/access/integration.js';
import type { TenantScope } from '../../domain/staff/staff.js';
import type { Page, PageRequest } from './pagination.js';

/** Which integrations the back office's list across tenants shows. */
export interface IntegrationFilter {
  /** true: only those whose webhook endpoint is paused; false: only the others. */
  paused?: boolean;
  active?: boolean;
  tenantId?: string;
  /** The caller's tenants (null: every tenant). */
  within: TenantScope;
}

export interface IntegrationRepository {
  /** Throws on a duplicate client id (never expected: they are random). */
  add(integration: Integration): Promise<void>;
  save(integration: Integration): Promise<void>;
  /** Back office: an integration is addressed by its id alone. */
  findByIdAcrossTenants(id: string, options?: { forUpdate?: boolean }): Promise<Integration | null>;
  findByClientId(clientId: string): Promise<Integration | null>;
  /** A tenant's integrations, oldest first. */
  findByTenant(tenantId: string): Promise<Integration[]>;
  /** Integrations across tenants, oldest first then id. */
  list(filter: IntegrationFilter, page: PageRequest): Promise<Page<Integration>>;
  /**
   * The active integrations with a webhook URL of these tenants (the webhook fan-out's
   * candidates), locked FOR SHARE until commit so a concurrent pause waits for the fan-out.
   */
  findWebhookSubscribers(tenantIds: readonly string[]): Promise<Integration[]>;
}

/**
 * The integration lookup on the authentication hot path: may answer from a short-lived cache.
 * `invalidate` is called after every back-office change of an integration.
 */
export interface IntegrationDirectory {
  findByClientId(clientId: string): Promise<Integration | null>;
  invalidate(clientId: string): void;
}

/** Fresh random credentials: ≥ 32 random bytes for secrets. */
export interface SecretGenerator {
  clientId(): string;
  clientSecret(): string;
  webhookSecret(): string;
}

/**
 * API keys: fresh keys from a CSPRNG, their one-way hash (what is stored), and
 * a constant-time check of a presented key against a stored hash.
 */
export interface ApiKeyHasher {
  /** `ak_` + 32 random URL-safe characters. */
  generate(): string;
  hash(apiKey: string): string;
  matches(storedHash: string, presented: string): boolean;
}

/**
 * What a nonce claim tells: whether the nonce was new, and if so how many claims this
 * integration has made in the current one-minute window, this one included (the rate limit
 * is counted in the same statement, across processes).
 */
export type NonceClaim = { claimed: false } | { claimed: true; windowCount: number; windowEndsAt: Date };

/** Single-use nonces, shared by every API process (stored in the database). */
export interface NonceStore {
  /** Takes the nonce until `expiresAt` when it was unused for this integration, and counts the call in its minute window. */
  claim(integrationId: string, nonce: string, expiresAt: Date): Promise<NonceClaim>;
  /** True when the nonce was already claimed for this integration. Reads only: never writes. */
  isUsed(integrationId: string, nonce: string): Promise<boolean>;
  /** Deletes nonces (and minute windows) whose retention has passed; returns how many nonces. */
  purgeExpired(now: Date): Promise<number>;
}

/**
 * Failed authentications per source address, counted across processes.
 * `blockedForMs` answers from memory (no database work before the credentials are looked at);
 * `recordFailure` counts one failure and says how long the address is now blocked (0: not).
 */
export interface AuthFailureLimiter {
  blockedForMs(address: string): number;
  recordFailure(address: string): Promise<number>;
}

/** A request line as an `x-signature` covers it: the method, path and query, and headers as sent. */
export interface SignedRequestLine {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
}

/**
 * The signatures integrators sign requests with (HMAC-SHA256 as lowercase hex, keyed with a
 * client secret), and a constant-time comparison of two such strings.
 */
export interface RequestSigner {
  /** The signature of a body's signed members (every member but `signature`, in the order received). */
  bodySignature(secret: string, signedMembers: Record<string, unknown>): string;
  /** The `x-signature` of a request line. */
  requestLineSignature(secret: string, line: SignedRequestLine): string;
  matches(expectedHex: string, givenHex: string): boolean;
}

/**
 * Whether a webhook URL may be used as a target: https unless development allows http, and not
 * a private, loopback or link-local address unless allowed. Throws a ValidationError.
 */
export interface WebhookTargetPolicy {
  assertAllowed(url: string): Promise<void>;
}

/** Encryption of secrets at rest (the repository encrypts on save and decrypts on load). */
export interface SecretCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}
