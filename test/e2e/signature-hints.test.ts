import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { BODY_SIGNING_RULE, REQUEST_LINE_SIGNING_RULE } from '../../src/domain/access/request-rules.js';
import { v1 } from '../support/envelope.js';
import { createIntegration, createProduct, createTenantSetup, type Credentials } from '../support/mothers.js';
import { startTestService, type TestService } from '../support/service.js';

const hmacOfBase64 = (secret: string, text: string) =>
  createHmac('sha256', secret).update(Buffer.from(text, 'utf8').toString('base64')).digest('hex');

/**
 * The worked counter-example of docs/external-api.md: what a Python client (`100.0`) and a PHP
 * client (`\/`) sign, what the service signs instead, and the three signatures.
 */
const COUNTER_EXAMPLE = {
  secret: 'cs_example_secret_do_not_use',
  python: '{"name":"Mug 1/2 l","price":100.0,"nonce":"n0nce-2026-0002","timestamp":1767225600000}',
  php: '{"name":"Mug 1\\/2 l","price":100,"nonce":"n0nce-2026-0002","timestamp":1767225600000}',
  service: '{"name":"Mug 1/2 l","price":100,"nonce":"n0nce-2026-0002","timestamp":1767225600000}',
  pythonSignature: '21f7307e4b0079a675fa072b6023a52930857a56978591e720dc06c55c6e438a',
  phpSignature: 'aa051b59958198215b57503e3ffb965bae745d944124bd4aca4b8507e90acc3c',
  serviceSignature: '20186930a8947aaad1594bf584cad151afe3dedf1af31842e5ee9276ed8e30a2',
};

describe('e2e: a refused signature says how the service serialises what it checks', () => {
  let svc: TestService;
  let creds: Credentials;
  let productId: string;
  let n = 0;
  before(async () => {
    svc = await startTestService();
    const setup = await createTenantSetup(svc.baseUrl);
    creds = await createIntegration(svc.baseUrl, setup);
    productId = (await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 5 })).id;
  });
  after(() => svc.stop());

  /** A PUT whose body text is `text` (members, nonce and timestamp) plus the signature of `signedText`. */
  async function put(text: (nonce: string, ts: number) => string, signed: 'as sent' | 'as re-serialised') {
    const nonce = `hint-nonce-${++n}`;
    const ts = Date.now();
    const sent = text(nonce, ts);
    const signedText = signed === 'as sent' ? sent : JSON.stringify(JSON.parse(sent));
    const body = `${sent.slice(0, -1)},"signature":"${hmacOfBase64(creds.clientSecret, signedText)}"}`;
    const res = await fetch(`${svc.baseUrl}/api/v1/external/products/${productId}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'x-client-id': creds.clientId,
        'x-nonce': nonce,
        'x-timestamp': String(ts),
      },
      body,
    });
    return { status: res.status, body: v1(await res.json()) };
  }

  const refusedWithHint = (field: string, issue: string) => ({
    success: false,
    status: 401,
    code: 'INVALID_SIGNATURE',
    message: 'Invalid request signature.',
    details: [{ field, issue }],
  });

  it('keeps the check as it is (a Python 100.0 or a PHP \\/ is refused) and adds the hint', async () => {
    const python = (nonce: string, ts: number) => `{"price":100.0,"nonce":"${nonce}","timestamp":${ts}}`;
    const php = (nonce: string, ts: number) => `{"name":"Mug 1\\/2 l","nonce":"${nonce}","timestamp":${ts}}`;
    for (const text of [python, php]) {
      expect(await put(text, 'as sent')).to.deep.equal({
        status: 401,
        body: refusedWithHint('signature', BODY_SIGNING_RULE),
      });
      // The same bytes, signed over the text the hint describes, are accepted.
      expect((await put(text, 'as re-serialised')).status).to.equal(200);
    }
  });

  it('names x-signature, and how its text is built, when the request line does not verify', async () => {
    const nonce = 'hint-read-nonce';
    const ts = String(Date.now());
    const res = await fetch(`${svc.baseUrl}/api/v1/external/products?page=1`, {
      headers: {
        'x-client-id': creds.clientId,
        'x-nonce': nonce,
        'x-timestamp': ts,
        // Signed without the query: not the path and query exactly as sent.
        'x-signature': hmacOfBase64(creds.clientSecret, `GET\n/api/v1/external/products\n${ts}\n${nonce}`),
      },
    });
    expect(v1(await res.json())).to.deep.equal(refusedWithHint('x-signature', REQUEST_LINE_SIGNING_RULE));
  });

  it("documents a worked counter-example whose values are the service's own", () => {
    const c = COUNTER_EXAMPLE;
    expect(hmacOfBase64(c.secret, c.python)).to.equal(c.pythonSignature);
    expect(hmacOfBase64(c.secret, c.php)).to.equal(c.phpSignature);
    expect(hmacOfBase64(c.secret, c.service)).to.equal(c.serviceSignature);
    expect(JSON.stringify(JSON.parse(c.python))).to.equal(c.service);
    expect(JSON.stringify(JSON.parse(c.php))).to.equal(c.service);
    const doc = readFileSync(new URL('../../docs/external-api.md', import.meta.url), 'utf8');
    for (const shown of Object.values(c)) expect(doc).to.contain(shown);
  });
});
