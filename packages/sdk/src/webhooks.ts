import { timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors.js';
import { posWebhookSignature, standardWebhooksDigest } from './webhook-signatures.js';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookInput {
  /** The request body exactly as received (before any JSON parsing). */
  rawBody: string | Uint8Array;
  /** The request's headers (Node's `req.headers`, a fetch `Headers`, or a plain record). */
  headers: WebhookHeaders;
  /** The integration's `webhookSecret` (`whsec_…`). */
  secret: string;
  /** How far the delivery's timestamp may be from now (default 300 s). */
  toleranceSeconds?: number;
  /** Now, for tests (default `Date.now()`). */
  now?: number;
}

export interface VerifiedWebhook<P = Record<string, unknown>> {
  event: string;
  payload: P;
  /** The delivery's id (`webhook-id` / `x-pos-delivery-id`): the same on every retry; de-duplicate on it. */
  deliveryId: string | undefined;
  /** Which signature was checked. */
  scheme: 'standard-webhooks' | 'x-pos-signature';
}

/**
 * Verifies a webhook delivery and returns its event and payload, or throws a
 * `WebhookVerificationError`. With the Standard Webhooks headers (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) those are checked: they sign the id, the timestamp
 * and the whole body. Otherwise `x-pos-signature` is: it signs the payload's bytes
 * only, so the event name and `x-pos-timestamp` (also checked against the tolerance when
 * present) are not covered by it. Comparisons are constant time.
 *
 * While the service rotates the webhook secret, a delivery is signed with both secrets:
 * `webhook-signature` holds two space-separated `v1,` signatures and `x-pos-signature-previous`
 * the old secret's beside `x-pos-signature`. Either secret verifies it, so a receiver can switch
 * to the new secret at any time during the overlap.
 */
export function verifyWebhook<P = Record<string, unknown>>(input: VerifyWebhookInput): VerifiedWebhook<P> {
  const body = typeof input.rawBody === 'string' ? input.rawBody : Buffer.from(input.rawBody).toString('utf8');
  const header = headerReader(input.headers);
  const tolerance = (input.toleranceSeconds ?? 300) * 1000;
  const now = input.now ?? Date.now();
  const checkTime = (atMs: number) => {
    if (!Number.isFinite(atMs) || Math.abs(now - atMs) > tolerance) {
      throw new WebhookVerificationError('TIMESTAMP_OUT_OF_TOLERANCE', 'Webhook timestamp is outside the tolerance');
    }
  };

  const standardSignature = header('webhook-signature');
  if (standardSignature !== undefined) {
    const id = header('webhook-id');
    const timestamp = header('webhook-timestamp');
    if (id === undefined || timestamp === undefined || !/^\d+$/.test(timestamp)) {
      throw new WebhookVerificationError('MISSING_SIGNATURE', 'webhook-id and webhook-timestamp are required');
    }
    checkTime(Number(timestamp) * 1000);
    const expected = standardWebhooksDigest(input.secret, id, timestamp, body);
    const matches = standardSignature
      .split(' ')
      .filter((s) => s.startsWith('v1,'))
      .some((s) => constantTimeEqual(expected, Buffer.from(s.slice(3), 'base64')));
    if (!matches) throw invalidSignature();
    return { ...parseDelivery<P>(body), deliveryId: id, scheme: 'standard-webhooks' };
  }

  const posSignature = header('x-pos-signature');
  if (posSignature === undefined) {
    throw new WebhookVerificationError('MISSING_SIGNATURE', 'The delivery carries no signature header');
  }
  const posTimestamp = header('x-pos-timestamp');
  if (posTimestamp !== undefined) checkTime(Number(posTimestamp));
  const delivery = parseDelivery<P>(body);
  const expected = Buffer.from(posWebhookSignature(input.secret, signedPayloadText(body)), 'hex');
  const candidates = [posSignature, header('x-pos-signature-previous')].filter((s) => s !== undefined);
  // Each candidate is compared, so timing does not tell which one matched.
  const matches = candidates
    .map((s) => /^[0-9a-f]{64}$/.test(s) && constantTimeEqual(expected, Buffer.from(s, 'hex')))
    .reduce((any, ok) => any || ok, false);
  if (!matches) throw invalidSignature();
  return { ...delivery, deliveryId: header('x-pos-delivery-id'), scheme: 'x-pos-signature' };
}

/**
 * `x-pos-signature` alone, as a yes or no: lowercase hex HMAC-SHA256, keyed with the
 * webhook secret, over the payload's bytes in `rawBody` (the body exactly as received).
 * During a webhook-secret rotation pass `x-pos-signature-previous` too: the delivery verifies
 * when either matches. `verifyWebhook` checks them too, with the delivery's timestamp, and
 * returns the payload.
 */
export function verifyWebhookSignature(
  rawBody: string,
  signatureHeader: string | undefined,
  webhookSecret: string,
  previousSignatureHeader?: string,
): boolean {
  const headers = { 'x-pos-signature': signatureHeader, 'x-pos-signature-previous': previousSignatureHeader };
  try {
    verifyWebhook({ rawBody, headers, secret: webhookSecret });
    return true;
  } catch (err) {
    if (err instanceof WebhookVerificationError) return false;
    throw err;
  }
}

/** What `x-pos-signature` signs: the payload's bytes as sent, between `"payload":` and the body's last `}`. */
function signedPayloadText(body: string): string {
  const marker = '"payload":';
  const start = body.indexOf(marker);
  const end = body.lastIndexOf('}');
  if (start < 0 || end < start) throw malformed();
  return body.slice(start + marker.length, end);
}

function parseDelivery<P>(body: string): { event: string; payload: P } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw malformed();
  }
  const { event, payload } = (parsed ?? {}) as { event?: unknown; payload?: unknown };
  if (typeof event !== 'string' || typeof payload !== 'object' || payload === null) throw malformed();
  return { event, payload: payload as P };
}

function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  if (headers instanceof Headers) return (name) => headers.get(name) ?? undefined;
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
  return (name) => lower.get(name);
}

function constantTimeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

const invalidSignature = () => new WebhookVerificationError('INVALID_SIGNATURE', 'Webhook signature does not match');
const malformed = () => new WebhookVerificationError('MALFORMED_BODY', 'Webhook body is not a delivery');
