import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestSigner, SecretGenerator } from '../../application/ports/access-ports.js';

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
