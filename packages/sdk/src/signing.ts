import { createHmac, randomBytes } from 'node:crypto';

/**
 * The request signing scheme of the external API, written once: integrators sign with these
 * functions and the service verifies with them. Self-contained, so integrators can copy this
 * file as it is.
 */

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** A fresh nonce: 24 random bytes, base64url (32 characters of [A-Za-z0-9_-]). */
export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

/** The Base64 of a text's UTF-8 bytes: the message every signature's HMAC is taken over. */
export function base64Utf8(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * The text a body signature covers: the body's compact JSON (`JSON.stringify`: no spaces,
 * members in their order, numbers in shortest form, `/` and non-ASCII characters unescaped).
 * `unsignedBody` is every member of the body but `signature`, `nonce` and `timestamp` included.
 */
export function bodySigningText(unsignedBody: object): string {
  return JSON.stringify(unsignedBody);
}

/**
 * The signature of a body: HMAC-SHA256, keyed with the client secret, of the Base64 of the
 * body's compact JSON (`bodySigningText`, UTF-8), as lowercase hex.
 */
export function bodySignature(clientSecret: string, unsignedBody: object): string {
  return hmacHex(clientSecret, base64Utf8(bodySigningText(unsignedBody)));
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
  return { ...unsigned, signature: bodySignature(clientSecret, unsigned) };
}

/**
 * `x-signature` (optional on any request, required on GET when the integration has
 * `requireSignedReads`): HMAC-SHA256 of the Base64 of `METHOD\n<path with query>\n<x-timestamp>\n<x-nonce>`,
 * the path and query exactly as sent and the timestamp as written in its header.
 */
export function signRequestLine(
  clientSecret: string,
  method: string,
  pathWithQuery: string,
  timestamp: number | string,
  nonce: string,
): string {
  return hmacHex(clientSecret, base64Utf8(requestLineText(method, pathWithQuery, timestamp, nonce)));
}

/** The text `x-signature` covers: `METHOD\n<path with query>\n<x-timestamp>\n<x-nonce>`. */
export function requestLineText(method: string, pathWithQuery: string, timestamp: number | string, nonce: string) {
  return `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}`;
}
