import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  posWebhookSignature,
  standardWebhooksSignature,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationFailure,
} from '../src/index.js';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

function failureOf(fn: () => unknown): WebhookVerificationFailure {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).reason;
  }
  throw new Error('expected verification to fail');
}

/** A delivery as the service sends it: the payload's text inside the body, both signatures. */
function delivery(secret: string, at: Date) {
  const payload = JSON.stringify({ id: 'x', resource: 'INVOICE', action: 'CREATE', note: 'Café ☕' });
  const body = `{"event":"billing.invoice.created","payload":${payload}}`;
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    body,
    standard: {
      'webhook-id': 'd-1',
      'webhook-timestamp': String(seconds),
      'webhook-signature': standardWebhooksSignature(secret, 'd-1', seconds, body),
    },
    pos: {
      'x-pos-signature': posWebhookSignature(secret, payload),
      'x-pos-delivery-id': 'd-1',
      'x-pos-timestamp': String(at.getTime()),
    },
  };
}

describe('verifyWebhook', () => {
  it('accepts what the standardwebhooks library signs, and refuses it under another secret', () => {
    const secret = newSecret();
    const body = JSON.stringify({ event: 'billing.invoice.created', payload: { id: 'x' } });
    const at = new Date();
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_1', at, body),
    };
    expect(verifyWebhook({ rawBody: body, headers, secret })).to.include({
      event: 'billing.invoice.created',
      deliveryId: 'msg_1',
      scheme: 'standard-webhooks',
    });
    expect(failureOf(() => verifyWebhook({ rawBody: body, headers, secret: newSecret() }))).to.equal(
      'INVALID_SIGNATURE',
    );
  });

  it('checks either scheme, the Standard Webhooks one first, with a Buffer body or fetch Headers', () => {
    const secret = newSecret();
    const d = delivery(secret, new Date());
    expect(verifyWebhook({ rawBody: d.body, headers: d.pos, secret })).to.deep.include({
      event: 'billing.invoice.created',
      scheme: 'x-pos-signature',
      deliveryId: 'd-1',
    });
    expect(verifyWebhook({ rawBody: d.body, headers: { ...d.pos, ...d.standard }, secret }).scheme).to.equal(
      'standard-webhooks',
    );
    const verified = verifyWebhook({ rawBody: Buffer.from(d.body), headers: new Headers(d.standard), secret });
    expect(verified.payload).to.include({ note: 'Café ☕' });
    expect(new Webhook(secret).verify(d.body, d.standard)).to.deep.equal(JSON.parse(d.body));
  });

  it('refuses tampered, expired, unsigned and malformed deliveries', () => {
    const secret = newSecret();
    const at = new Date('2026-03-01T10:00:00Z');
    const d = delivery(secret, at);
    const now = at.getTime();
    const verify = (rawBody: string, headers: Record<string, string>, at = now) =>
      verifyWebhook({ rawBody, headers, secret, now: at });
    const tampered = d.body.replace('CREATE', 'VOID__');
    expect(failureOf(() => verify(tampered, d.standard))).to.equal('INVALID_SIGNATURE');
    expect(failureOf(() => verify(tampered, d.pos))).to.equal('INVALID_SIGNATURE');
    expect(failureOf(() => verify(d.body, d.standard, now + 301_000))).to.equal('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(failureOf(() => verify(d.body, d.pos, now - 301_000))).to.equal('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(verify(d.body, d.pos, now + 299_000).event).to.equal('billing.invoice.created');
    expect(failureOf(() => verify(d.body, {}))).to.equal('MISSING_SIGNATURE');
    const { ['webhook-id']: _id, ...noId } = d.standard;
    expect(failureOf(() => verify(d.body, noId))).to.equal('MISSING_SIGNATURE');
    expect(failureOf(() => verify('not json', d.pos))).to.equal('MALFORMED_BODY');
    expect(
      failureOf(() => verify(d.body, { ...d.pos, 'x-pos-signature': d.pos['x-pos-signature'].toUpperCase() })),
    ).to.equal('INVALID_SIGNATURE');
  });
});
