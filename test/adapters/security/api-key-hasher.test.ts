import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Sha256ApiKeyHasher } from '../../../src/adapters/security/crypto.js';

describe('Sha256ApiKeyHasher', () => {
  const keys = new Sha256ApiKeyHasher();

  it('generates `ak_` + 32 URL-safe characters, never the same twice', () => {
    const generated = Array.from({ length: 200 }, () => keys.generate());
    for (const key of generated) expect(key).to.match(/^ak_[A-Za-z0-9_-]{32}$/);
    expect(new Set(generated).size).to.equal(generated.length);
  });

  it('stores the lowercase hex SHA-256 of the key', () => {
    const key = keys.generate();
    expect(keys.hash(key)).to.equal(createHash('sha256').update(key).digest('hex'));
    expect(keys.hash(key)).to.match(/^[0-9a-f]{64}$/);
  });

  it('matches only the key itself', () => {
    const key = keys.generate();
    const hash = keys.hash(key);
    expect(keys.matches(hash, key)).to.equal(true);
    for (const other of ['', 'ak_', key.slice(0, -1), `${key} `, key.toUpperCase(), keys.generate(), hash]) {
      expect(keys.matches(hash, other), other).to.equal(false);
    }
    // A stored value that is not a SHA-256 digest never matches.
    expect(keys.matches('', key)).to.equal(false);
    expect(keys.matches(hash.slice(0, 62), key)).to.equal(false);
  });
});
