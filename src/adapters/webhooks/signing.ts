import { createHmac } from 'node:crypto';
import type { WebhookMessage } from '../../application/ports/webhook-ports.js';

/** Lowercase hex HMAC-SHA256 of the payload's JSON text, keyed with the whole webhook secret (spec 6.3). */
export function posSignature(webhookSecret: string, payloadText: string): string {
  return createHmac('sha256', webhookSecret).update(payloadText, 'utf8').digest('hex');
}

/**
 * The Standard Webhooks key: the secret is `whsec_<base64>`, and the key is the decoded bytes
 * of the part after `whsec_` (a secret in any other form is used as UTF-8 bytes).
 */
export function standardWebhooksKey(webhookSecret: string): Buffer {
  return webhookSecret.startsWith('whsec_')
    ? Buffer.from(webhookSecret.slice('whsec_'.length), 'base64')
    : Buffer.from(webhookSecret, 'utf8');
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp seconds>.<body>">` (Standard Webhooks). */
export function standardWebhooksSignature(
  webhookSecret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = createHmac('sha256', standardWebhooksKey(webhookSecret))
    .update(`${id}.${timestampSeconds}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

export interface WebhookHttpRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * The delivery request of spec 6.3: body `{"event":<name>,"payload":<payload>}` written so that
 * the payload's bytes in the body are exactly the stored payload text, which is what
 * `x-pos-signature` signs. Also `x-pos-delivery-id` (the delivery's id, the same on every
 * retry), `x-pos-timestamp` (this attempt, integer milliseconds) and the Standard Webhooks
 * headers (`webhook-id` = the delivery id, `webhook-timestamp` in seconds, `webhook-signature`).
 */
export function buildWebhookRequest(message: WebhookMessage, webhookSecret: string, now: Date): WebhookHttpRequest {
  const body = `{"event":${JSON.stringify(message.eventName)},"payload":${message.payload}}`;
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'ib-external-api-webhooks/1',
      'x-pos-event': message.eventName,
      'x-pos-signature': posSignature(webhookSecret, message.payload),
      'x-pos-delivery-id': message.deliveryId,
      'x-pos-timestamp': String(now.getTime()),
      'webhook-id': message.deliveryId,
      'webhook-timestamp': String(seconds),
      'webhook-signature': standardWebhooksSignature(webhookSecret, message.deliveryId, seconds, body),
    },
  };
}
