import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { TEST_DATABASE_URL } from '../support/database.js';
import { createIntegration, createTenantSetup } from '../support/mothers.js';
import { ADMIN_TOKEN, startTestService, type TestService } from '../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent } from '../support/webhook-receiver.js';

const SECRETS_KEY = randomBytes(32);

/** `node --import tsx src/infrastructure/main.ts worker` — the worker process itself, so a SIGKILL hits it. */
function spawnWorker(logLevel = 'silent'): ChildProcess & { ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', 'worker'], {
    env: {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL!,
      LOG_LEVEL: logLevel,
      SECRETS_KEY: SECRETS_KEY.toString('hex'),
      ADMIN_TOKEN,
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_SCHEDULE: '100ms,200ms,300ms,400ms,500ms',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('webhook worker started')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`worker exited early (code ${code})`)));
  });
  ready.catch(() => undefined);
  return Object.assign(child, { ready });
}

function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

describe('webhook workers in separate processes (PostgreSQL server)', function () {
  let svc: TestService;
  let receiver: WebhookReceiver;
  const workers: ChildProcess[] = [];

  before(async function () {
    if (!TEST_DATABASE_URL) {
      console.log(
        '      skipped: these tests run worker processes, which need a PostgreSQL server in TEST_DATABASE_URL ' +
          '(separate processes cannot share the embedded database)',
      );
      this.skip();
    }
    svc = await startTestService({ secretsKey: SECRETS_KEY });
  });
  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => kill(w)));
    await receiver?.stop();
  });
  after(async () => {
    await svc?.stop();
  });

  it('loses nothing when the worker is SIGKILLed with 1,000 deliveries under way (duplicates allowed)', async () => {
    const tenants = await Promise.all(['K1', 'K2', 'K3', 'K4'].map((n) => createTenantSetup(svc.baseUrl, n)));
    for (const t of tenants) await createIntegration(svc.baseUrl, t, { webhookUrl: receiver.url(`/t/${t.tenantId}`) });
    receiver.respond = () => ({ status: 200, delayMs: 5 });
    const events = tenants.flatMap((t) => Array.from({ length: 250 }, () => invoiceEvent(t.tenantId, t.branchId)));
    const distinct = () => new Set(receiver.received.map((r) => JSON.parse(r.body).payload.id as string)).size;

    const first = spawnWorker();
    workers.push(first);
    await emitEvents(svc.database.knex, events);
    await receiver.waitFor(() => receiver.received.length >= 300, 20_000, '300 deliveries before the kill');
    await kill(first);
    const atKill = distinct();
    expect(atKill, 'killed mid-way').to.be.lessThan(1000);

    const second = spawnWorker();
    workers.push(second);
    await receiver.waitFor(() => distinct() === 1000, 30_000, 'all 1,000 events after the restart');
    const duplicates = receiver.received.length - 1000;
    console.log(`      delivered 1000 distinct (${atKill} before the kill), ${duplicates} duplicate(s)`);

    // A repeated delivery keeps its id; the database agrees that everything is delivered.
    const idsByEvent = new Map<string, Set<string>>();
    for (const r of receiver.received) {
      const id = JSON.parse(r.body).payload.id as string;
      idsByEvent.set(id, (idsByEvent.get(id) ?? new Set()).add(r.headers['x-pos-delivery-id'] as string));
    }
    expect([...idsByEvent.values()].every((ids) => ids.size === 1)).to.equal(true);
    expect(new Set(events.map((e) => e.payload.id))).to.deep.equal(new Set(idsByEvent.keys()));
    await waitForRows(svc, `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'DELIVERED'`, 1000);
    const other = await svc.database.knex.raw(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'DELIVERED'`,
    );
    expect(other.rows[0].n).to.equal(0);
  });

  it('keeps at most 5 deliveries of a tenant in flight across three worker processes', async () => {
    const t = await createTenantSetup(svc.baseUrl, 'Busy');
    await createIntegration(svc.baseUrl, t, { webhookUrl: receiver.url('/busy') });
    receiver.respond = () => ({ status: 200, delayMs: 15 });
    const three = [spawnWorker('info'), spawnWorker('info'), spawnWorker('info')];
    workers.push(...three);
    await Promise.all(three.map((w) => w.ready));

    await emitEvents(
      svc.database.knex,
      Array.from({ length: 500 }, () => invoiceEvent(t.tenantId, t.branchId)),
    );
    await receiver.waitFor(() => receiver.received.length >= 500, 30_000, '500 deliveries');
    console.log(`      most requests at once at the receiver: ${receiver.maxConcurrent}`);
    expect(receiver.maxConcurrent).to.be.at.most(5);
    expect(receiver.maxConcurrent, 'the workers did run deliveries concurrently').to.be.at.least(2);
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).payload.id)).size).to.equal(500);
  });
});

async function waitForRows(svc: TestService, sql: string, expected: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await svc.database.knex.raw(sql);
    if (rows[0].n === expected) return;
    if (Date.now() > deadline) throw new Error(`expected ${expected} from "${sql}", got ${rows[0].n}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
