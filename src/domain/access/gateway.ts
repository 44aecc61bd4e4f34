import { Dec } from '../shared/decimal.js';
import { DomainError, ValidationError } from '../shared/errors.js';

/** Monthly tiers: calls included per UTC month; UNLIMITED has no ceiling. */
export const TIERS = { T1K: 1_000, T10K: 10_000, T100K: 100_000, UNLIMITED: null } as const;
export type Tier = keyof typeof TIERS;
export const TIER_NAMES = Object.keys(TIERS) as Tier[];

/** Above the tier: BILL (allowed and counted as overage) or BLOCK (429 QUOTA_EXCEEDED). */
export const OVERAGE_POLICIES = ['BILL', 'BLOCK'] as const;
export type OveragePolicy = (typeof OVERAGE_POLICIES)[number];

/** The most decimals an overage price per call may have. */
export const OVERAGE_PRICE_DECIMALS = 6;

/** The highest overage price per call; its numeric(13,6) column holds it. */
export const MAX_OVERAGE_PRICE_PER_CALL = 1_000_000;

/** The UTC month of an instant, `YYYY-MM`. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of a `YYYY-MM` month and of the next one, in UTC. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}

export interface PlanState {
  tier: Tier;
  overagePricePerCall: string;
  overagePolicy: OveragePolicy;
}

/** What a month's count comes to under a plan. */
export interface UsageFigures {
  included: number | null;
  used: number;
  overageCalls: number;
  /** Exact, rounded half-up to cents. */
  overageCharge: Dec;
}

/** A tenant's monthly plan. A tenant without one is UNLIMITED. */
export class Plan {
  private constructor(readonly state: PlanState) {}

  static readonly UNLIMITED = new Plan({ tier: 'UNLIMITED', overagePricePerCall: '0', overagePolicy: 'BILL' });

  static of(state: PlanState): Plan {
    const price = new Dec(state.overagePricePerCall);
    if (!price.isFinite() || price.isNegative() || price.decimalPlaces() > OVERAGE_PRICE_DECIMALS) {
      throw new ValidationError(
        `overagePricePerCall must be a number of at least 0 with at most ${OVERAGE_PRICE_DECIMALS} decimals`,
        'overagePricePerCall',
      );
    }
    return new Plan({ ...state, overagePricePerCall: price.toString() });
  }

  get tier(): Tier {
    return this.state.tier;
  }
  get included(): number | null {
    return TIERS[this.state.tier];
  }

  /** True when a call beyond `used` calls this month must be refused (BLOCK at the tier edge). */
  refusesAfter(used: number): boolean {
    const included = this.included;
    return included !== null && this.state.overagePolicy === 'BLOCK' && used >= included;
  }

  /** Only a BLOCK plan with a ceiling needs the month's running total before each call. */
  get blocks(): boolean {
    return this.included !== null && this.state.overagePolicy === 'BLOCK';
  }

  figures(used: number): UsageFigures {
    const included = this.included;
    const overageCalls = included === null ? 0 : Math.max(0, used - included);
    // Calls above a BLOCK tier were refused: counted, never charged.
    const charged = this.state.overagePolicy === 'BILL' ? overageCalls : 0;
    const overageCharge = new Dec(this.state.overagePricePerCall).times(charged).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    return { included, used, overageCalls, overageCharge };
  }
}

/** Where the caller stands in its minute window, for the rate-limit headers. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** When the window ends (a new one starts). */
  resetAt: Date;
}

/** 429 RATE_LIMITED: the integration's or the source address's minute limit. */
export class RateLimited extends DomainError {
  readonly kind = 'too_many_requests' as const;
  readonly code = 'RATE_LIMITED';
  constructor(
    /** Seconds until a call may succeed (`Retry-After`). */
    readonly retryAfterSeconds: number,
    /** The integration's window, for its headers (absent for a source address's limit). */
    readonly window?: RateWindow,
  ) {
    super('Rate limit exceeded');
  }
}

/** 429 QUOTA_EXCEEDED: a BLOCK plan's monthly calls are used up. */
export class QuotaExceeded extends DomainError {
  readonly kind = 'too_many_requests' as const;
  readonly code = 'QUOTA_EXCEEDED';
  constructor(
    readonly retryAfterSeconds: number,
    /** The integration's minute window, for its headers. */
    readonly window?: RateWindow,
  ) {
    super('Monthly request quota exceeded');
  }
}

/** 422: an Idempotency-Key already used with other method, path or fields. */
export class IdempotencyKeyReused extends DomainError {
  readonly kind = 'unprocessable' as const;
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  constructor() {
    super('Idempotency-Key was already used with a different request');
  }
}

/** 409: the first request with this Idempotency-Key is still running. */
export class IdempotencyKeyInUse extends DomainError {
  readonly kind = 'conflict' as const;
  readonly code = 'IDEMPOTENCY_KEY_IN_USE';
  constructor() {
    super('A request with this Idempotency-Key is still being processed');
  }
}

/** An Idempotency-Key: 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export function isWellFormedIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

/** 400 for a malformed Idempotency-Key header. */
export function malformedIdempotencyKey(): ValidationError {
  return new ValidationError('Idempotency-Key must be 1 to 255 printable ASCII characters', 'Idempotency-Key');
}
