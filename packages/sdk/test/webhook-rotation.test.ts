import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  posWebhookSignature,
  standardWebhooksSignature,
  verifyWebhook,
  verifyWebhookSignature,
  WebhookVerificationError,
} from '../src/index.js';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** A delivery signed during a secret rotation's overlap: both signatures in each scheme, the new first. */
function rotatedDelivery(current: string, previous: string) {
  const payload = JSON.stringify({ id: 'x', resource: 'INVOICE', action: 'CREATE' });
  const body = `{"event":"billing.invoice.created","payload":${payload}}`;
  const at = new Date();
  const seconds = Math.floor(at.getTime() / 1000);
  const sign = (s: string) => standardWebhooksSignature(s, 'd-1', seconds, body);
  return {
    body,
    standard: {
      'webhook-id': 'd-1',
      'webhook-timestamp': String(seconds),
      'webhook-signature': `${sign(current)} ${sign(previous)}`,
    },
    pos: {
      'x-pos-signature': posWebhookSignature(current, payload),
      'x-pos-signature-previous': posWebhookSignature(previous, payload),
      'x-pos-timestamp': String(at.getTime()),
    },
  };
}

/** Whether `fn` verifies; a refusal must be a verification error (`Error`: the reference library's own). */
const accepts = (fn: () => unknown, refusal: new (...args: never[]) => Error = WebhookVerificationError) => {
  try {
    fn();
    return true;
  } catch (err) {
    expect(err).to.be.instanceOf(refusal);
    return false;
  }
};

describe('webhook verification during a secret rotation', () => {
  const current = newSecret();
  const previous = newSecret();
  const d = rotatedDelivery(current, previous);

  it('accepts a delivery with either secret, in both schemes, and with neither refuses it', () => {
    for (const [secret, expected] of [
      [current, true],
      [previous, true],
      [newSecret(), false],
    ] as const) {
      expect(
        accepts(() => verifyWebhook({ rawBody: d.body, headers: d.standard, secret })),
        'standard',
      ).to.equal(expected);
      expect(
        accepts(() => verifyWebhook({ rawBody: d.body, headers: d.pos, secret })),
        'x-pos',
      ).to.equal(expected);
      const { 'x-pos-signature': sig, 'x-pos-signature-previous': prev } = d.pos;
      expect(verifyWebhookSignature(d.body, sig, secret, prev), 'signature only').to.equal(expected);
      const library = () => new Webhook(secret).verify(d.body, d.standard);
      expect(accepts(library, Error), 'the reference library').to.equal(expected);
    }
  });

  it('without x-pos-signature-previous, only the current secret verifies x-pos-signature', () => {
    const { 'x-pos-signature-previous': _previous, ...currentOnly } = d.pos;
    expect(accepts(() => verifyWebhook({ rawBody: d.body, headers: currentOnly, secret: current }))).to.equal(true);
    expect(accepts(() => verifyWebhook({ rawBody: d.body, headers: currentOnly, secret: previous }))).to.equal(false);
    expect(verifyWebhookSignature(d.body, d.pos['x-pos-signature'], previous)).to.equal(false);
  });
});
