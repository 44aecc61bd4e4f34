import { posWebhookSignature, standardWebhooksSignature } from '@inventory-billing/sdk';
import type { WebhookMessage } from '../../application/ports/webhook-ports.js';

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
 * Both signatures are the SDK's, the very functions its `verifyWebhook` checks them with.
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
      'x-pos-signature': posWebhookSignature(webhookSecret, message.payload),
      'x-pos-delivery-id': message.deliveryId,
      'x-pos-timestamp': String(now.getTime()),
      'webhook-id': message.deliveryId,
      'webhook-timestamp': String(seconds),
      'webhook-signature': standardWebhooksSignature(webhookSecret, message.deliveryId, seconds, body),
    },
  };
}
