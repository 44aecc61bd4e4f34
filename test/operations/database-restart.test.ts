import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { clientFor, createBillingTenant, createIntegration, type BillingTenant } from '../support/mothers.js';
import { TEST_DATABASE_URL } from '../support/database.js';
import { PgCluster } from '../support/pg-cluster.js';
import { freePort, spawnProcess, until, type Spawned } from '../support/processes.js';
import { ADMIN_TOKEN, call } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** One process of the service (`main.ts all|api|worker`, without the build) on `databaseUrl`. */
async function startProcess(mode: 'all' | 'api' | 'worker', databaseUrl: string, secretsKey: string) {
  const port = await freePort();
  const proc = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', mode], {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    ADMIN_TOKEN,
    SECRETS_KEY: secretsKey,
    // The worker serves no HTTP: its start is read from its log.
    LOG_LEVEL: mode === 'worker' ? 'info' : 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_FAILURE_LIMIT_PER_MINUTE: '1000000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  if (mode !== 'worker') {
    await until(async () => (await fetch(`${baseUrl}/ready`)).ok, 90_000, `${mode} process ready\n${proc.output()}`);
  } else {
    await until(() => proc.output().includes('webhook worker started'), 90_000, `worker started\n${proc.output()}`);
  }
  return { baseUrl, proc };
}

interface Answer {
  startedAt: number;
  status: number;
  /** Why no answer came (status 0). */
  error?: string;
}

/**
 * An integration's steady work until `stop`: create an invoice, approve it in the back office,
 * again; every answer's status with the time its request was sent (a refused connection is 0).
 */
function billingLoad(baseUrl: string, t: BillingTenant, creds: Parameters<typeof clientFor>[1]) {
  const answers: Answer[] = [];
  let stopped = false;
  const client = clientFor(baseUrl, creds);
  const timed = async (send: () => Promise<{ status: number; body: any }>) => {
    const startedAt = Date.now();
    const r = await send().catch((err: Error) => ({ status: 0, body: String(err.cause ?? err) }));
    answers.push({ startedAt, status: r.status, ...(r.status === 0 ? { error: r.body as string } : {}) });
    return r;
  };
  const lane = async () => {
    while (!stopped) {
      const created = await timed(() =>
        client.request<any>('POST', '/billing/invoices', {
          customerId: t.customerId,
          paymentMethod: 'CARD',
          items: [{ productId: t.productIds[0], quantity: 1, unitPrice: 2.5 }],
        }),
      );
      if (created.status === 201) {
        await timed(() => call(baseUrl, 'POST', `/api/v1/admin/invoices/${created.body.data.id}/approve`));
      } else {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const lanes = [lane(), lane()];
  return {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(lanes);
    },
  };
}

/** Resolves with the time `/ready` first answers 200 again. */
async function readyAgain(baseUrl: string, timeoutMs: number, what: string): Promise<number> {
  await until(async () => (await fetch(`${baseUrl}/ready`)).status === 200, timeoutMs, what);
  return Date.now();
}

/**
 * Every event the outbox holds has gone out: fanned out, every delivery DELIVERED, and each
 * delivery's id seen by the receiver (a duplicate is allowed, a loss is not).
 */
async function everyEventDelivered(knex: Knex, receiver: WebhookReceiver): Promise<{ events: number; lost: string[] }> {
  const { rows: events } = await knex.raw<{ rows: { id: string; dispatched: boolean }[] }>(
    'SELECT id, dispatched_at IS NOT NULL AS dispatched FROM outbox_events',
  );
  const { rows: deliveries } = await knex.raw<{ rows: { id: string; event_id: string; status: string }[] }>(
    'SELECT id, event_id, status FROM webhook_deliveries WHERE event_id IS NOT NULL',
  );
  const seen = new Set(receiver.received.map((r) => r.headers['webhook-id']));
  const delivered = new Set(
    deliveries.filter((d) => d.status === 'DELIVERED' && seen.has(d.id)).map((d) => d.event_id),
  );
  return { events: events.length, lost: events.filter((e) => !e.dispatched || !delivered.has(e.id)).map((e) => e.id) };
}

describe('operations: the service rides out a PostgreSQL restart (all-in-one, and API and worker apart)', function () {
  this.timeout(240_000);
  let cluster: PgCluster | null = null;
  const procs: Spawned[] = [];
  const receiver = new WebhookReceiver();
  const knexes: Knex[] = [];

  before(async function () {
    if (!TEST_DATABASE_URL) {
      // Its own cluster, not the test database: it runs once per CI run, in the server run.
      console.log('      skipped: runs with the PostgreSQL-server suite (TEST_DATABASE_URL), on a cluster of its own');
      this.skip();
    }
    const why = PgCluster.unavailable();
    if (why) throw new Error(`a PostgreSQL cluster of the test's own cannot be made: ${why}`);
    cluster = await PgCluster.create();
    await receiver.start();
  });

  after(async () => {
    for (const p of procs) {
      if (p.child.exitCode === null) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
    }
    for (const k of knexes) await k.destroy();
    await receiver.stop();
    await cluster?.destroy();
  });

  it('keeps every process running, is ready again within 10 s of the database, answers no 5xx after and loses no event', async () => {
    const c = cluster!;
    await c.createDatabase('restart_all');
    await c.createDatabase('restart_split');
    const key = randomBytes(32).toString('hex');
    const all = await startProcess('all', c.url('restart_all'), key);
    const api = await startProcess('api', c.url('restart_split'), key);
    const worker = await startProcess('worker', c.url('restart_split'), key);
    procs.push(all.proc, api.proc, worker.proc);

    const setups = await Promise.all(
      [
        { baseUrl: all.baseUrl, path: '/all', db: 'restart_all', proc: all.proc },
        { baseUrl: api.baseUrl, path: '/split', db: 'restart_split', proc: api.proc },
      ].map(async (s) => {
        const t = await createBillingTenant(s.baseUrl, `Restart ${s.path}`);
        const creds = await createIntegration(s.baseUrl, t, { role: 'BILLING', webhookUrl: receiver.url(s.path) });
        const knex = knexFactory({ client: 'pg', connection: c.url(s.db), pool: { min: 0, max: 2 } });
        knexes.push(knex);
        return { ...s, load: billingLoad(s.baseUrl, t, creds), knex };
      }),
    );
    await until(() => receiver.on('/all').length > 5 && receiver.on('/split').length > 5, 30_000, 'deliveries before');

    const restartedAt = Date.now();
    await c.restart();
    const databaseBackAt = Date.now();
    const readyAt = await Promise.all(
      setups.map((s) =>
        readyAgain(s.baseUrl, 10_000, `${s.path} ready within 10 s of the database\n${s.proc.output().slice(-3000)}`),
      ),
    );
    const recoveredAt = Math.max(...readyAt);
    expect(recoveredAt - databaseBackAt).to.be.at.most(10_000);

    // Work goes on after the restart: the events written now must arrive too.
    const sentBefore = receiver.received.length;
    await until(() => receiver.received.length > sentBefore + 20, 30_000, 'deliveries after the restart');
    await new Promise((r) => setTimeout(r, 2_000));
    for (const s of setups) await s.load.stop();

    for (const p of procs) expect(p.child.exitCode, `a process exited:\n${p.output()}`).to.equal(null);
    for (const s of setups) {
      const after = s.load.answers.filter((a) => a.startedAt >= recoveredAt);
      const before = s.load.answers.filter((a) => a.startedAt < restartedAt);
      expect(before.length, `${s.path}: requests before the restart`).to.be.greaterThan(0);
      expect(after.length, `${s.path}: requests after recovery`).to.be.greaterThan(10);
      // While the database is away the answer is 503 with Retry-After, never a 500.
      const statuses = [...new Set(s.load.answers.map((a) => a.status))];
      const odd = s.load.answers.filter((a) => ![200, 201, 503].includes(a.status));
      expect(odd, `${s.path}: statuses ${statuses.join(', ')}`).to.deep.equal([]);
      const failed = after.filter((a) => a.status >= 500 || a.status === 0);
      expect(failed, `${s.path}: answers after recovery`).to.deep.equal([]);
      expect(after.every((a) => a.status === 201 || a.status === 200)).to.equal(true);
    }

    for (const s of setups) {
      let last = { events: 0, lost: [] as string[] };
      await until(
        async () => {
          last = await everyEventDelivered(s.knex, receiver);
          return last.events > 0 && last.lost.length === 0;
        },
        60_000,
        `${s.path}: every event delivered`,
      ).catch((err: Error) => {
        throw new Error(`${err.message}: ${last.lost.length} of ${last.events} not delivered\n${c.log().slice(-2000)}`);
      });
      expect(last.lost).to.deep.equal([]);
    }
    for (const p of procs) expect(p.child.exitCode, `a process exited:\n${p.output()}`).to.equal(null);
  });
});
