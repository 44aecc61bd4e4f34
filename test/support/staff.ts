import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { call, type JsonResponse } from './service.js';

export const PASSWORD = 'correct horse battery staple';

export interface StaffSpec {
  email: string;
  role: 'VIEWER' | 'APPROVER' | 'ADMIN';
  tenantIds?: string[] | null;
  password?: string;
}

/** A staff member made with the bootstrap token. */
export async function createStaff(baseUrl: string, spec: StaffSpec): Promise<{ id: string; email: string }> {
  const r = await call(baseUrl, 'POST', '/api/v1/admin/staff', {
    body: { name: spec.email.split('@')[0], password: PASSWORD, ...spec },
  });
  expect(r.status, JSON.stringify(r.body)).to.equal(201);
  return r.body.data;
}

/** The session cookie (`name=value`) of a sign-in, or the failed answer. */
export async function signIn(
  baseUrl: string,
  email: string,
  password = PASSWORD,
  totp?: string,
): Promise<{ cookie: string | null; response: JsonResponse }> {
  const response = await call(baseUrl, 'POST', '/api/v1/admin/session', {
    token: null,
    body: { email, password, ...(totp === undefined ? {} : { totp }) },
  });
  const set = response.headers.get('set-cookie');
  return { cookie: set ? set.split(';')[0]! : null, response };
}

/** Calls the admin API as a signed-in member: its cookie and the service's own Origin. */
export function asStaff(baseUrl: string, cookie: string) {
  return <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call<T>(baseUrl, method, `/api/v1/admin${path}`, {
      token: null,
      body,
      headers: { cookie, origin: baseUrl, ...headers },
    });
}

/** Calls the admin API with a bearer token (a personal access token). */
export function withToken(baseUrl: string, token: string) {
  return <T = any>(method: string, path: string, body?: unknown) =>
    call<T>(baseUrl, method, `/api/v1/admin${path}`, { token, body });
}

/** RFC 4648 base32 without padding. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The test's own RFC 6238 code (HMAC-SHA-1, 6 digits, 30-second steps) for `secret` at `at`. */
export function totpCode(secret: string, at: Date = new Date()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
