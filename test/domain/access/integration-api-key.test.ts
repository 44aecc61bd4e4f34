import { expect } from 'chai';
import { Integration, type ApiKeyVerifier } from '../../../src/domain/access/integration.js';

describe('Integration: API key rule', () => {
  const t0 = new Date('2026-05-01T12:00:00.000Z');
  const t1 = new Date('2026-05-01T13:00:00.000Z');
  function integration() {
    return Integration.create(
      { id: 'i1', tenantId: 't1', branchId: 'b1', fiscalYearId: 'f1', role: 'ADMIN', clientName: 'Shop' },
      { clientId: 'ck_1', clientSecret: 'cs_1', webhookSecret: () => 'whsec' },
      t0,
    );
  }
  /** A verifier that records what it was asked: "hash" is the key reversed. */
  function verifier() {
    const asked: [string, string][] = [];
    const verify: ApiKeyVerifier = (hash, presented) => {
      asked.push([hash, presented]);
      return hash === [...presented].reverse().join('');
    };
    return { asked, verify };
  }

  it('without a key, accepts any request and never asks the verifier', () => {
    const i = integration();
    const { asked, verify } = verifier();
    expect(i.hasApiKey).to.equal(false);
    expect(i.acceptsApiKey(undefined, verify)).to.equal(true);
    expect(i.acceptsApiKey('ak_anything', verify)).to.equal(true);
    expect(asked).to.deep.equal([]);
  });

  it('with a key, requires one that matches the stored hash', () => {
    const i = integration();
    const { asked, verify } = verifier();
    i.setApiKey('cba', t1);
    expect(i.hasApiKey).to.equal(true);
    expect(i.state().updatedAt).to.equal(t1);
    expect(i.acceptsApiKey(undefined, verify)).to.equal(false);
    expect(i.acceptsApiKey('', verify)).to.equal(false);
    expect(i.acceptsApiKey('abd', verify)).to.equal(false);
    expect(i.acceptsApiKey('abc', verify)).to.equal(true);
    expect(asked).to.deep.equal([
      ['cba', 'abd'],
      ['cba', 'abc'],
    ]);
  });

  it('a replaced key is refused; a removed key is no longer required', () => {
    const i = integration();
    const { verify } = verifier();
    i.setApiKey('cba', t0);
    i.setApiKey('fed', t1);
    expect(i.acceptsApiKey('abc', verify)).to.equal(false);
    expect(i.acceptsApiKey('def', verify)).to.equal(true);
    i.removeApiKey(t1);
    expect(i.hasApiKey).to.equal(false);
    expect(i.state().apiKeyHash).to.equal(null);
    expect(i.acceptsApiKey(undefined, verify)).to.equal(true);
  });
});
