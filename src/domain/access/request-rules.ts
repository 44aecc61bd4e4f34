/**
 * The pure rules of request authentication (spec 5.2–5.3): timestamp window, nonce shape and
 * which members of a body are signed. Computing the signatures is an adapter's job (with the
 * SDK's signing functions, the very ones integrators sign with).
 */

/** Requests are accepted within ±5 minutes of the server clock. */
export const TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;

/** Nonces are kept at least twice the window: a replay is caught while its timestamp still passes. */
export const NONCE_RETENTION_MS = 2 * TIMESTAMP_WINDOW_MS;

const NONCE = /^[A-Za-z0-9_-]{8,128}$/;
const INTEGER = /^\d{1,16}$/;

export function isFreshTimestamp(header: string, now: Date): boolean {
  if (!INTEGER.test(header)) return false;
  const t = Number(header);
  return Math.abs(now.getTime() - t) <= TIMESTAMP_WINDOW_MS;
}

/**
 * Hints for a refused `x-timestamp` (the answer keeps the spec's status, code and message):
 * seconds instead of milliseconds, not an integer, or how far from the server clock it is.
 */
export function timestampHints(header: string, now: Date): { field: string; issue: string }[] {
  const field = 'x-timestamp';
  if (!INTEGER.test(header)) {
    return [{ field, issue: 'must be an integer: milliseconds since the epoch (e.g. Date.now())' }];
  }
  const t = Number(header);
  if (Math.abs(now.getTime() - t * 1000) <= TIMESTAMP_WINDOW_MS) {
    return [{ field, issue: 'looks like seconds; send milliseconds since the epoch' }];
  }
  const off = Math.round((t - now.getTime()) / 1000);
  return [
    {
      field,
      issue: `is ${Math.abs(off)} s ${off < 0 ? 'behind' : 'ahead of'} the server clock (${now.toISOString()}); the window is ±${TIMESTAMP_WINDOW_MS / 1000} s`,
    },
  ];
}

/** Hints for a malformed `x-nonce`: the format and what was received. */
export function nonceHints(nonce: string): { field: string; issue: string }[] {
  const bad = [...new Set(nonce.replace(/[A-Za-z0-9_-]/g, ''))].slice(0, 5).join('');
  return [
    {
      field: 'x-nonce',
      issue:
        `must be 8 to 128 characters of [A-Za-z0-9_-]; got ${nonce.length} character${nonce.length === 1 ? '' : 's'}` +
        (bad ? ` including "${bad}"` : ''),
    },
  ];
}

export function isWellFormedNonce(nonce: string): boolean {
  return NONCE.test(nonce);
}

export const SIGNED_METHODS = ['POST', 'PUT', 'PATCH'] as const;

export function isSignedMethod(method: string): boolean {
  return (SIGNED_METHODS as readonly string[]).includes(method.toUpperCase());
}

/**
 * What a body signature covers: every member of the received body but `signature` (`nonce` and
 * `timestamp` included), in the order received.
 */
export function signedBodyMembers<T extends Record<string, unknown>>(body: T): Omit<T, 'signature'> {
  const { signature: _signature, ...rest } = body;
  return rest;
}

/** Which signature of a request did not verify: the body's `signature`, or the `x-signature` header. */
export type SignedPart = 'signature' | 'x-signature';

/**
 * How the service rebuilds the text a body signature covers, in one sentence: what an
 * integrator whose signature is refused should compare with what it signed. The body is parsed
 * and serialised again, so the bytes sent do not matter, only the values and their order.
 */
export const BODY_SIGNING_RULE =
  'signature must be the lowercase hex HMAC-SHA256, keyed with the client secret, of the Base64 of the UTF-8 ' +
  'body as the service re-serialises it: compact JSON (no spaces or newlines), every member but signature in ' +
  'the order received (nonce and timestamp included, equal to x-nonce and x-timestamp), numbers in shortest ' +
  'form (100.0 and 1e2 are 100), "/" and non-ASCII characters not escaped; `npm run sign -- --explain` prints ' +
  'the exact text';

/** The same for `x-signature` (any method; required on reads when the integration asks for signed reads). */
export const REQUEST_LINE_SIGNING_RULE =
  'x-signature must be the lowercase hex HMAC-SHA256, keyed with the client secret, of the Base64 of ' +
  '"<METHOD>\\n<path and query exactly as sent, from /api/v1/external>\\n<x-timestamp>\\n<x-nonce>"; ' +
  '`npm run sign -- --explain` prints the exact text';

/** The hint of a refused signature: how the service builds the text of the part that did not verify. */
export function signatureHints(part: SignedPart): { field: string; issue: string }[] {
  return [{ field: part, issue: part === 'signature' ? BODY_SIGNING_RULE : REQUEST_LINE_SIGNING_RULE }];
}

/** A signature must be 64 lowercase hex characters before it is compared at all. */
export function isWellFormedSignature(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
