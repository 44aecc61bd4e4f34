import { expect } from 'chai';
import { spawnProcess } from '../support/processes.js';

/** The worked example of docs/external-api.md and the SDK's README. */
const EXAMPLE = {
  secret: 'cs_example_secret_do_not_use',
  body: '{"customerId":"3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c","paymentMethod":"CASH","items":[{"productId":"9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d","quantity":2,"unitPrice":19.99}]}',
  signature: '20e32e8f025c053807975e001921d80efc2031b1aeba4e203e770404d7569c71',
};

describe('operations: npm run sign -- --explain', function () {
  this.timeout(60_000);

  it('prints the exact text it signs, and reproduces a known signature from a fixed nonce and timestamp', async () => {
    const p = spawnProcess(
      'npm',
      [
        'run',
        '--silent',
        'sign',
        '--',
        '--explain',
        '--nonce',
        'n0nce-2026-0001',
        '--timestamp',
        '1767225600000',
        'POST',
        '/api/v1/external/billing/invoices',
        EXAMPLE.body,
      ],
      { CLIENT_ID: 'ck_example', CLIENT_SECRET: EXAMPLE.secret, BASE_URL: '' },
    );
    expect(await p.exited, p.output()).to.equal(0);
    const lines = p.output().trim().split('\n');
    const signedText = `${EXAMPLE.body.slice(0, -1)},"nonce":"n0nce-2026-0001","timestamp":1767225600000}`;
    expect(lines).to.include(`# ${signedText}`);
    expect(lines).to.include(`# ${EXAMPLE.signature}`);
    expect(lines.at(-1)).to.match(/^curl -sS -X POST 'http:\/\/localhost:3000\/api\/v1\/external\/billing\/invoices'/);
    expect(lines.at(-1)).to.contain(`"signature":"${EXAMPLE.signature}"`);
  });
});
