import { expect } from 'chai';
import { AuthenticateRequest, type IncomingRequest } from '../../../src/application/access/authenticate-request.js';
import type { IntegrationDirectory, NonceClaim, NonceStore } from '../../../src/application/ports/access-ports.js';
import { HmacSha256Signer, Sha256ApiKeyHasher } from '../../../src/adapters/security/crypto.js';
import { signBody, signRequestLine } from '@inventory-billing/sdk';
import { Integration } from '../../../src/domain/access/integration.js';
import { AuthenticationError, DomainError } from '../../../src/domain/shared/errors.js';
import { FixedClock } from '../../support/fakes.js';

class MemNonces implements NonceStore {
  used = new Set<string>();
  writes = 0;
  async isUsed(integrationId: string, nonce: string) {
    return this.used.has(`${integrationId}/${nonce}`);
  }
  async claim(integrationId: string, nonce: string): Promise<NonceClaim> {
    const key = `${integrationId}/${nonce}`;
    this.writes++;
    if (this.used.has(key)) return { claimed: false };
    this.used.add(key);
    return { claimed: true, windowCount: this.writes, windowEndsAt: new Date(0) };
  }
  async purgeExpired() {
    return 0;
  }
}

describe('AuthenticateRequest (use case, in-memory ports)', () => {
  const clock = new FixedClock(new Date('2026-05-01T12:00:00.000Z'));
  const now = clock.now().getTime();
  let integration: Integration;
  let nonces: MemNonces;
  let auth: AuthenticateRequest;

  beforeEach(() => {
    integration = Integration.create(
      {
        id: 'i1',
        tenantId: 't1',
        branchId: 'b1',
        fiscalYearId: 'f1',
        role: 'BILLING',
        clientName: 'Shop',
        allowedIps: '10.0.0.0/8',
      },
      { clientId: 'ck_test', clientSecret: 'secret-1', webhookSecret: () => 'whsec' },
      clock.now(),
    );
    const directory: IntegrationDirectory = {
      findByClientId: async (id) => (id === 'ck_test' ? integration : null),
      invalidate: () => {},
    };
    nonces = new MemNonces();
    auth = new AuthenticateRequest(directory, nonces, new HmacSha256Signer(), clock, new Sha256ApiKeyHasher());
  });

  function post(overrides: Partial<IncomingRequest> = {}, body: object = { reason: 'x' }): IncomingRequest {
    return {
      clientId: 'ck_test',
      ip: '10.1.2.3',
      timestamp: String(now),
      nonce: 'nonce-0001',
      method: 'POST',
      pathWithQuery: '/api/v1/external/billing/credit-notes',
      body: signBody(body, 'secret-1', 'nonce-0001', now),
      requestSignature: undefined,
      ...overrides,
    };
  }

  async function codeOf(req: IncomingRequest): Promise<string> {
    try {
      await auth.execute(req);
      return 'OK';
    } catch (err) {
      if (err instanceof DomainError) return err.code;
      throw err;
    }
  }

  it('accepts a correctly signed request and returns the bound caller', async () => {
    const caller = await auth.execute(post());
    expect(caller).to.deep.equal({
      integrationId: 'i1',
      tenantId: 't1',
      branchId: 'b1',
      fiscalYearId: 'f1',
      role: 'BILLING',
      rateLimitPerMinute: null,
      window: { count: 1, endsAt: new Date(0) },
    });
  });

  it('runs the checks in the order of spec 5.2', async () => {
    const old = String(now - 10 * 60_000);
    // 1 before everything
    expect(await codeOf(post({ clientId: 'ck_nope', timestamp: undefined, ip: '1.1.1.1' }))).to.equal(
      'INVALID_OR_INACTIVE_CLIENT_ID',
    );
    // 2 before 3/4/5/6
    expect(await codeOf(post({ ip: '1.1.1.1', timestamp: old }))).to.equal('IP_NOT_ALLOWED');
    // 3 before 4/5/6
    expect(await codeOf(post({ timestamp: undefined, nonce: undefined }))).to.equal('TIMESTAMP_MISSING');
    // 4 before 5/6
    expect(await codeOf(post({ timestamp: old, nonce: undefined }))).to.equal('TIMESTAMP_EXPIRED');
    expect(await codeOf(post({ timestamp: 'soon' }))).to.equal('TIMESTAMP_EXPIRED');
    // 5 before 6
    expect(await codeOf(post({ nonce: undefined, body: {} }))).to.equal('NONCE_MISSING');
    await auth.execute(post());
    expect(await codeOf(post({ body: {} }))).to.equal('NONCE_ALREADY_USED');
    // 6
    expect(await codeOf(post({ nonce: 'nonce-0002' }))).to.equal('INVALID_SIGNATURE');
  });

  it('with an API key set, fails a missing or wrong x-api-key at check 1 before every other check, and claims no nonce', async () => {
    const keys = new Sha256ApiKeyHasher();
    const key = keys.generate();
    integration.setApiKey(keys.hash(key), clock.now());
    const old = String(now - 10 * 60_000);
    for (const apiKey of [undefined, '', `${key}x`, key.slice(0, -1), keys.generate()]) {
      expect(await codeOf(post({ apiKey }))).to.equal('INVALID_OR_INACTIVE_CLIENT_ID');
      // Before the IP allow-list, the timestamp, the nonce and the signature.
      expect(await codeOf(post({ apiKey, ip: '1.1.1.1', timestamp: old, nonce: undefined, body: {} }))).to.equal(
        'INVALID_OR_INACTIVE_CLIENT_ID',
      );
    }
    expect(nonces.writes).to.equal(0);
    // The right key passes check 1; the later checks answer as before.
    expect(await codeOf(post({ apiKey: key, ip: '1.1.1.1' }))).to.equal('IP_NOT_ALLOWED');
    expect(await codeOf(post({ apiKey: key }))).to.equal('OK');
    // Removed: no key needed, and one still sent is ignored.
    integration.removeApiKey(clock.now());
    expect(
      await codeOf(post({ nonce: 'nonce-0002', body: signBody({ reason: 'x' }, 'secret-1', 'nonce-0002', now) })),
    ).to.equal('OK');
    expect(
      await codeOf(
        post({ apiKey: key, nonce: 'nonce-0003', body: signBody({ reason: 'x' }, 'secret-1', 'nonce-0003', now) }),
      ),
    ).to.equal('OK');
  });

  it('refuses an inactive integration as an unknown client', async () => {
    integration.update({ active: false }, () => 'w', clock.now());
    expect(await codeOf(post())).to.equal('INVALID_OR_INACTIVE_CLIENT_ID');
  });

  it('uses the exact messages of spec 5.2', async () => {
    const messages: string[] = [];
    for (const req of [
      post({ clientId: undefined }),
      post({ ip: '192.168.1.1' }),
      post({ timestamp: '' }),
      post({ timestamp: '1' }),
    ]) {
      await auth.execute(req).catch((e: Error) => messages.push(e.message));
    }
    await auth.execute(post());
    await auth.execute(post()).catch((e: Error) => messages.push(e.message));
    expect(messages).to.deep.equal([
      'Invalid or inactive Client ID or API Key.',
      'Access denied from IP address: 192.168.1.1',
      'Request timestamp (x-timestamp) is missing.',
      'Request timestamp expired or invalid.',
      'Replay attack detected: Request nonce already used.',
    ]);
  });

  it('requires the body nonce and timestamp to equal the headers', async () => {
    const signedForOther = signBody({ reason: 'x' }, 'secret-1', 'nonce-other', now);
    expect(await codeOf(post({ body: signedForOther }))).to.equal('INVALID_SIGNATURE');
    const otherTime = signBody({ reason: 'x' }, 'secret-1', 'nonce-0001', now - 1);
    expect(await codeOf(post({ nonce: 'nonce-0003', body: { ...otherTime, nonce: 'nonce-0003' } }))).to.equal(
      'INVALID_SIGNATURE',
    );
  });

  it('refuses malformed signatures without throwing anything but an authentication error', async () => {
    const bad = ['', 'zz', 'A'.repeat(64), 123, null, ['a'], 'a'.repeat(63)];
    for (const [i, signature] of bad.entries()) {
      const nonce = `nonce-bad-${i}`;
      const body = { ...signBody({}, 'secret-1', nonce, now), signature };
      const err = await auth.execute(post({ nonce, body })).catch((e: unknown) => e);
      expect(err, String(signature)).to.be.instanceOf(AuthenticationError);
      expect((err as AuthenticationError).code).to.equal('INVALID_SIGNATURE');
    }
  });

  it('verifies x-signature on GET when sent, and requires it when requireSignedReads', async () => {
    const get = (nonce: string, requestSignature?: string): IncomingRequest => ({
      ...post({ nonce }),
      method: 'GET',
      pathWithQuery: '/api/v1/external/billing/invoices?page=2',
      body: undefined,
      requestSignature,
    });
    expect(await codeOf(get('get-nonce-1'))).to.equal('OK');
    expect(await codeOf(get('get-nonce-2', 'f'.repeat(64)))).to.equal('INVALID_SIGNATURE');
    integration.update({ requireSignedReads: true }, () => 'w', clock.now());
    expect(await codeOf(get('get-nonce-3'))).to.equal('INVALID_SIGNATURE');
    const sig = signRequestLine('secret-1', 'GET', '/api/v1/external/billing/invoices?page=2', now, 'get-nonce-4');
    expect(await codeOf(get('get-nonce-4', sig))).to.equal('OK');
  });

  it('accepts the previous secret during a rotation overlap only', async () => {
    integration.rotateClientSecret('secret-2', 60_000, clock.now());
    expect(await codeOf(post())).to.equal('OK');
    const withNew = signBody({ reason: 'x' }, 'secret-2', 'nonce-0009', now);
    expect(await codeOf(post({ nonce: 'nonce-0009', body: withNew }))).to.equal('OK');
    integration.rotateClientSecret('secret-3', 0, clock.now());
    const withOld = signBody({ reason: 'x' }, 'secret-2', 'nonce-0010', now);
    expect(await codeOf(post({ nonce: 'nonce-0010', body: withOld }))).to.equal('INVALID_SIGNATURE');
  });

  it('claims no nonce for a request whose signature is wrong, so it can be retried correctly signed', async () => {
    const forged = { ...signBody({ reason: 'x' }, 'secret-1', 'nonce-0001', now), signature: 'f'.repeat(64) };
    expect(await codeOf(post({ body: forged }))).to.equal('INVALID_SIGNATURE');
    expect(await codeOf(post({ body: { reason: 'x' } }))).to.equal('INVALID_SIGNATURE');
    expect(nonces.writes).to.equal(0);
    expect(nonces.used.size).to.equal(0);
    // The same nonce, now correctly signed, is still fresh.
    expect(await codeOf(post())).to.equal('OK');
    expect(nonces.used.has('i1/nonce-0001')).to.equal(true);
  });

  it('reports a used nonce as a replay even when the signature is also wrong (check 5 before 6), writing nothing', async () => {
    await auth.execute(post());
    const writes = nonces.writes;
    const forged = { ...signBody({ reason: 'x' }, 'secret-1', 'nonce-0001', now), signature: '0'.repeat(64) };
    expect(await codeOf(post({ body: forged }))).to.equal('NONCE_ALREADY_USED');
    expect(nonces.writes).to.equal(writes);
  });

  it('lets the claim decide when the signature verifies: one of two identical requests wins', async () => {
    const outcomes = await Promise.all([codeOf(post()), codeOf(post())]);
    expect(outcomes.sort()).to.deep.equal(['NONCE_ALREADY_USED', 'OK']);
  });

  it('claims no nonce for a GET whose x-signature is wrong', async () => {
    const get: IncomingRequest = {
      ...post({ nonce: 'get-nonce-9' }),
      method: 'GET',
      pathWithQuery: '/api/v1/external/billing/invoices',
      body: undefined,
      requestSignature: 'e'.repeat(64),
    };
    expect(await codeOf(get)).to.equal('INVALID_SIGNATURE');
    expect(nonces.writes).to.equal(0);
  });
});
