import type { Integration } from '../../domain/access/integration.js';
import type { Role } from '../../domain/access/permissions.js';
import { AuthFailures } from '../../domain/access/errors.js';
import { canonicalIp } from '../../domain/access/ip-allow-list.js';
import {
  isFreshTimestamp,
  isSignedMethod,
  isWellFormedNonce,
  isWellFormedSignature,
  NONCE_RETENTION_MS,
  signedBodyMembers,
  type SignedPart,
} from '../../domain/access/request-rules.js';
import type { ApiKeyHasher, IntegrationDirectory, NonceStore, RequestSigner } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { Caller } from './caller.js';

/**
 * A JSON value as the body parser gives it. The gate checks a body's signature before any
 * resource schema sees it (spec 5.2 check 6), so the body is any JSON, not yet a command.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [field: string]: JsonValue };

export interface IncomingRequest {
  clientId: string | undefined;
  /** The `x-api-key` header, if sent. */
  apiKey?: string | undefined;
  /** The client address (socket, or the trusted proxies' forwarded address). */
  ip: string;
  timestamp: string | undefined;
  nonce: string | undefined;
  method: string;
  /** Path and query exactly as sent, e.g. `/api/v1/external/products?page=2`. */
  pathWithQuery: string;
  /** The parsed JSON body (signed methods); undefined when none was sent. */
  body: JsonValue | undefined;
  /** Optional `x-signature` header. */
  requestSignature: string | undefined;
}

export interface AuthenticatedCaller extends Caller {
  role: Role;
  /** The integration's own limit; null: the service's default. */
  rateLimitPerMinute: number | null;
  /** This call's place in the integration's minute window (counted with the nonce claim). */
  window: { count: number; endsAt: Date };
}

/** A caller whose request passed checks 1 to 6, before its nonce is claimed. */
export type VerifiedCaller = Omit<AuthenticatedCaller, 'window'>;

export interface VerifiedRequest {
  caller: VerifiedCaller;
  /** Claims the nonce (once): the caller with its place in the minute window, or a replay's 401. */
  claim(): Promise<AuthenticatedCaller>;
}

/**
 * The six checks of spec 5.2, in that order. The first failing
 * check decides the answer. Only the nonce touches the database (the integration comes from a
 * short-lived cache), and the nonce is claimed only once the signatures verify: a request whose
 * signature is wrong writes nothing (its nonce is only looked up, to report a replay as such).
 */
export class AuthenticateRequest {
  constructor(
    private readonly directory: IntegrationDirectory,
    private readonly nonces: NonceStore,
    private readonly signer: RequestSigner,
    private readonly clock: Clock,
    private readonly apiKeys: ApiKeyHasher,
  ) {}

  async execute(req: IncomingRequest): Promise<AuthenticatedCaller> {
    return (await this.verify(req)).claim();
  }

  /**
   * Checks 1 to 6 with nothing written: who calls, and the nonce claim that then decides
   * (check 5: a claim lost to a concurrent request is a replay). The gate may start a read's
   * query beside the claim, but answers nothing before the claim has succeeded.
   */
  async verify(req: IncomingRequest): Promise<VerifiedRequest> {
    // 1. client id exists, the integration is active, and its API key (when it has one) is
    //    presented and matches, compared in constant time
    const integration = req.clientId ? await this.directory.findByClientId(req.clientId) : null;
    if (!integration || !integration.active) throw AuthFailures.invalidClient();
    if (!integration.acceptsApiKey(req.apiKey, (hash, key) => this.apiKeys.matches(hash, key))) {
      throw AuthFailures.invalidClient();
    }
    // 2. IP allow-list
    if (!integration.allowedIps.allows(req.ip)) throw AuthFailures.ipNotAllowed(canonicalIp(req.ip));
    // 3. timestamp present
    if (req.timestamp === undefined || req.timestamp === '') throw AuthFailures.timestampMissing();
    // 4. timestamp valid and fresh
    const now = this.clock.now();
    if (!isFreshTimestamp(req.timestamp, now)) throw AuthFailures.timestampExpired(req.timestamp, now);
    // 5. nonce present and well formed
    if (req.nonce === undefined || req.nonce === '') throw AuthFailures.nonceMissing();
    if (!isWellFormedNonce(req.nonce)) throw AuthFailures.nonceMalformed(req.nonce);
    const nonce = req.nonce;
    // 6. signatures, computed before anything is written: a request that does not verify
    //    never claims a nonce, so a client id alone cannot fill the nonce table.
    const failed = this.failedSignature(req, integration, { timestamp: req.timestamp, nonce }, now);
    if (failed !== null) {
      // Check 5 still comes first in what the caller is told: a used nonce is a replay.
      if (await this.nonces.isUsed(integration.id, nonce)) throw AuthFailures.nonceUsed();
      throw AuthFailures.invalidSignature(failed);
    }
    const caller: VerifiedCaller = {
      rateLimitPerMinute: integration.rateLimitPerMinute,
      integrationId: integration.id,
      tenantId: integration.tenantId,
      branchId: integration.branchId,
      fiscalYearId: integration.fiscalYearId,
      role: integration.role,
    };
    return {
      caller,
      claim: async () => {
        // 5. the claim decides (twice the window; a claim lost to a concurrent request is a replay)
        const claim = await this.nonces.claim(integration.id, nonce, new Date(now.getTime() + NONCE_RETENTION_MS));
        if (!claim.claimed) throw AuthFailures.nonceUsed();
        return { ...caller, window: { count: claim.windowCount, endsAt: claim.windowEndsAt } };
      },
    };
  }

  /** Body signature on signed methods; `x-signature` when sent or required. The part that does not verify, or null. */
  private failedSignature(
    req: IncomingRequest,
    integration: Integration,
    { timestamp, nonce }: { timestamp: string; nonce: string },
    now: Date,
  ): SignedPart | null {
    const secrets = integration.signingSecretsAt(now);
    if (isSignedMethod(req.method) && !this.bodySignatureMatches(req, secrets)) return 'signature';
    const mustSignRequestLine = integration.requireSignedReads && !isSignedMethod(req.method);
    if (req.requestSignature !== undefined || mustSignRequestLine) {
      const line = { method: req.method, pathWithQuery: req.pathWithQuery, timestamp, nonce };
      const expected = (secret: string) => this.signer.requestLineSignature(secret, line);
      if (!this.anyMatches(secrets, expected, req.requestSignature)) return 'x-signature';
    }
    return null;
  }

  private bodySignatureMatches(req: IncomingRequest, secrets: string[]): boolean {
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
    const fields: { [field: string]: JsonValue } = body;
    if (fields.nonce !== req.nonce) return false;
    const ts = fields.timestamp;
    if (!(typeof ts === 'number' || typeof ts === 'string') || String(ts) !== req.timestamp) return false;
    const members = signedBodyMembers(fields);
    return this.anyMatches(secrets, (secret) => this.signer.bodySignature(secret, members), fields.signature);
  }

  private anyMatches(secrets: string[], expected: (secret: string) => string, given: JsonValue | undefined): boolean {
    if (!isWellFormedSignature(given)) return false;
    // Every candidate is computed and compared, so timing does not reveal which secret matched.
    let ok = false;
    for (const secret of secrets) ok = this.signer.matches(expected(secret), given) || ok;
    return ok;
  }
}
