import { expect } from 'chai';
import { ExternalApiClient, runSign } from '../src/index.js';

describe('API key', () => {
  const options = { baseUrl: 'http://api.test', clientId: 'ck_1', clientSecret: 'cs_1' };

  it('sends x-api-key on every request when given one, and no such header otherwise', () => {
    const keyed = new ExternalApiClient({ ...options, apiKey: 'ak_0123456789abcdefghijABCDEFGHIJ-_' });
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'x' }],
    ] as const) {
      const prepared = keyed.prepare(method, '/products', body);
      expect(prepared.headers['x-api-key']).to.equal('ak_0123456789abcdefghijABCDEFGHIJ-_');
      // The key is a header only: never in the signed body.
      expect(prepared.body ?? '').to.not.contain('ak_');
    }
    expect(new ExternalApiClient(options).prepare('GET', '/products').headers).to.not.have.property('x-api-key');
  });

  it('npm run sign sends API_KEY from the environment as x-api-key', () => {
    const out: string[] = [];
    const env = { CLIENT_ID: 'ck_1', CLIENT_SECRET: 'cs_1', API_KEY: 'ak_fromtheenvironment000000000000' };
    expect(runSign(['--json', 'GET', '/products'], env, (t) => out.push(t))).to.equal(0);
    expect(JSON.parse(out.join('')).headers['x-api-key']).to.equal('ak_fromtheenvironment000000000000');
  });
});
