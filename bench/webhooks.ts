/**
 * Webhook delivery benchmark (not a test): deliveries per second to a local receiver, and the
 * latency from an event's outbox commit to its arrival at the receiver (p50, p99).
 *
 *   npx tsx bench/webhooks.ts [--quick]
 *
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the embedded database (in
 * memory). A server database must be a THROWAWAY one: its public schema is dropped and rebuilt.
 * The service runs as `npm start` does (API + worker in one process, mode 'all'); the receiver
 * runs in a worker thread so it does not share the dispatcher's event loop.
 *
 * Phases:
 *   1. throughput — a backlog of events across many tenants, written in transactions of 500,
 *      delivered as fast as the worker can (5 in flight per tenant);
 *   2. latency — events committed one per transaction at a steady rate, each timed from its
 *      commit to its arrival.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { KnexOutbox } from '../src/adapters/persistence/outbox-repository.js';
import type { DomainEvent } from '../src/domain/shared/events.js';
import { loadConfig, type Config } from '../src/infrastructure/config.js';
import { openDatabase } from '../src/infrastructure/database.js';
import { createLogger } from '../src/infrastructure/logger.js';
import { migrateLatest } from '../src/infrastructure/migrator.js';
import { startService } from '../src/infrastructure/service.js';

const quick = process.argv.includes('--quick');
const TENANTS = quick ? 20 : 50;
const BACKLOG = quick ? 5_000 : 20_000;
const RATE = quick ? 200 : 300; // events per second in the latency phase
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

async function main() {
  const url = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || null;
  const database = await openDatabase({ url, dataDir: null, poolMax: 20 });
  if (database.kind === 'server') {
    await database.knex.raw('DROP SCHEMA IF EXISTS public CASCADE');
    await database.knex.raw('CREATE SCHEMA public');
  }
  await migrateLatest(database.knex);
  const config: Config = {
    ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }),
    adminToken: ADMIN_TOKEN,
    secretsKey: randomBytes(32),
    webhookAllowHttp: true,
    webhookAllowPrivate: true,
  };
  const receiver = await new Receiver().start();
  const service = await startService(config, createLogger('warn'), 'all', database);
  const base = `http://127.0.0.1:${service.port}`;
  // One statement, as an aggregate's own write carries its events to the outbox (withEvents).
  const outbox = new KnexOutbox(database.knex);
  const emit = (events: DomainEvent[]) => outbox.add(events);
  console.log(
    `database: ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ''}; ${TENANTS} tenants, ` +
      `one webhook integration each; node ${process.version}`,
  );

  const tenants: { tenantId: string; branchId: string }[] = [];
  for (let i = 0; i < TENANTS; i++) {
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
      webhookUrl: `http://127.0.0.1:${receiver.port}/hook`,
    });
    tenants.push({ tenantId: tenant.id, branchId: branch.id });
  }

  // Warm-up (JIT, connections).
  await emit(tenants.map((t, i) => event(t.tenantId, t.branchId, i)));
  await waitFor(receiver, tenants.length, 30_000);
  receiver.reset();

  // 1. Throughput.
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
  const last = Math.max(...backlog.arrivals.values());
  const seconds = (last - started) / 1000;
  const cpu = {
    machine: (cpuAfter.machineMs - cpuBefore.machineMs) / BACKLOG,
    process: (cpuAfter.processMs - cpuBefore.processMs) / BACKLOG,
  };
  console.log(
    `throughput: ${BACKLOG} deliveries in ${seconds.toFixed(2)} s = ${Math.round(BACKLOG / seconds)} deliveries/s ` +
      `(events written in ${((written - started) / 1000).toFixed(2)} s; ${backlog.total - BACKLOG} duplicates); ` +
      `CPU per delivery ${cpu.machine.toFixed(3)} ms on the machine, ${cpu.process.toFixed(3)} ms of it in this process`,
  );
  receiver.reset();

  // 2. Latency at a steady rate, one event per transaction.
  const commits = new Map<string, number>();
  const total = RATE * LATENCY_SECONDS;
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = t0 + (n * 1000) / RATE;
    const wait = due - performance.now();
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
  console.log(
    `latency (commit → arrival, ${total} events at ${RATE}/s, one per transaction): ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
      `max ${latencies[latencies.length - 1]!.toFixed(1)} ms`,
  );

  // One machine-readable line for the harness (`npm run bench`).
  console.log(
    `RESULT ${JSON.stringify({
      deliveriesPerSecond: Math.round(BACKLOG / seconds),
      cpuMsPerDelivery: cpu.machine,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    })}`,
  );

  await service.stop();
  await receiver.stop();
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
