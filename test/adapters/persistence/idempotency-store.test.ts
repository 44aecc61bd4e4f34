import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  beginKeyed,
  HeldKeyTransaction,
  KnexIdempotencyStore,
} from '../../../src/adapters/persistence/idempotency-store.js';
import { IdempotencyKeyInUse } from '../../../src/domain/access/gateway.js';
import type { IdempotencyKeyEntry } from '../../../src/application/ports/gateway-ports.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

/** `idempotency_keys` on the test database: answers committed with their writes, bodies kept as sent. */
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

  /** A keyed request's transaction after its work: the key's row inserted, held open. */
  const held = async (entry: IdempotencyKeyEntry): Promise<HeldKeyTransaction> => {
    return new HeldKeyTransaction(await beginKeyed(svc.database.knex, entry), entry);
  };

  it('adds the answer to the row in the transaction that inserted it, then commits both', async () => {
    const entry = newEntry('a'.repeat(64));
    await (await held(entry)).commit({ status: 201, body: '{"id":"x"}' });
    expect(await store.find(integrationId, entry.key)).to.deep.equal({
      fingerprint: 'a'.repeat(64),
      response: { status: 201, body: '{"id":"x"}' },
    });
  });

  it('claims the key in the message that begins the transaction: one round trip for both', async () => {
    const entry = newEntry('e'.repeat(64));
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    svc.database.knex.on('query', listen);
    let trx: HeldKeyTransaction;
    try {
      trx = await held(entry);
    } finally {
      svc.database.knex.off('query', listen);
    }
    expect(sent).to.have.length(1);
    expect(sent[0]).to.match(
      /^BEGIN; insert into "idempotency_keys" .* on conflict \("integration_id", "key"\) do nothing/,
    );
    await trx.commit({ status: 201, body: '{}' });
    expect((await store.find(integrationId, entry.key))!.response!.status).to.equal(201);
  });

  it('refuses a key already taken, rolled back and with its connection back in the pool', async () => {
    const entry = newEntry('f'.repeat(64));
    expect(await store.complete(entry, { status: 201, body: '{"id":"first"}' })).to.equal(true);
    // More refusals than the pool has connections: a refused claim holds none.
    for (let i = 0; i < 25; i++) {
      const refused = await held(entry).catch((err: unknown) => err);
      expect(refused).to.be.instanceOf(IdempotencyKeyInUse);
    }
    expect((await store.find(integrationId, entry.key))!.response!.body).to.equal('{"id":"first"}');
  });

  it('rolls back a claim that fails and gives its connection back clean', async () => {
    const unknownIntegration = { ...newEntry('0'.repeat(64)), integrationId: randomUUID() };
    for (let i = 0; i < 25; i++) {
      const failed = await held(unknownIntegration).catch((err: unknown) => err);
      expect(String(failed)).to.match(/foreign key/);
    }
    // Were a connection left inside its failed transaction, this would fail on it.
    const entry = newEntry('1'.repeat(64));
    await (await held(entry)).commit({ status: 201, body: '{}' });
    expect((await store.find(integrationId, entry.key))!.response!.status).to.equal(201);
  });

  it('keeps nothing of a held write rolled back: the key is free again', async () => {
    const entry = newEntry('c'.repeat(64));
    await (await held(entry)).rollBack();
    expect(await store.find(integrationId, entry.key)).to.equal(null);
    expect(await store.complete(entry, { status: 400, body: '{}' })).to.equal(true);
  });

  it('gives back the body text exactly as kept: key order and spacing', async () => {
    const entry = newEntry('d'.repeat(64));
    const body = '{"zeta":1,"alpha":{"b":2,"a":[3, 1]},"id":"é"}';
    expect(await store.complete(entry, { status: 201, body })).to.equal(true);
    expect((await store.find(integrationId, entry.key))!.response!.body).to.equal(body);
  });

  it('inserts the whole row for an answer that wrote nothing, and says when the key was taken', async () => {
    const entry = newEntry('b'.repeat(64));
    expect(await store.complete(entry, { status: 400, body: '{"code":"VALIDATION_ERROR"}' })).to.equal(true);
    expect(await store.complete(entry, { status: 404, body: '{"code":"NOT_FOUND"}' })).to.equal(false);
    expect((await store.find(integrationId, entry.key))!.response!.status).to.equal(400);
  });
});
