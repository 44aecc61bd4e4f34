import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { clientFor, createBillingTenant, createIntegration, type BillingTenant } from '../support/mothers.js';
import { resetData, TEST_DATABASE_URL, testDatabase } from '../support/database.js';
import { freePort, spawnProcess, until, type Spawned } from '../support/processes.js';
import { ADMIN_TOKEN } from '../support/service.js';

/** The lock timeout the processes run with: a retry after a crash must not wait for more. */
const LOCK_TIMEOUT_MS = 5_000;

/**
 * kill -9 of the API process in the middle of a keyed write: its work is done and its answer
 * built, neither committed (the `before-keyed-answer` fault-injection point). After a restart a
 * retry with the same key gets the outcome at once, never 409: the write was kept with its
 * answer or not at all, so the retry does it, once, and later retries replay that answer byte
 * for byte. On the PostgreSQL server of TEST_DATABASE_URL, else on the embedded database in a
 * temporary DATA_DIR.
 */
describe('e2e: Idempotency-Key across a kill -9 of the API process', function () {
  this.timeout(300_000);
  const engine = TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded database';
  const secretsKey = randomBytes(32).toString('hex');
  let dir: string | null = null;
  let port: number;
  let proc: Spawned | null = null;

  const baseUrl = () => `http://127.0.0.1:${port}`;

  /** Starts the service (the API alone on a server), with a fault-injection point when given. */
  const start = async (faultInjection?: string) => {
    const database: Record<string, string> = TEST_DATABASE_URL
      ? { DATABASE_URL: TEST_DATABASE_URL }
      : { DATABASE_URL: '', DATA_DIR: dir! };
    proc = spawnProcess(
      process.execPath,
      ['--import', 'tsx', 'src/infrastructure/main.ts', TEST_DATABASE_URL ? 'api' : 'all'],
      {
        ...database,
        MONGODB_URL: '',
        PORT: String(port),
        ADMIN_TOKEN,
        SECRETS_KEY: secretsKey,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '1000',
        IDEMPOTENCY_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
        FAULT_INJECTION: faultInjection ?? '',
      },
    );
    const started = proc;
    await until(
      async () => (await fetch(`${baseUrl()}/health`)).ok,
      120_000,
      `the service (${engine})\n${started.output()}`,
    );
  };

  before(async () => {
    if (TEST_DATABASE_URL) await resetData((await testDatabase()).knex);
    else dir = mkdtempSync(join(tmpdir(), 'ib-idempotency-crash-'));
    port = await freePort();
  });
  afterEach(async () => {
    if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
      proc.child.kill('SIGTERM');
      await proc.exited;
    }
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A keyed POST's status, replay header and exact body bytes. */
  const keyed = async (client: ExternalApiClient, path: string, body: object, key: string) => {
    const req = client.prepare('POST', path, body, { idempotencyKey: key });
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed'),
      bytes,
      body: JSON.parse(bytes.toString()),
    };
  };

  const routes: {
    what: string;
    path: string;
    body: (t: BillingTenant) => object;
    /** How many of what the route creates the tenant has. */
    count: (client: ExternalApiClient) => Promise<number>;
  }[] = [
    {
      what: 'an invoice (a write that is one statement)',
      path: '/billing/invoices',
      body: (t) => ({
        customerId: t.customerId,
        paymentMethod: 'CARD',
        items: [{ productId: t.productIds[0], quantity: 2, unitPrice: 3.5 }],
      }),
      count: async (client) => (await client.request<any>('GET', '/billing/invoices')).body.pagination.total,
    },
    {
      what: 'a customer (a write in a transaction)',
      path: '/billing/customers',
      body: () => ({ name: 'Crash-proof customer', email: 'crash@example.com' }),
      count: async (client) =>
        (await client.request<any>('GET', '/billing/customers')).body.data.filter(
          (c: { name: string }) => c.name === 'Crash-proof customer',
        ).length,
    },
  ];

  for (const route of routes) {
    it(`${route.what}: the retry after the restart creates it once and answers 201, within the lock timeout, not 409`, async function () {
      console.log(`      on the ${engine}`);
      await start('before-keyed-answer');
      const t = await createBillingTenant(baseUrl(), `Crash ${route.path}`);
      const client = clientFor(baseUrl(), await createIntegration(baseUrl(), t, { role: 'BILLING' }));
      const key = `crash-${route.path}`;

      let answered: unknown = null;
      await keyed(client, route.path, route.body(t), key).then(
        (r) => (answered = r),
        () => undefined,
      );
      expect(answered, 'the process answered instead of dying at the fault-injection point').to.equal(null);
      expect(await proc!.exited).to.equal('SIGKILL');

      await start();
      expect(await route.count(client)).to.equal(0);
      const started = Date.now();
      const retry = await keyed(client, route.path, route.body(t), key);
      expect(Date.now() - started).to.be.below(LOCK_TIMEOUT_MS);
      expect(retry.status, retry.bytes.toString()).to.equal(201);
      expect(retry.replayed).to.equal(null);
      expect(await route.count(client)).to.equal(1);

      const again = await keyed(client, route.path, route.body(t), key);
      expect(again).to.include({ status: 201, replayed: 'true' });
      expect(again.bytes.equals(retry.bytes)).to.equal(true);
      expect(await route.count(client)).to.equal(1);
    });
  }
});
