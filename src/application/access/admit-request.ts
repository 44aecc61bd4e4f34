import { AuthenticationError, ForbiddenError } from '../../domain/shared/errors.js';
import { monthBounds, monthOf, QuotaExceeded, RateLimited, type RateWindow } from '../../domain/access/gateway.js';
import type { AuthFailureLimiter } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { IdempotencyStore, IntegrationActivity, PlanDirectory, UsageMeter } from '../ports/gateway-ports.js';
import type { GetUsage } from './tenant-plans.js';
import type {
  AuthenticateRequest,
  AuthenticatedCaller,
  IncomingRequest,
  VerifiedCaller,
  VerifiedRequest,
} from './authenticate-request.js';

/** The service's defaults (RATE_LIMIT_PER_MINUTE). */
export interface GatewaySettings {
  rateLimitPerMinute: number;
}

/** An admitted call: who calls, and where it stands in its windows (for the rate-limit headers). */
export interface Admission {
  caller: AuthenticatedCaller;
  minute: RateWindow;
  /** The month's window when a plan with a ceiling applies. */
  month?: RateWindow;
}

/** A request that passed spec 5.2's checks, before its nonce is claimed. */
export interface VerifiedAdmission {
  caller: VerifiedCaller;
  /** Claims the nonce, counts the minute, meters and checks the quota (once). */
  admit(): Promise<Admission>;
}

/** What the external router's gate and usage route take. */
export interface GatewayUseCases {
  admitRequest: AdmitRequest;
  getUsage: GetUsage;
  /** Idempotency-Key rows, for the router's middleware. */
  idempotency: IdempotencyStore;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The gateway in front of every external route, in this order:
 * 1. the source address's failed authentications (memory only: nothing is looked up for a
 *    blocked address) → 429 RATE_LIMITED;
 * 2. spec 5.2's checks (AuthenticateRequest); a failure counts against the address, and the
 *    one that crosses the limit is answered 429;
 * 3. the integration's per-minute limit, counted with the nonce claim → 429 RATE_LIMITED;
 * 4. the call is metered (memory; written every second): every authenticated call that is not
 *    rate-limited counts, a quota-refused one too; and it is the integration's latest use
 *    (`lastUsedAt`: memory; written at most once a minute);
 * 5. a BLOCK plan's monthly quota → 429 QUOTA_EXCEEDED.
 */
export class AdmitRequest {
  constructor(
    private readonly auth: AuthenticateRequest,
    private readonly failures: AuthFailureLimiter,
    private readonly plans: PlanDirectory,
    private readonly meter: UsageMeter,
    private readonly activity: IntegrationActivity,
    private readonly clock: Clock,
    private readonly settings: GatewaySettings,
  ) {}

  async execute(req: IncomingRequest): Promise<Admission> {
    return (await this.verify(req)).admit();
  }

  /**
   * Steps 1 and 2 up to the nonce claim, with nothing written: who calls. `admit` then claims
   * the nonce and runs steps 3 to 5; nothing may be answered to the caller before it succeeds
   * (the external gate lets a read's query run beside it, and holds the answer).
   */
  async verify(req: IncomingRequest): Promise<VerifiedAdmission> {
    const blockedMs = this.failures.blockedForMs(req.ip);
    if (blockedMs > 0) throw new RateLimited(seconds(blockedMs));
    const verified = await this.countingFailures(req, () => this.auth.verify(req));
    return { caller: verified.caller, admit: () => this.admit(req, verified) };
  }

  private async admit(req: IncomingRequest, verified: VerifiedRequest): Promise<Admission> {
    const caller = await this.countingFailures(req, () => verified.claim());
    const now = this.clock.now();
    const limit = caller.rateLimitPerMinute ?? this.settings.rateLimitPerMinute;
    const minute: RateWindow = {
      limit,
      remaining: Math.max(0, limit - caller.window.count),
      resetAt: caller.window.endsAt,
    };
    if (caller.window.count > limit) {
      this.meter.recordRefused(caller.tenantId, caller.integrationId, now);
      throw new RateLimited(seconds(caller.window.endsAt.getTime() - now.getTime()), minute);
    }
    this.activity.record(caller.integrationId, now);
    const plan = await this.plans.planOf(caller.tenantId);
    const month = monthOf(now);
    let monthWindow: RateWindow | undefined;
    if (plan.included !== null) {
      const used = await this.meter.usedThisMonth(caller.tenantId, month);
      const resetAt = monthBounds(month).end;
      this.meter.record(caller.tenantId, caller.integrationId, now);
      if (plan.refusesAfter(used)) {
        this.meter.recordRefused(caller.tenantId, caller.integrationId, now);
        throw new QuotaExceeded(seconds(resetAt.getTime() - now.getTime()), minute);
      }
      monthWindow = { limit: plan.included, remaining: Math.max(0, plan.included - used - 1), resetAt };
    } else {
      this.meter.record(caller.tenantId, caller.integrationId, now);
    }
    return monthWindow ? { caller, minute, month: monthWindow } : { caller, minute };
  }

  /** A failed check counts against the address; the one that crosses the limit is answered 429. */
  private async countingFailures<T>(req: IncomingRequest, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (err) {
      if (err instanceof AuthenticationError || err instanceof ForbiddenError) {
        const ms = await this.failures.recordFailure(req.ip);
        if (ms > 0) throw new RateLimited(seconds(ms));
      }
      throw err;
    }
  }
}
