/**
 * Webhook delivery benchmark (not a test): deliveries per second from one worker process to a
 * local receiver, and the latency from an event's outbox commit to its arrival (p50, p99).
 *
 *   npx tsx bench/webhooks.ts [--quick]
 *
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the embedded database (in
 * memory, served to the worker over its socket). A server database must be a THROWAWAY one: its
 * public schema is dropped and rebuilt. The tenants and their webhook integrations are made
 * through the admin API of an API served in this process (mode 'api'); the deliveries are made
 * by one separate worker process, started as `npm run start:worker` starts it (the compiled
 * build, built first when the sources changed), whose peak RSS (VmHWM) is reported. The
 * receiver runs in a worker thread, so it does not share this process's event loop.
 *
 * Phases:
 *   1. throughput — a backlog of events over the first 20 tenants, then one over all 50,
 *      written in transactions of 500, each delivered as fast as the worker can (5 in flight
 *      per tenant);
 *   2. latency — events committed one per transaction at a steady 100 a second over 20
 *      tenants, each timed from its commit to its arrival.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { KnexOutbox } from '../src/adapters/persistence/outbox-repository.js';
import type { DomainEvent } from '../src/domain/shared/events.js';
import { loadConfig } from '../src/infrastructure/config.js';
import { openDatabase } from '../src/infrastructure/database.js';
import { createLogger } from '../src/infrastructure/logger.js';
import { migrateLatest } from '../src/infrastructure/migrator.js';
import { startService } from '../src/infrastructure/service.js';
import { cpuProfile, freePort, startChild, startFlags, type Child } from './lib.js';

const quick = process.argv.includes('--quick');
/** The throughput phases' tenant counts; the latency phase uses the first. */
const TENANT_COUNTS = [20, 50] as const;
const BACKLOG = quick ? 3_000 : 20_000;
const RATE = 100; // events per second in the latency phase
const LATENCY_SECONDS = quick ? 4 : 10;
const ADMIN_TOKEN = 'bench-admin-token-0123456789';

const RECEIVER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const arrivals = new Map();
let total = 0;
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    total += 1;
    const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).payload.id;
    if (!arrivals.has(id)) arrivals.set(id, at);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});
server.keepAliveTimeout = 10000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'report') parentPort.postMessage({ arrivals: [...arrivals], total });
  if (m === 'reset') { arrivals.clear(); total = 0; }
});
`;

class Receiver {
  private readonly worker = new Worker(RECEIVER, { eval: true });
  port = 0;
  async start() {
    this.port = await new Promise<number>((resolve) =>
      this.worker.once('message', (m: { port: number }) => resolve(m.port)),
    );
    return this;
  }
  report(): Promise<{ arrivals: Map<string, number>; total: number }> {
    return new Promise((resolve) => {
      this.worker.once('message', (m: { arrivals: [string, number][]; total: number }) =>
        resolve({ arrivals: new Map(m.arrivals), total: m.total }),
      );
      this.worker.postMessage('report');
    });
  }
  reset() {
    this.worker.postMessage('reset');
  }
  stop() {
    return this.worker.terminate();
  }
}

async function admin<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1/admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

function event(tenantId: string, branchId: string, n: number): DomainEvent {
  return {
    name: 'billing.invoice.created',
    tenantId,
    occurredAt: new Date(),
    payload: {
      id: crypto.randomUUID(),
      code: `INV-2026-${String(n).padStart(6, '0')}`,
      branchId,
      resource: 'INVOICE',
      action: 'CREATE',
    },
  };
}

/**
 * CPU time used so far: the whole machine's busy time (`/proc/stat`: every process, PostgreSQL
 * included; user, nice, system, irq, softirq) and this process's (service, worker, receiver).
 * Per delivery, it changes far less than the rate when the machine is shared and noisy.
 */
function cpuNow(): { machineMs: number; processMs: number } {
  const jiffies = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = jiffies;
  const own = process.cpuUsage();
  return { machineMs: (user + nice + system + irq + softirq) * 10, processMs: (own.user + own.system) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function waitFor(receiver: Receiver, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await receiver.report();
    if (r.arrivals.size >= count) return r;
    if (Date.now() > deadline) throw new Error(`only ${r.arrivals.size} of ${count} delivered in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Tenant {
  tenantId: string;
  branchId: string;
}

/** `count` tenants, each with a branch, a fiscal year and one webhook integration to the receiver. */
async function makeTenants(base: string, receiverPort: number, count: number): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  for (let i = 0; i < count; i++) {
    const tenant = await admin<{ id: string }>(base, '/tenants', { name: `Bench ${i}` });
    const branch = await admin<{ id: string }>(base, `/tenants/${tenant.id}/branches`, { name: 'HQ', code: 'HQ' });
    const year = await admin<{ id: string }>(base, `/tenants/${tenant.id}/fiscal-years`, {
      code: '2026',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
    });
    await admin(base, '/integrations', {
      tenantId: tenant.id,
      branchId: branch.id,
      fiscalYearId: year.id,
      role: 'ADMIN',
      clientName: `Bench shop ${i}`,
      webhookUrl: `http://127.0.0.1:${receiverPort}/hook`,
    });
    tenants.push({ tenantId: tenant.id, branchId: branch.id });
  }
  return tenants;
}

/** The worker as `npm run start:worker` runs it (the build brought up to date first), its probes on a port of its own. */
async function startWorker(databaseUrl: string, secretsKeyHex: string): Promise<Child> {
  execFileSync('node', ['scripts/prestart.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const port = await freePort();
  return startChild(
    'node',
    [
      ...startFlags('start:worker'),
      // BENCH_CPU_PROF=<dir>: the worker's V8 CPU profile in <dir>/worker.
      ...cpuProfile('worker'),
      // BENCH_WORKER_NODE_FLAGS="--flag ...": extra Node flags for the worker (A/B runs of runtime settings).
      ...(process.env.BENCH_WORKER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      'dist/src/infrastructure/main.js',
      'worker',
    ],
    {
      DATABASE_URL: databaseUrl,
      ADMIN_TOKEN,
      SECRETS_KEY: secretsKeyHex,
      WORKER_PORT: String(port),
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    `http://127.0.0.1:${port}/health`,
  );
}

/** A backlog of BACKLOG events over `tenants`, delivered as fast as the worker can: deliveries/s and CPU per delivery. */
async function throughput(emit: (events: DomainEvent[]) => Promise<void>, receiver: Receiver, tenants: Tenant[]) {
  receiver.reset();
  const cpuBefore = cpuNow();
  const started = performance.timeOrigin + performance.now();
  for (let written = 0; written < BACKLOG; written += 500) {
    const batch = Array.from({ length: Math.min(500, BACKLOG - written) }, (_, k) => {
      const t = tenants[(written + k) % tenants.length]!;
      return event(t.tenantId, t.branchId, written + k);
    });
    await emit(batch);
  }
  const written = performance.timeOrigin + performance.now();
  const backlog = await waitFor(receiver, BACKLOG, 300_000);
  const cpuAfter = cpuNow();
  const seconds = (Math.max(...backlog.arrivals.values()) - started) / 1000;
  const perSecond = Math.round(BACKLOG / seconds);
  const cpuMs = (cpuAfter.machineMs - cpuBefore.machineMs) / BACKLOG;
  console.log(
    `throughput, ${tenants.length} tenants: ${BACKLOG} deliveries in ${seconds.toFixed(2)} s = ${perSecond} deliveries/s ` +
      `(events written in ${((written - started) / 1000).toFixed(2)} s; ${backlog.total - BACKLOG} duplicates); ` +
      `CPU per delivery ${cpuMs.toFixed(3)} ms on the machine`,
  );
  return { perSecond, cpuMs };
}

/** Events committed one per transaction at RATE a second over `tenants`: commit-to-arrival p50 and p99. */
async function latency(emit: (events: DomainEvent[]) => Promise<void>, receiver: Receiver, tenants: Tenant[]) {
  receiver.reset();
  const commits = new Map<string, number>();
  const total = RATE * LATENCY_SECONDS;
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const wait = t0 + (n * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const t = tenants[n % tenants.length]!;
    const e = event(t.tenantId, t.branchId, n);
    inFlight.push(
      emit([e]).then(() => void commits.set(e.payload.id as string, performance.timeOrigin + performance.now())),
    );
  }
  await Promise.all(inFlight);
  const steady = await waitFor(receiver, total, 60_000);
  const latencies = [...commits].map(([id, at]) => steady.arrivals.get(id)! - at).sort((a, b) => a - b);
  const [p50, p99] = [percentile(latencies, 50), percentile(latencies, 99)];
  console.log(
    `latency (commit → arrival, ${total} events at ${RATE}/s over ${tenants.length} tenants, one per transaction): ` +
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies[latencies.length - 1]!.toFixed(1)} ms`,
  );
  return { p50, p99 };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || null;
  const database = await openDatabase({ url, dataDir: null, poolMax: 20 });
  if (database.kind === 'server') {
    await database.knex.raw('DROP SCHEMA IF EXISTS public CASCADE');
    await database.knex.raw('CREATE SCHEMA public');
  }
  await migrateLatest(database.knex);
  const conn = database.connection as { host?: string; port?: number };
  const databaseUrl = url ?? `postgres://postgres@${conn.host}:${conn.port}/postgres`;
  const secretsKeyHex = randomBytes(32).toString('hex');
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    ADMIN_TOKEN,
    SECRETS_KEY: secretsKeyHex,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  const receiver = await new Receiver().start();
  const api = await startService(config, createLogger('warn'), 'api', database);
  const base = `http://127.0.0.1:${api.port}`;
  console.log(
    `database: ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ''}; ` +
      `${Math.max(...TENANT_COUNTS)} tenants, one webhook integration each; one worker process; node ${process.version}`,
  );
  const tenants = await makeTenants(base, receiver.port, Math.max(...TENANT_COUNTS));
  const worker = await startWorker(databaseUrl, secretsKeyHex);
  try {
    // One statement, as an aggregate's own write carries its events to the outbox (withEvents).
    const outbox = new KnexOutbox(database.knex);
    const emit = (events: DomainEvent[]) => outbox.add(events);
    // Warm-up (JIT, connections).
    await emit(tenants.map((t, i) => event(t.tenantId, t.branchId, i)));
    await waitFor(receiver, tenants.length, 30_000);
    const byTenants: Record<string, { perSecond: number; cpuMs: number }> = {};
    for (const n of TENANT_COUNTS) byTenants[n] = await throughput(emit, receiver, tenants.slice(0, n));
    const steady = await latency(emit, receiver, tenants.slice(0, TENANT_COUNTS[0]));
    const workerPeakRssMb = worker.peakRssMb();
    console.log(`worker peak RSS (VmHWM): ${workerPeakRssMb.toFixed(1)} MB`);
    // One machine-readable line for the harness (`npm run bench`).
    const perSecond = Object.fromEntries(Object.entries(byTenants).map(([n, r]) => [n, r.perSecond]));
    const cpuMsPerDelivery = Object.fromEntries(Object.entries(byTenants).map(([n, r]) => [n, r.cpuMs]));
    console.log(`RESULT ${JSON.stringify({ perSecond, cpuMsPerDelivery, ...steady, rate: RATE, workerPeakRssMb })}`);
  } finally {
    await worker.stop();
    await api.stop();
    await receiver.stop();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
