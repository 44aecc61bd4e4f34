/**
 * The pure rules of request authentication (spec 5.2–5.3): timestamp window,
 * nonce shape and the exact strings that are signed. Computing the HMAC is an adapter's job.
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

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * What a body signature covers: the compact JSON of the received body without its `signature`
 * member, keys in the order received, UTF-8, Base64.
 */
export function bodySigningString(body: Record<string, unknown>): string {
  const { signature: _signature, ...rest } = body;
  return base64(JSON.stringify(rest));
}

/** What an `x-signature` header covers: Base64 of `METHOD\n<path with query>\n<x-timestamp>\n<x-nonce>`. */
export function requestLineSigningString(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
): string {
  return base64(`${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}`);
}

/** A signature must be 64 lowercase hex characters before it is compared at all. */
export function isWellFormedSignature(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
