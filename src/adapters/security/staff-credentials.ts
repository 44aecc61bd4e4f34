import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { generateSecret, generateURI, verify as verifyCode } from 'otplib';
import type { OneTimeCodes, PasswordHasher, SecretTokens } from '../../application/ports/staff-ports.js';

/**
 * Argon2id (the library's default algorithm, `Algorithm.Argon2id` = 2, a const enum this build
 * cannot import) with the parameters OWASP recommends as a minimum: 19 MiB, 2 passes, 1 lane.
 */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Passwords, hashed with argon2id (`@node-rs/argon2`, prebuilt binaries from the registry). */
export class Argon2PasswordHasher implements PasswordHasher {
  /** A hash of a random password: an unknown email is checked against it, taking the same time. */
  private readonly decoy = hash(randomBytes(16).toString('hex'), ARGON2);

  hash(password: string): Promise<string> {
    return hash(password, ARGON2);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  async verifyNothing(password: string): Promise<void> {
    await this.verify(await this.decoy, password);
  }
}

/** 32 random bytes, URL-safe base64 (43 characters), and their SHA-256 in hex. */
export class RandomSecretTokens implements SecretTokens {
  issue(prefix = ''): { token: string; hash: string } {
    const token = `${prefix}${randomBytes(32).toString('base64url')}`;
    return { token, hash: this.hashOf(token) };
  }

  hashOf(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}

const PERIOD_S = 30;

/** RFC 6238 (SHA-1, 6 digits, 30 s) through otplib, accepting the step before and after. */
export class OtplibOneTimeCodes implements OneTimeCodes {
  constructor(private readonly issuer: string) {}

  newSecret(): string {
    return generateSecret();
  }

  uri(secret: string, account: string): string {
    return generateURI({ issuer: this.issuer, label: account, secret });
  }

  async matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
    const epoch = Math.floor(now.getTime() / 1000);
    const result = await verifyCode({ secret, token: code, epoch, epochTolerance: PERIOD_S });
    return result.valid ? Math.floor(epoch / PERIOD_S) + result.delta : null;
  }
}
