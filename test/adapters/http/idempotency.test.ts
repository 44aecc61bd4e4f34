import { expect } from 'chai';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { errorHandler } from '../../../src/adapters/http/error-mapper.js';
import { dataEnvelope } from '../../../src/adapters/http/envelope.js';
import { keyedAnswers } from '../../../src/adapters/http/external/idempotency.js';
import { KnexIdempotencyStore } from '../../../src/adapters/persistence/idempotency-store.js';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { newTenant } from '../../../src/domain/organization/organization.js';
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../../src/infrastructure/logger.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { until } from '../../support/processes.js';
import { startTestService, type TestService } from '../../support/service.js';

/**
 * The external API's keyed answers with the real unit of work on the test database: a keyed
 * request's first transaction inserts the key's row before its work and commits only with the
 * answer, and a taken key answers from its row. Routes here create tenants,
 * the simplest write there is, and can fail before or after their write.
 */
describe('adapters: Idempotency-Key answers with the knex unit of work', () => {
  let svc: TestService;
  let server: Server;
  let base: string;
  let integrationId: string;
  /** Requests asked to hang after their write wait for this. */
  let release: () => void = () => {};
  const hung = new Promise<void>((r) => (release = r));
  let hungOnce = false;
  const LOCK_TIMEOUT_MS = 1_500;

  before(async () => {
    svc = await startTestService();
    const setup = await createTenantSetup(svc.baseUrl, 'Keys');
    integrationId = (await createIntegration(svc.baseUrl, setup)).id;
    const knex = svc.database.knex;
    const uow = new KnexUnitOfWork(knex, new AesGcmSecretCipher(randomBytes(32)));
    const logger = createLogger('silent');
    const app = express();
    app.use(express.json());
    app.use((_req, res, next) => {
      res.locals.caller = { integrationId };
      next();
    });
    const serve = keyedAnswers(new KnexIdempotencyStore(knex), logger, { lockTimeoutMs: LOCK_TIMEOUT_MS });
    app.post('/tenants', (req, res) =>
      serve(req, res, async (keyed) => {
        const body = req.body as {
          name: string;
          failBeforeWrite?: boolean;
          failAfterWrite?: boolean;
          readBack?: boolean;
          once?: boolean;
          hangAfterWrite?: boolean;
        };
        if (body.failBeforeWrite) throw new Error('the database is away');
        // A precondition the first request's own write breaks, as running out of stock would.
        if (body.once && (await tenantsNamed(body.name)).length > 0) throw new ConflictError('Already there');
        const tenant = newTenant(randomUUID(), body.name, new Date());
        await uow.run((r) => r.tenants.add(tenant), keyed);
        if (body.failAfterWrite) throw new Error('the presenter broke');
        if (body.hangAfterWrite && !hungOnce) {
          hungOnce = true;
          await hung;
        }
        // A second use of the database in the same request sees the first transaction's write.
        const found = body.readBack ? await uow.read((r) => r.tenants.findById(tenant.id), keyed) : undefined;
        return { status: 201, body: dataEnvelope(res, { id: tenant.id, readBack: found?.name ?? null }) };
      }),
    );
    app.use(errorHandler(logger));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    release();
    server?.close();
    await svc?.stop();
  });

  const post = async (key: string, body: object) => {
    const res = await fetch(`${base}/tenants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as any };
  };
  const tenantsNamed = async (name: string) => svc.database.knex('tenants').where({ name }).select('id');
  const keyRow = (key: string) =>
    svc.database.knex('idempotency_keys').where({ integration_id: integrationId, key }).first();

  it('commits the write with the key row and the answer, and replays it without writing again', async () => {
    const first = await post('k-commit', { name: 'Held 1' });
    expect(first.status).to.equal(201);
    expect(await tenantsNamed('Held 1')).to.have.length(1);
    const row = await keyRow('k-commit');
    expect(row.status_code).to.equal(201);
    expect(JSON.parse(row.body).data.id).to.equal(first.body.data.id);

    const again = await post('k-commit', { name: 'Held 1' });
    expect(again).to.deep.include({ status: 201, replayed: 'true' });
    expect(again.body).to.deep.equal(first.body);
    expect(await tenantsNamed('Held 1')).to.have.length(1);
  });

  it('keeps no 5xx answer and rolls back its write: a retry does the work, once', async () => {
    const failed = await post('k-fail', { name: 'Held 2', failAfterWrite: true });
    expect(failed.status).to.equal(500);
    expect(await tenantsNamed('Held 2')).to.have.length(0);
    expect(await keyRow('k-fail')).to.equal(undefined);

    const retry = await post('k-fail', { name: 'Held 2' });
    expect(retry).to.deep.include({ status: 201, replayed: null });
    expect(await tenantsNamed('Held 2')).to.have.length(1);
  });

  it('gives the key back after the lock timeout when its request holds it without answering: the write is rolled back, a retry does it once', async () => {
    const started = Date.now();
    const stuck = post('k-stuck', { name: 'Held 7', hangAfterWrite: true });
    // Until the lock timeout the key is held (in this process: refused at once).
    const retry = { name: 'Held 7', hangAfterWrite: true };
    await until(async () => (await post('k-stuck', retry)).status !== 409, 10_000, 'the key given back');
    expect(Date.now() - started).to.be.at.least(LOCK_TIMEOUT_MS - 100);
    expect(await tenantsNamed('Held 7')).to.have.length(1);
    const row = await keyRow('k-stuck');
    expect(row.status_code).to.equal(201);
    // The stuck request, once it goes on, answers 500: its write was not kept.
    release();
    expect((await stuck).status).to.equal(500);
    expect(await tenantsNamed('Held 7')).to.have.length(1);
    const replay = await post('k-stuck', retry);
    expect(replay).to.deep.include({ status: 201, replayed: 'true' });
  });

  it('replays the bytes of the first answer, whatever order its keys are in', async () => {
    const raw = async (key: string) => {
      const res = await fetch(`${base}/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name: 'Held 8', readBack: true }),
      });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const first = await raw('k-bytes');
    const again = await raw('k-bytes');
    expect(again.status).to.equal(first.status);
    expect(again.bytes.equals(first.bytes), `${again.bytes}\n${first.bytes}`).to.equal(true);
    // jsonb would have put "data" before "success": the kept text is the text sent.
    expect(first.bytes.toString()).to.match(/^\{"success":true,"data":/);
  });

  it('lets a key whose request failed with a 5xx before writing be used again', async () => {
    const unkept = await post('k-fail-early-2', { name: 'Held 2b', failBeforeWrite: true });
    expect(unkept.status).to.equal(500);
    expect(await keyRow('k-fail-early-2')).to.equal(undefined);
    const retry = await post('k-fail-early-2', { name: 'Held 2b' });
    expect(retry).to.deep.include({ status: 201, replayed: null });
  });

  it('runs a later read of the request in the held transaction, so it sees the write, then commits the answer with it', async () => {
    const r = await post('k-read', { name: 'Held 3', readBack: true });
    expect(r.status).to.equal(201);
    expect(r.body.data.readBack).to.equal('Held 3');
    const row = await keyRow('k-read');
    expect(row.status_code).to.equal(201);
    expect(JSON.parse(row.body).data.id).to.equal(r.body.data.id);
  });

  it("replays the first answer even when the retry's own run now fails (the work runs before the key is read)", async () => {
    const first = await post('k-once', { name: 'Held 6', once: true });
    expect(first.status).to.equal(201);
    const retry = await post('k-once', { name: 'Held 6', once: true });
    expect(retry).to.deep.include({ status: 201, replayed: 'true' });
    expect(retry.body).to.deep.equal(first.body);
    const fresh = await post('k-once-2', { name: 'Held 6', once: true });
    expect(fresh.status).to.equal(409);
  });

  it('adds the answers of parallel requests each to its own key', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(`k-parallel-${i}`, { name: `Parallel ${i}` })),
    );
    for (const [i, r] of answers.entries()) {
      expect(r.status).to.equal(201);
      const row = await keyRow(`k-parallel-${i}`);
      expect(row.status_code).to.equal(201);
      expect(JSON.parse(row.body)).to.deep.equal(r.body);
    }
  });

  it('answers 422 to the same key with other fields and rolls back what that request wrote', async () => {
    await post('k-other', { name: 'Held 4' });
    const other = await post('k-other', { name: 'Held 5' });
    expect(other.status).to.equal(422);
    expect(other.body.code).to.equal('IDEMPOTENCY_KEY_REUSED');
    expect(await tenantsNamed('Held 5')).to.have.length(0);
  });
});
