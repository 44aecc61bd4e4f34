import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { signBody, signRequestLine, verifyWebhookSignature } from '../../../src/adapters/sdk/index.js';

/** The README's worked example: fixed inputs and the signature they must give. */
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

describe('SDK signing', () => {
  it('reproduces the README worked example exactly', () => {
    const signed = signBody(EXAMPLE.body, EXAMPLE.secret, EXAMPLE.nonce, EXAMPLE.timestamp);
    const { signature, ...unsigned } = signed;
    expect(Buffer.from(JSON.stringify(unsigned), 'utf8').toString('base64')).to.equal(EXAMPLE.base64);
    expect(signature).to.equal(EXAMPLE.signature);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).to.contain(EXAMPLE.base64);
    expect(readme).to.contain(signature);
    expect(readme).to.contain(EXAMPLE.secret);
  });

  it('signs the request line for x-signature', () => {
    const sig = signRequestLine('k', 'get', '/api/v1/external/products?page=1', 5, 'nonce-abc1');
    const expected = createHmac('sha256', 'k')
      .update(Buffer.from('GET\n/api/v1/external/products?page=1\n5\nnonce-abc1').toString('base64'))
      .digest('hex');
    expect(sig).to.equal(expected);
  });

  it('verifies webhook signatures over the compact JSON of the payload only', () => {
    const payload = {
      id: 'x',
      code: 'INV-2026-000001',
      branchId: 'b',
      resource: 'INVOICE',
      action: 'CREATE',
      timestamp: '2026-01-01T00:00:00.000Z',
    };
    const raw = JSON.stringify({ event: 'billing.invoice.created', payload });
    const sig = createHmac('sha256', 'whsec_k').update(JSON.stringify(payload)).digest('hex');
    expect(verifyWebhookSignature(raw, sig, 'whsec_k')).to.equal(true);
    expect(verifyWebhookSignature(raw, sig, 'whsec_other')).to.equal(false);
    expect(verifyWebhookSignature(raw.replace('CREATE', 'VOID'), sig, 'whsec_k')).to.equal(false);
    expect(verifyWebhookSignature('not json', sig, 'whsec_k')).to.equal(false);
    expect(verifyWebhookSignature(raw, undefined, 'whsec_k')).to.equal(false);
  });
});
