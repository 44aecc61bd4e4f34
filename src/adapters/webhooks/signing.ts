import { posWebhookSignature, standardWebhooksSignature } from '@inventory-billing/sdk';
import type { WebhookMessage } from '../../application/ports/webhook-ports.js';

export interface WebhookHttpRequest {
  body: string;
  headers: Record<string, string>;
}

/** The secrets that sign a delivery: the current one, and during a rotation's overlap the old one. */
export interface SigningSecrets {
  secret: string;
  previousSecret?: string | null;
}

/**
 * The delivery request of spec 6.3: body `{"event":<name>,"payload":<payload>}` written so that
 * the payload's bytes in the body are exactly the stored payload text, which is what
 * `x-pos-signature` signs. Also `x-pos-delivery-id` (the delivery's id, the same on every
 * retry), `x-pos-timestamp` (this attempt, integer milliseconds) and the Standard Webhooks
 * headers (`webhook-id` = the delivery id, `webhook-timestamp` in seconds, `webhook-signature`).
 * During a secret rotation's overlap `webhook-signature` holds both signatures, the new
 * secret's first, space-separated (as Standard Webhooks specifies), `x-pos-signature` is the
 * new secret's and `x-pos-signature-previous` the old one's. Every signature is the SDK's,
 * the very functions its `verifyWebhook` checks them with.
 */
export function buildWebhookRequest(
  message: WebhookMessage,
  signing: SigningSecrets | string,
  now: Date,
): WebhookHttpRequest {
  const secrets = typeof signing === 'string' ? { secret: signing } : signing;
  const body = `{"event":${JSON.stringify(message.eventName)},"payload":${message.payload}}`;
  const seconds = Math.floor(now.getTime() / 1000);
  const all = secrets.previousSecret ? [secrets.secret, secrets.previousSecret] : [secrets.secret];
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'ib-external-api-webhooks/1',
    'x-pos-event': message.eventName,
    'x-pos-signature': posWebhookSignature(secrets.secret, message.payload),
    'x-pos-delivery-id': message.deliveryId,
    'x-pos-timestamp': String(now.getTime()),
    'webhook-id': message.deliveryId,
    'webhook-timestamp': String(seconds),
    'webhook-signature': all.map((s) => standardWebhooksSignature(s, message.deliveryId, seconds, body)).join(' '),
  };
  if (secrets.previousSecret) {
    headers['x-pos-signature-previous'] = posWebhookSignature(secrets.previousSecret, message.payload);
  }
  return { body, headers };
}
