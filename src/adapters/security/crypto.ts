import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyHasher, RequestSigner, SecretGenerator } from '../../application/ports/access-ports.js';

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

export class HmacSha256Signer implements RequestSigner {
  hmacHex(secret: string, message: string): string {
    return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
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
