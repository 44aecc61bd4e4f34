import { AuthenticationError, ForbiddenError, NotFoundError } from '../shared/errors.js';
import { nonceHints, signatureHints, timestampHints, type SignedPart } from './request-rules.js';

export class IntegrationNotFound extends NotFoundError {
  constructor() {
    super('Integration not found');
  }
}

/** The authentication failures of spec 5.2, with their exact codes and messages. */
export const AuthFailures = {
  invalidClient: () =>
    new AuthenticationError('INVALID_OR_INACTIVE_CLIENT_ID', 'Invalid or inactive Client ID or API Key.'),
  ipNotAllowed: (ip: string) => new ForbiddenError(`Access denied from IP address: ${ip}`, 'IP_NOT_ALLOWED'),
  timestampMissing: () => new AuthenticationError('TIMESTAMP_MISSING', 'Request timestamp (x-timestamp) is missing.'),
  /** With `header` and `now`, adds a hint of what looks wrong (seconds, not an integer, how far off). */
  timestampExpired: (header?: string, now?: Date) =>
    new AuthenticationError(
      'TIMESTAMP_EXPIRED',
      'Request timestamp expired or invalid.',
      header !== undefined && now ? timestampHints(header, now) : undefined,
    ),
  nonceMissing: () => new AuthenticationError('NONCE_MISSING', 'Request nonce (x-nonce) is missing.'),
  nonceMalformed: (nonce?: string) =>
    new AuthenticationError(
      'NONCE_MISSING',
      'Request nonce (x-nonce) must be 8 to 128 characters of A-Z, a-z, 0-9, _ or -.',
      nonce !== undefined ? nonceHints(nonce) : undefined,
    ),
  nonceUsed: () => new AuthenticationError('NONCE_ALREADY_USED', 'Replay attack detected: Request nonce already used.'),
  /** With `part`, adds how the service builds the text that part signs (the check itself says nothing more). */
  invalidSignature: (part?: SignedPart | '') =>
    new AuthenticationError('INVALID_SIGNATURE', 'Invalid request signature.', part ? signatureHints(part) : undefined),
  forbidden: () => new ForbiddenError("This integration's role does not allow this operation."),
};

/**
 * The codes of a failed authentication (spec 5.2's checks 1 to 6), read off the factories above
 * so each lives once; the role check's FORBIDDEN is an authorization answer, not among them.
 */
export const AUTH_FAILURE_CODES: readonly string[] = [
  ...new Set(
    Object.values(AuthFailures)
      .map((make) => make('').code)
      .filter((code) => code !== 'FORBIDDEN'),
  ),
];
