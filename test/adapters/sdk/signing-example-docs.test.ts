import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signBody } from '@inventory-billing/sdk';

const ROOT = new URL('../../..', import.meta.url).pathname;

/** The inputs of the documents' worked example of a body signature. */
const EXAMPLE = {
  secret: 'cs_example_secret_do_not_use',
  nonce: 'n0nce-2026-0001',
  timestamp: 1767225600000,
  body: {
    customerId: '3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c',
    paymentMethod: 'CASH',
    items: [{ productId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', quantity: 2, unitPrice: 19.99 }],
  },
};

describe("SDK: the documents' worked example of a body signature", () => {
  it('is shown with the inputs, the Base64 and the signature that the SDK gives, wherever it is shown', () => {
    const { signature, ...unsigned } = signBody(EXAMPLE.body, EXAMPLE.secret, EXAMPLE.nonce, EXAMPLE.timestamp);
    const base64 = Buffer.from(JSON.stringify(unsigned), 'utf8').toString('base64');
    const documents = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)]
      .filter((path) => path.endsWith('.md'))
      .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }))
      .filter((doc) => doc.text.includes(EXAMPLE.secret));
    expect(documents, 'no document shows the worked example').to.not.be.empty;
    for (const { path, text } of documents) {
      for (const shown of [EXAMPLE.nonce, String(EXAMPLE.timestamp), JSON.stringify(EXAMPLE.body), base64, signature]) {
        expect(text, `${path} shows ${shown}`).to.contain(shown);
      }
    }
  });
});
