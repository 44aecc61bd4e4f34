import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { claimIdempotencyKey, KnexIdempotencyStore } from '../../../src/adapters/persistence/idempotency-store.js';
import type { IdempotencyKeyEntry } from '../../../src/application/ports/gateway-ports.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

/** `idempotency_keys` on the test database: answers added to rows committed with their writes. */
describe('adapters: KnexIdempotencyStore', () => {
  let svc: TestService;
  let store: KnexIdempotencyStore;
  let integrationId: string;

  before(async () => {
    svc = await startTestService();
    integrationId = (await createIntegration(svc.baseUrl, await createTenantSetup(svc.baseUrl, 'Store'))).id;
    store = new KnexIdempotencyStore(svc.database.knex);
  });
  after(async () => {
    await svc?.stop();
  });

  /** A fresh key of the integration, kept 24 h. */
  const newEntry = (fingerprint: string): IdempotencyKeyEntry => {
    const now = new Date();
    return {
      integrationId,
      key: `key-${randomUUID()}`,
      fingerprint,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    };
  };

  /** A key row as a keyed request's transaction commits it: no answer yet. */
  const claimed = async (): Promise<IdempotencyKeyEntry> => {
    const entry = newEntry('a'.repeat(64));
    await svc.database.knex.transaction((trx) => claimIdempotencyKey(trx, entry));
    return entry;
  };

  it('adds the answer to a row committed with its write', async () => {
    const entry = await claimed();
    expect(await store.find(integrationId, entry.key)).to.deep.equal({ fingerprint: 'a'.repeat(64), response: null });
    expect(await store.complete(entry, { status: 201, body: { id: 'x' } }, true)).to.equal(true);
    expect((await store.find(integrationId, entry.key))!.response).to.deep.equal({ status: 201, body: { id: 'x' } });
  });

  it('inserts the whole row for an answer that wrote nothing, and says when the key was taken', async () => {
    const entry = newEntry('b'.repeat(64));
    expect(await store.complete(entry, { status: 400, body: { code: 'VALIDATION_ERROR' } }, false)).to.equal(true);
    expect(await store.complete(entry, { status: 404, body: { code: 'NOT_FOUND' } }, false)).to.equal(false);
    expect((await store.find(integrationId, entry.key))!.response!.status).to.equal(400);
  });
});
