import { createHmac } from 'node:crypto';

/**
 * The two signatures every webhook delivery carries, written once: the service signs its
 * deliveries with these functions and `verifyWebhook` checks them with them.
 */

/**
 * `x-pos-signature`: lowercase hex HMAC-SHA256 of the payload's JSON text (its bytes exactly as
 * they stand in the delivery's body), keyed with the whole webhook secret.
 */
export function posWebhookSignature(webhookSecret: string, payloadText: string): string {
  return createHmac('sha256', webhookSecret).update(payloadText, 'utf8').digest('hex');
}

/**
 * The Standard Webhooks key: the secret is `whsec_<base64>`, and the key is the decoded bytes
 * of the part after `whsec_` (a secret in any other form is used as its UTF-8 bytes).
 */
export function standardWebhooksKey(webhookSecret: string): Buffer {
  return webhookSecret.startsWith('whsec_')
    ? Buffer.from(webhookSecret.slice('whsec_'.length), 'base64')
    : Buffer.from(webhookSecret, 'utf8');
}

/** The Standard Webhooks HMAC-SHA256 of `<id>.<timestamp seconds>.<body>`, as bytes. */
export function standardWebhooksDigest(
  webhookSecret: string,
  id: string,
  timestampSeconds: number | string,
  body: string,
): Buffer {
  return createHmac('sha256', standardWebhooksKey(webhookSecret))
    .update(`${id}.${timestampSeconds}.${body}`, 'utf8')
    .digest();
}

/** `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp seconds>.<body>">` (Standard Webhooks). */
export function standardWebhooksSignature(
  webhookSecret: string,
  id: string,
  timestampSeconds: number | string,
  body: string,
): string {
  return `v1,${standardWebhooksDigest(webhookSecret, id, timestampSeconds, body).toString('base64')}`;
}
