import { createHmac, randomBytes } from 'node:crypto';

/**
 * The request signing scheme of spec 5.3, self-contained so integrators can
 * copy this file as it is.
 */

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** A fresh nonce: 24 random bytes, base64url (32 characters of [A-Za-z0-9_-]). */
export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Signs a body for POST, PUT or PATCH:
 * 1. add `nonce` and `timestamp` (integer milliseconds) to the body;
 * 2. serialise it compactly (`JSON.stringify`) and Base64 the UTF-8 bytes;
 * 3. HMAC-SHA256 of that Base64 text with the client secret, lowercase hex;
 * 4. put the result in `signature`.
 */
export function signBody<T extends object>(
  body: T,
  clientSecret: string,
  nonce: string,
  timestamp: number,
): T & { nonce: string; timestamp: number; signature: string } {
  const unsigned = { ...body, nonce, timestamp };
  const base64 = Buffer.from(JSON.stringify(unsigned), 'utf8').toString('base64');
  return { ...unsigned, signature: hmacHex(clientSecret, base64) };
}

/** `x-signature` (optional on any request, required on GET when the integration has `requireSignedReads`). */
export function signRequestLine(
  clientSecret: string,
  method: string,
  pathWithQuery: string,
  timestamp: number,
  nonce: string,
): string {
  const line = `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}`;
  return hmacHex(clientSecret, Buffer.from(line, 'utf8').toString('base64'));
}
