import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import {
  bodySignature,
  posWebhookSignature,
  signBody,
  signRequestLine,
  standardWebhooksKey,
  standardWebhooksSignature,
  verifyWebhookSignature,
} from '../src/index.js';

/** The worked example of the README: fixed inputs and the signature they must give. */
const EXAMPLE = {
  secret: 'cs_example_secret_do_not_use',
  nonce: 'n0nce-2026-0001',
  timestamp: 1767225600000,
  body: {
    customerId: '3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c',
    paymentMethod: 'CASH',
    items: [{ productId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', quantity: 2, unitPrice: 19.99 }],
  },
  base64:
    'eyJjdXN0b21lcklkIjoiM2YxYzJhN2UtOGI0ZC00YzFlLTlhMmItNWQ2ZTdmOGE5YjBjIiwicGF5bWVudE1ldGhvZCI6IkNBU0giLCJpdGVtcyI6W3sicHJvZHVjdElkIjoiOWI4YTdjNmQtNWU0Zi00YTNiLThjMmQtMWUwZjlhOGI3YzZkIiwicXVhbnRpdHkiOjIsInVuaXRQcmljZSI6MTkuOTl9XSwibm9uY2UiOiJuMG5jZS0yMDI2LTAwMDEiLCJ0aW1lc3RhbXAiOjE3NjcyMjU2MDAwMDB9',
  signature: '20e32e8f025c053807975e001921d80efc2031b1aeba4e203e770404d7569c71',
};

describe('request signing', () => {
  it('reproduces the worked example exactly, as the package README shows it', () => {
    const signed = signBody(EXAMPLE.body, EXAMPLE.secret, EXAMPLE.nonce, EXAMPLE.timestamp);
    const { signature, ...unsigned } = signed;
    expect(Buffer.from(JSON.stringify(unsigned), 'utf8').toString('base64')).to.equal(EXAMPLE.base64);
    expect(signature).to.equal(EXAMPLE.signature);
    expect(bodySignature(EXAMPLE.secret, unsigned)).to.equal(EXAMPLE.signature);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const shown of [EXAMPLE.base64, EXAMPLE.signature, EXAMPLE.secret, EXAMPLE.nonce]) {
      expect(readme).to.contain(shown);
    }
  });

  it('signs every member of the body, in its order, nonce and timestamp included', () => {
    const base = bodySignature('k', { b: 1, a: 2, nonce: 'n', timestamp: 5 });
    expect(base).to.equal(
      createHmac('sha256', 'k')
        .update(Buffer.from('{"b":1,"a":2,"nonce":"n","timestamp":5}').toString('base64'))
        .digest('hex'),
    );
    expect(bodySignature('k', { a: 2, b: 1, nonce: 'n', timestamp: 5 })).to.not.equal(base);
    expect(bodySignature('k', { b: 1, a: 2, nonce: 'n', timestamp: 6 })).to.not.equal(base);
    expect(bodySignature('other', { b: 1, a: 2, nonce: 'n', timestamp: 5 })).to.not.equal(base);
  });

  it('signs the request line for x-signature, the timestamp as its header writes it', () => {
    const sig = signRequestLine('k', 'get', '/api/v1/external/products?page=1', 5, 'nonce-abc1');
    const expected = createHmac('sha256', 'k')
      .update(Buffer.from('GET\n/api/v1/external/products?page=1\n5\nnonce-abc1').toString('base64'))
      .digest('hex');
    expect(sig).to.equal(expected);
    expect(signRequestLine('k', 'GET', '/api/v1/external/products?page=1', '5', 'nonce-abc1')).to.equal(expected);
    expect(signRequestLine('k', 'GET', '/api/v1/external/products?page=1', '05', 'nonce-abc1')).to.not.equal(expected);
    expect(signRequestLine('k', 'GET', '/api/v1/external/products?page=2', 5, 'nonce-abc1')).to.not.equal(expected);
  });
});

describe('webhook signatures', () => {
  const payload = { id: 'x', code: 'INV-2026-000001', branchId: 'b', resource: 'INVOICE', action: 'CREATE' };

  it('x-pos-signature: hex HMAC of the payload text only, keyed with the whole secret', () => {
    const raw = JSON.stringify({ event: 'billing.invoice.created', payload });
    const sig = posWebhookSignature('whsec_k', JSON.stringify(payload));
    expect(sig).to.equal(createHmac('sha256', 'whsec_k').update(JSON.stringify(payload)).digest('hex'));
    expect(verifyWebhookSignature(raw, sig, 'whsec_k')).to.equal(true);
    expect(verifyWebhookSignature(raw, sig, 'whsec_other')).to.equal(false);
    expect(verifyWebhookSignature(raw.replace('CREATE', 'VOID'), sig, 'whsec_k')).to.equal(false);
    expect(verifyWebhookSignature('not json', sig, 'whsec_k')).to.equal(false);
    expect(verifyWebhookSignature(raw, undefined, 'whsec_k')).to.equal(false);
  });

  it('Standard Webhooks: keyed with the decoded whsec_ secret, as the standardwebhooks library signs', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(standardWebhooksKey(secret)).to.deep.equal(Buffer.alloc(32, 7));
    expect(standardWebhooksKey('plain-secret')).to.deep.equal(Buffer.from('plain-secret', 'utf8'));
    const body = JSON.stringify({ event: 'billing.invoice.created', payload });
    const at = new Date('2026-03-01T10:00:00Z');
    const seconds = at.getTime() / 1000;
    const ours = standardWebhooksSignature(secret, 'msg_1', seconds, body);
    expect(ours).to.match(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(ours).to.equal(new Webhook(secret).sign('msg_1', at, body));
    expect(standardWebhooksSignature(secret, 'msg_2', seconds, body)).to.not.equal(ours);
  });
});
