import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { runSign, type SignedText } from '../src/index.js';

/** The README's worked example: fixed inputs and the text, Base64 and signature they must give. */
const EXAMPLE = {
  secret: 'cs_example_secret_do_not_use',
  nonce: 'n0nce-2026-0001',
  timestamp: '1767225600000',
  body: '{"customerId":"3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c","paymentMethod":"CASH","items":[{"productId":"9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d","quantity":2,"unitPrice":19.99}]}',
  signedText:
    '{"customerId":"3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c","paymentMethod":"CASH","items":[{"productId":"9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d","quantity":2,"unitPrice":19.99}],"nonce":"n0nce-2026-0001","timestamp":1767225600000}',
  base64:
    'eyJjdXN0b21lcklkIjoiM2YxYzJhN2UtOGI0ZC00YzFlLTlhMmItNWQ2ZTdmOGE5YjBjIiwicGF5bWVudE1ldGhvZCI6IkNBU0giLCJpdGVtcyI6W3sicHJvZHVjdElkIjoiOWI4YTdjNmQtNWU0Zi00YTNiLThjMmQtMWUwZjlhOGI3YzZkIiwicXVhbnRpdHkiOjIsInVuaXRQcmljZSI6MTkuOTl9XSwibm9uY2UiOiJuMG5jZS0yMDI2LTAwMDEiLCJ0aW1lc3RhbXAiOjE3NjcyMjU2MDAwMDB9',
  signature: '20e32e8f025c053807975e001921d80efc2031b1aeba4e203e770404d7569c71',
};

const env = { CLIENT_ID: 'ck_example', CLIENT_SECRET: EXAMPLE.secret, BASE_URL: 'https://api.example' };
const at = ['--nonce', EXAMPLE.nonce, '--timestamp', EXAMPLE.timestamp];

function sign(...argv: string[]): { code: number; out: string } {
  let out = '';
  const code = runSign(argv, env, (t) => (out += t));
  return { code, out };
}

describe('npm run sign', () => {
  it('--explain reproduces the worked example: the exact signed text, its Base64 and the signature', () => {
    const { code, out } = sign('--explain', '--json', ...at, 'POST', '/api/v1/external/billing/invoices', EXAMPLE.body);
    expect(code).to.equal(0);
    const prepared = JSON.parse(out) as { body: string; signed: SignedText[] };
    expect(prepared.signed).to.deep.equal([
      { part: 'signature', text: EXAMPLE.signedText, base64: EXAMPLE.base64, hmac: EXAMPLE.signature },
    ]);
    expect(JSON.parse(prepared.body).signature).to.equal(EXAMPLE.signature);

    const text = sign('--explain', ...at, 'POST', '/billing/invoices', EXAMPLE.body).out;
    const lines = text.split('\n');
    for (const shown of [EXAMPLE.signedText, EXAMPLE.base64, EXAMPLE.signature]) {
      expect(lines, shown).to.include(`# ${shown}`);
    }
    // The explanation is shell comments: the output still runs as the curl command it ends with.
    expect(lines.filter((l) => l !== '' && !l.startsWith('# '))).to.have.length(1);
    expect(lines.at(-2)).to.match(/^curl -sS -X POST 'https:\/\/api\.example\/api\/v1\/external\/billing\/invoices'/);
  });

  it('signs a read with x-signature when asked (--signed-read), and explains its request line', () => {
    const { out } = sign('--signed-read', '--explain', '--json', ...at, 'GET', '/api/v1/external/products?page=2');
    const prepared = JSON.parse(out) as { headers: Record<string, string>; signed: SignedText[] };
    const line = `GET\n/api/v1/external/products?page=2\n${EXAMPLE.timestamp}\n${EXAMPLE.nonce}`;
    const base64 = Buffer.from(line, 'utf8').toString('base64');
    const hmac = createHmac('sha256', EXAMPLE.secret).update(base64).digest('hex');
    expect(prepared.headers['x-signature']).to.equal(hmac);
    expect(prepared.signed).to.deep.equal([{ part: 'x-signature', text: line, base64, hmac }]);
    expect(JSON.parse(sign('--json', 'GET', '/products').out).headers).to.not.have.property('x-signature');
    expect(sign('--explain', 'GET', '/products').out).to.match(
      /^# Nothing is signed: a read carries no body signature/,
    );
  });

  it('prints its usage (exit 2) for an unknown option or a bad timestamp', () => {
    expect(sign('--explian', 'GET', '/products')).to.include({ code: 2 });
    expect(sign('--timestamp', 'soon', 'GET', '/products')).to.deep.equal({
      code: 2,
      out: '--timestamp must be milliseconds since the epoch\n',
    });
  });
});
