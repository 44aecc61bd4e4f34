import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { standardWebhooksKey, verifyWebhookSignature } from '@inventory-billing/sdk';
import { CryptoSecretGenerator } from '../../../src/adapters/security/crypto.js';
import { buildWebhookRequest } from '../../../src/adapters/webhooks/signing.js';
import { serializePayload } from '../../../src/domain/webhooks/payload.js';

describe('webhook request signing', () => {
  const secret = new CryptoSecretGenerator().webhookSecret();
  const now = new Date('2026-03-01T10:00:00.123Z');
  const payload = serializePayload({
    id: '3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c',
    code: 'INV-2026-000042',
    branchId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    resource: 'INVOICE',
    action: 'CREATE',
    timestamp: '2026-03-01T09:59:59.000Z',
    note: 'Café ☕ — "quoted"',
  });
  const message = { deliveryId: 'a7e1c7f4-4b8e-4c55-9d3e-2f1f8f0f6b11', eventName: 'billing.invoice.created', payload };
  const { body, headers } = buildWebhookRequest(message, secret, now);

  it('writes { event, payload } with the payload bytes exactly as signed', () => {
    expect(body).to.equal(`{"event":"billing.invoice.created","payload":${payload}}`);
    expect(JSON.parse(body).payload.note).to.equal('Café ☕ — "quoted"');
    expect(headers['x-pos-signature']).to.equal(createHmac('sha256', secret).update(payload, 'utf8').digest('hex'));
    expect(headers).to.include({
      'content-type': 'application/json',
      'x-pos-event': 'billing.invoice.created',
      'x-pos-delivery-id': message.deliveryId,
      'x-pos-timestamp': String(now.getTime()),
      'webhook-id': message.deliveryId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    });
  });

  it('verifies with the SDK and rejects a change or another secret', () => {
    expect(verifyWebhookSignature(body, headers['x-pos-signature'], secret)).to.equal(true);
    expect(verifyWebhookSignature(body.replace('000042', '000043'), headers['x-pos-signature'], secret)).to.equal(
      false,
    );
    expect(
      verifyWebhookSignature(body, headers['x-pos-signature'], new CryptoSecretGenerator().webhookSecret()),
    ).to.equal(false);
  });

  it('verifies with the standardwebhooks library, keyed with the decoded whsec_ secret', () => {
    const wh = new Webhook(secret);
    const swHeaders = {
      'webhook-id': headers['webhook-id']!,
      'webhook-timestamp': headers['webhook-timestamp']!,
      'webhook-signature': headers['webhook-signature']!,
    };
    // The library refuses timestamps more than 5 minutes off; sign "now" for this check.
    const live = buildWebhookRequest(message, secret, new Date());
    expect(
      wh.verify(live.body, {
        'webhook-id': live.headers['webhook-id']!,
        'webhook-timestamp': live.headers['webhook-timestamp']!,
        'webhook-signature': live.headers['webhook-signature']!,
      }),
    ).to.deep.equal(JSON.parse(live.body));
    expect(() => wh.verify(body, swHeaders)).to.throw(); // 2026-03-01 is outside the tolerance
    expect(() =>
      wh.verify(live.body.replace('000042', '000043'), {
        'webhook-id': live.headers['webhook-id']!,
        'webhook-timestamp': live.headers['webhook-timestamp']!,
        'webhook-signature': live.headers['webhook-signature']!,
      }),
    ).to.throw();
    // The key is the base64-decoded part after whsec_, not the text of the secret.
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${message.deliveryId}.${swHeaders['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(swHeaders['webhook-signature']).to.equal(`v1,${expected}`);
    expect(standardWebhooksKey(secret)).to.have.length(32);
  });
});
