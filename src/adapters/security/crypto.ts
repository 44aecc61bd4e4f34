import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { bodySignature, signRequestLine } from '@inventory-billing/sdk';
import type {
  ApiKeyHasher,
  RequestSigner,
  SecretGenerator,
  SignedRequestLine,
} from '../../application/ports/access-ports.js';

/** Credentials from the operating system's CSPRNG: 32 random bytes for each secret. */
export class CryptoSecretGenerator implements SecretGenerator {
  clientId(): string {
    return `ck_${randomBytes(16).toString('hex')}`;
  }

  clientSecret(): string {
    return `cs_${randomBytes(32).toString('base64url')}`;
  }

  /** Standard Webhooks form, so receivers can also verify with the `standardwebhooks` library. */
  webhookSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }
}

/** The request signatures of the SDK, the very functions integrators sign with. */
export class HmacSha256Signer implements RequestSigner {
  bodySignature(secret: string, signedMembers: Record<string, unknown>): string {
    return bodySignature(secret, signedMembers);
  }

  requestLineSignature(secret: string, line: SignedRequestLine): string {
    return signRequestLine(secret, line.method, line.pathWithQuery, line.timestamp, line.nonce);
  }

  matches(expectedHex: string, givenHex: string): boolean {
    const a = Buffer.from(expectedHex, 'hex');
    const b = Buffer.from(givenHex, 'hex');
    return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
  }
}

/**
 * API keys: `ak_` + 32 URL-safe characters (24 random bytes, base64url: 192 bits), stored as
 * lowercase hex SHA-256. A presented key is hashed and the two 32-byte digests are compared
 * with timingSafeEqual, so the time taken depends on neither the key's length nor its content.
 */
export class Sha256ApiKeyHasher implements ApiKeyHasher {
  generate(): string {
    return `ak_${randomBytes(24).toString('base64url')}`;
  }

  hash(apiKey: string): string {
    return createHash('sha256').update(apiKey, 'utf8').digest('hex');
  }

  matches(storedHash: string, presented: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const given = createHash('sha256').update(presented, 'utf8').digest();
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
