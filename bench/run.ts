/**
 * `npm run bench [-- --quick]`: the service against a hand-written express + pg baseline on the
 * same database, in alternating rounds, every service request freshly signed. Prints one table
 * with ratios and whether each target is met. A real PostgreSQL when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set — it must be a throwaway database: the benchmark empties it — else
 * the embedded one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import type { Knex } from 'knex';
import { newNonce, signBody } from '@inventory-billing/sdk';
import { openDatabase } from '../src/infrastructure/database.js';
import { migrateLatest } from '../src/infrastructure/migrator.js';
import {
  cpuSeconds,
  freePort,
  growProducts,
  load,
  median,
  pidsNamed,
  startChild,
  type Child,
  type LoadResult,
} from './lib.js';
import { measurePgLimits, type LimitResult } from './pg-limit.js';

const quick = process.argv.includes('--quick');
/** `--only=<text>`: just the load scenarios whose name contains it, without the scale and webhook steps (for experiments). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
/** `BENCH_IDEMPOTENCY=off`: POSTs without an Idempotency-Key, to compare with runs made before the gateway. */
const IDEMPOTENCY_KEYS = process.env.BENCH_IDEMPOTENCY !== 'off';
const ROUNDS = quick ? 1 : 3;
const DURATION = quick ? 2 : 8;
const CONNECTIONS = 10;
const SCALE_PRODUCTS = quick ? 100_000 : 1_000_000;

/** A load run and the CPU it cost per request: the server process's and PostgreSQL's (all its processes). */
interface Measured extends LoadResult {
  cpu?: { serverMs: number; pgMs: number };
}

interface Row {
  scenario: string;
  base?: Measured;
  svc: Measured;
  /** PostgreSQL's own limit for the scenario's statements (bench/pg-limit.ts). */
  limit?: LimitResult;
}

/** The performance targets per scenario: throughput ratio to the baseline and p99 as a multiple of its. */
const TARGETS: Record<string, { ratio: number; p99x?: number }> = {
  'GET /products?page=1&limit=10': { ratio: 1.0, p99x: 1.5 },
  'GET /products?search=sku-1234': { ratio: 2.0 },
  'POST /billing/invoices (3 items)': { ratio: 0.9, p99x: 1.5 },
};
/** Scenarios without a target of their own keep v1's bar. */
const DEFAULT_TARGET = { ratio: 0.6, p99x: 1.5 };
const SCALE_TARGET = 1.5;
const RSS_TARGET_MB = 160;
const WEBHOOK_TARGET = { perSecond: 2000, p50Ms: 50 };

async function main(): Promise<void> {
  const started = Date.now();
  const db = await openDatabase({ url: serverUrl, dataDir: null, poolMax: 4 });
  const conn = db.connection as { host?: string; port?: number; connectionString?: string };
  const databaseUrl = serverUrl ?? `postgres://postgres@${conn.host}:${conn.port}/postgres`;
  console.log(
    `database: ${db.kind === 'server' ? `PostgreSQL server (${new URL(databaseUrl).pathname.slice(1)})` : 'embedded PGlite'}; ${quick ? 'quick' : 'full'} run${IDEMPOTENCY_KEYS ? '' : ', POSTs without Idempotency-Key'}`,
  );

  await db.knex.raw('DROP SCHEMA IF EXISTS public CASCADE');
  await db.knex.raw('CREATE SCHEMA public');
  await migrateLatest(db.knex);
  const ids = await seed(db.knex, 10_000);

  // The same build as `npm start`'s: the compiled code and the /docs page's assets.
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  const adminToken = randomBytes(24).toString('base64url');
  const servicePort = await freePort();
  const baselinePort = await freePort();
  const service = await startChild(
    'node',
    // The same command line as `npm run start:api`.
    [
      '--max-old-space-size=128',
      // BENCH_CPU_PROF=<dir>: write the service's V8 CPU profile there (open it in Chrome's DevTools).
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      'dist/src/infrastructure/main.js',
      'api',
    ],
    {
      // On the embedded database, this process's PGlite over its socket: the service recognises
      // PGlite there and prepares no statement on its one shared session.
      DATABASE_URL: databaseUrl,
      PORT: String(servicePort),
      ADMIN_TOKEN: adminToken,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      // The gateway switched on: the integration rate limit, set high (counted in the
      // nonce claim), failed-auth limiting and metering (always on); every POST carries an
      // Idempotency-Key (below) unless BENCH_IDEMPOTENCY=off.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    `http://127.0.0.1:${servicePort}/health`,
  );
  const creds = await createIntegration(`http://127.0.0.1:${servicePort}`, adminToken, ids).catch(async (err) => {
    await service.stop();
    throw err;
  });
  const baseline = await startChild(
    'node',
    ['--import', 'tsx', 'bench/baseline.ts'],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(baselinePort),
      TENANT_ID: ids.tenantId,
      BRANCH_ID: ids.branchId,
      FISCAL_YEAR_ID: ids.fiscalYearId,
      FISCAL_YEAR_CODE: ids.fiscalYearCode,
      INTEGRATION_ID: creds.id,
    },
    `http://127.0.0.1:${baselinePort}/api/v1/external/products?limit=1`,
  );
  const rows: Row[] = [];
  try {
    const signedGet = () => ({
      headers: { 'x-client-id': creds.clientId, 'x-nonce': newNonce(), 'x-timestamp': String(Date.now()) },
    });
    const invoiceBody = () => ({
      customerId: ids.customerIds[Math.floor(Math.random() * ids.customerIds.length)]!,
      paymentMethod: 'CASH',
      items: [0, 1, 2].map((k) => ({ productId: ids.productIds[k]!, quantity: k + 1, unitPrice: 19.99 })),
    });
    const reserveBody = () => ({
      warehouseId: ids.warehouseId,
      items: [{ productId: ids.productIds[0]!, quantity: 1 }],
    });
    // Payments of 0.01 on one of the open invoices (each with an amount due far above a run's total).
    const paymentBody = () => ({ amount: 0.01, method: 'CARD', reference: 'bench' });
    const paymentPath = () =>
      `/api/v1/external/billing/invoices/${ids.openInvoiceIds[Math.floor(Math.random() * ids.openInvoiceIds.length)]!}/payments`;
    /** A POST scenario's body and, when each request picks its own target, its path. */
    interface Post {
      body: () => object;
      path?: () => string;
    }
    const signedPost = (post: Post) => () => {
      const nonce = newNonce();
      const timestamp = Date.now();
      return {
        ...(post.path ? { path: post.path() } : {}),
        headers: {
          'content-type': 'application/json',
          'x-client-id': creds.clientId,
          'x-nonce': nonce,
          'x-timestamp': String(timestamp),
          ...(IDEMPOTENCY_KEYS ? { 'idempotency-key': randomBytes(16).toString('hex') } : {}),
        },
        body: JSON.stringify(signBody(post.body(), creds.clientSecret, nonce, timestamp)),
      };
    };
    const plainPost = (post: Post) => () => ({
      ...(post.path ? { path: post.path() } : {}),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(post.body()),
    });
    const scenarios: { name: string; path: string; post?: Post }[] = [
      { name: 'GET /products?page=1&limit=10', path: '/api/v1/external/products?page=1&limit=10' },
      { name: 'GET /products?search=sku-1234', path: '/api/v1/external/products?search=sku-1234' },
      {
        name: 'POST /billing/invoices (3 items)',
        path: '/api/v1/external/billing/invoices',
        post: { body: invoiceBody },
      },
      // Every reservation holds 1 of a stock of 10^9, so none is refused for want of stock.
      {
        name: 'POST /products/reserve (1 item)',
        path: '/api/v1/external/products/reserve',
        post: { body: reserveBody },
      },
      {
        name: 'POST /billing/invoices/:id/payments',
        path: paymentPath(),
        post: { body: paymentBody, path: paymentPath },
      },
    ];
    for (const s of scenarios.filter((s) => only === undefined || s.name.includes(only))) {
      const base: Measured[] = [];
      const svc: Measured[] = [];
      const method = s.post ? ('POST' as const) : undefined;
      const common = { path: s.path, method, connections: CONNECTIONS, duration: DURATION };
      for (let r = 0; r < ROUNDS; r++) {
        const baselineRun = { ...common, url: `http://127.0.0.1:${baselinePort}` };
        base.push(
          await measured(baseline, () => load(s.post ? { ...baselineRun, prepare: plainPost(s.post) } : baselineRun)),
        );
        const serviceRun = { ...common, url: `http://127.0.0.1:${servicePort}` };
        svc.push(
          await measured(service, () => load({ ...serviceRun, prepare: s.post ? signedPost(s.post) : signedGet })),
        );
      }
      rows.push({ scenario: s.name, base: medianOf(base), svc: medianOf(svc) });
    }
    if (only !== undefined) {
      report(rows);
      failIfNot2xx(rows);
      return;
    }

    // Scale: list and search p50 at 10,000 and at SCALE_PRODUCTS products (service only, 1 connection).
    const scalePaths = {
      list: '/api/v1/external/products?page=1&limit=10',
      search: '/api/v1/external/products?search=sku-1234',
    };
    // ROUNDS runs of each at one connection, list and search interleaved, medians: one noisy
    // stretch of this shared machine should not decide the ratio (CPU per request shows the work).
    const atThisSize = async () => {
      const runs = { list: [] as Measured[], search: [] as Measured[] };
      for (let r = 0; r < ROUNDS; r++) {
        for (const which of ['list', 'search'] as const) {
          const run = { path: scalePaths[which], connections: 1, duration: DURATION, prepare: signedGet };
          runs[which].push(await measured(service, () => load({ url: `http://127.0.0.1:${servicePort}`, ...run })));
        }
      }
      return { list: medianOf(runs.list), search: medianOf(runs.search) };
    };
    const small = await atThisSize();

    // PostgreSQL's own limit for the list, search and invoice statements, at 10,000 products.
    const limits = await measurePgLimits(
      databaseUrl,
      { ...ids, integrationId: creds.id },
      { list: scenarios[0]!.name, search: scenarios[1]!.name, invoice: scenarios[2]!.name },
      CONNECTIONS,
      DURATION,
      IDEMPOTENCY_KEYS,
    );
    for (const r of rows) r.limit = limits.get(r.scenario);

    await growProducts(db.knex, ids.tenantId, 10_000, SCALE_PRODUCTS);
    const large = await atThisSize();
    const k = `${SCALE_PRODUCTS / 1000}k`;
    rows.push({ scenario: 'list p50 @ 10k products (1 conn)', svc: small.list });
    rows.push({ scenario: `list p50 @ ${k} products (1 conn)`, svc: large.list });
    rows.push({ scenario: 'search p50 @ 10k products (1 conn)', svc: small.search });
    rows.push({ scenario: `search p50 @ ${k} products (1 conn)`, svc: large.search });

    const peak = service.peakRssMb();
    report(rows, { peakRssMb: peak, small, large });
    failIfNot2xx(rows);
  } finally {
    await service.stop();
    await baseline.stop();
    await db.close();
  }
  webhookScenario();
  console.log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Webhooks: deliveries per second to a local receiver and commit-to-delivery latency, measured
 * by bench/webhooks.ts on the same database (it rebuilds the schema, so it runs last).
 */
function webhookScenario(): void {
  const out = execFileSync('node', ['--import', 'tsx', 'bench/webhooks.ts', ...(quick ? ['--quick'] : [])], {
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`bench/webhooks.ts printed no result:\n${out}`);
  const r = JSON.parse(line.slice('RESULT '.length)) as { deliveriesPerSecond: number; p50: number; p99: number };
  for (const l of out.split('\n').filter((l) => l && !l.startsWith('RESULT '))) console.log(`  ${l}`);
  console.log(
    `webhooks: ${r.deliveriesPerSecond} deliveries/s (target ≥ ${WEBHOOK_TARGET.perSecond}: ` +
      `${r.deliveriesPerSecond >= WEBHOOK_TARGET.perSecond ? 'MET' : 'MISSED'}); commit→delivery p50 ${r.p50.toFixed(1)} ms ` +
      `(target ≤ ${WEBHOOK_TARGET.p50Ms}: ${r.p50 <= WEBHOOK_TARGET.p50Ms ? 'MET' : 'MISSED'}), p99 ${r.p99.toFixed(1)} ms`,
  );
}

/** A request answered other than 2xx means the harness or a server is broken: the run fails. */
function failIfNot2xx(rows: Row[]): void {
  const failures = rows.reduce(
    (n, r) => n + r.svc.non2xx + r.svc.errors + (r.base ? r.base.non2xx + r.base.errors : 0),
    0,
  );
  if (failures > 0) {
    console.error(`${failures} requests were not answered 2xx: the harness or a server is broken`);
    process.exitCode = 1;
  }
}

/** Runs a load against `server`, and adds the CPU its process and PostgreSQL spent per request. */
async function measured(server: Child, run: () => Promise<LoadResult>): Promise<Measured> {
  const pg = pidsNamed('postgres');
  const pid = [server.process.pid!];
  const before = { server: cpuSeconds(pid), pg: cpuSeconds(pg) };
  const result = await run();
  const requests = result.rps * DURATION;
  const perRequestMs = (seconds: number) => (seconds * 1000) / Math.max(requests, 1);
  return {
    ...result,
    cpu: {
      serverMs: perRequestMs(cpuSeconds(pid) - before.server),
      pgMs: perRequestMs(cpuSeconds(pg) - before.pg),
    },
  };
}

function medianOf(results: Measured[]): Measured {
  const cpu = results.flatMap((r) => (r.cpu ? [r.cpu] : []));
  return {
    ...(cpu.length
      ? { cpu: { serverMs: median(cpu.map((c) => c.serverMs)), pgMs: median(cpu.map((c) => c.pgMs)) } }
      : {}),
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    non2xx: results.reduce((a, r) => a + r.non2xx, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
  };
}

async function seed(knex: Knex, products: number) {
  const now = new Date();
  const tenantId = randomUUID();
  const branchId = randomUUID();
  const fiscalYearId = randomUUID();
  const warehouseId = randomUUID();
  const year = now.getUTCFullYear();
  await knex('tenants').insert({ id: tenantId, name: 'Bench', created_at: now });
  await knex('branches').insert({ tenant_id: tenantId, id: branchId, name: 'HQ', code: 'HQ', created_at: now });
  await knex('fiscal_years').insert({
    tenant_id: tenantId,
    id: fiscalYearId,
    code: String(year),
    starts_on: `${year}-01-01`,
    ends_on: `${year}-12-31`,
    created_at: now,
  });
  await knex('warehouses').insert({
    tenant_id: tenantId,
    id: warehouseId,
    branch_id: branchId,
    name: 'Main',
    created_at: now,
  });
  await growProducts(knex, tenantId, 0, products);
  const customerIds = Array.from({ length: 20 }, () => randomUUID());
  await knex('customers').insert(
    customerIds.map((id, i) => ({ tenant_id: tenantId, id, name: `Customer ${i}`, created_at: now })),
  );
  const productIds = (await knex('products').where({ tenant_id: tenantId }).orderBy('sku').limit(3).select('id')).map(
    (r: { id: string }) => r.id,
  );
  // The reservation scenario's stock: plenty, so every reservation holds.
  await knex('stock_levels').insert({
    tenant_id: tenantId,
    warehouse_id: warehouseId,
    product_id: productIds[0],
    quantity: 1_000_000_000,
    reserved: 0,
    updated_at: now,
  });
  // 50 APPROVED invoices of 999,999,999.99 (one line each) for the payment scenario.
  const openInvoiceIds = Array.from({ length: 50 }, () => randomUUID());
  await knex('invoices').insert(
    openInvoiceIds.map((id, i) => ({
      tenant_id: tenantId,
      id,
      number: `INV-${year}-${String(900_000 + i).padStart(6, '0')}`,
      fiscal_year_id: fiscalYearId,
      branch_id: branchId,
      customer_id: customerIds[i % customerIds.length],
      payment_method: 'CARD',
      status: 'APPROVED',
      subtotal: '999999999.99',
      tax_amount: '0.00',
      total_amount: '999999999.99',
      approved_at: now,
      created_at: now,
      updated_at: now,
    })),
  );
  await knex('invoice_lines').insert(
    openInvoiceIds.map((id) => ({
      tenant_id: tenantId,
      invoice_id: id,
      line_no: 1,
      product_id: productIds[0],
      quantity: '1.000',
      unit_price: '999999999.99',
      line_total: '999999999.99',
      tax_rate: '0.00',
      untaxed_amount: '999999999.99',
      tax_amount: '0.00',
      gross_amount: '999999999.99',
    })),
  );
  return {
    tenantId,
    branchId,
    fiscalYearId,
    fiscalYearCode: String(year),
    warehouseId,
    customerIds,
    productIds,
    openInvoiceIds,
  };
}

async function createIntegration(
  baseUrl: string,
  adminToken: string,
  ids: { tenantId: string; branchId: string; fiscalYearId: string },
) {
  const res = await fetch(`${baseUrl}/api/v1/admin/integrations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      tenantId: ids.tenantId,
      branchId: ids.branchId,
      fiscalYearId: ids.fiscalYearId,
      role: 'ADMIN',
      clientName: 'bench',
    }),
  });
  if (res.status !== 201) throw new Error(`integration: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string; clientId: string; clientSecret: string } }).data;
}

function cpuCell(r: Measured | undefined): string {
  return r?.cpu ? `${fmt(r.cpu.serverMs, 2)}+${fmt(r.cpu.pgMs, 2)}` : '-';
}

function fmt(n: number | undefined, digits = 0): string {
  return n === undefined || Number.isNaN(n) ? '-' : n.toFixed(digits);
}

/** The scenario table; with the scale figures and the peak RSS when the whole run was made. */
function report(
  rows: Row[],
  whole?: {
    peakRssMb: number;
    small: { list: Measured; search: Measured };
    large: { list: Measured; search: Measured };
  },
): void {
  const lines: string[][] = [
    [
      'scenario',
      'baseline req/s',
      'service req/s',
      'ratio',
      'base p50/p99 ms',
      'svc p50/p99 ms',
      'PG limit req/s',
      'svc/limit',
      'CPU ms/req base (node+PG)',
      'CPU ms/req svc (node+PG)',
      'non-2xx',
      'targets',
    ],
  ];
  for (const r of rows) {
    const ratio = r.base ? r.svc.rps / r.base.rps : undefined;
    const target = TARGETS[r.scenario] ?? DEFAULT_TARGET;
    const checks: string[] = [];
    if (r.base && ratio !== undefined) {
      checks.push(`ratio>=${target.ratio} ${ratio >= target.ratio ? 'MET' : 'MISSED'}`);
      if (target.p99x !== undefined) {
        const met = r.svc.p99 <= target.p99x * Math.max(r.base.p99, 1);
        checks.push(`p99<=${target.p99x}x ${met ? 'MET' : 'MISSED'}`);
      }
    }
    lines.push([
      r.scenario,
      fmt(r.base?.rps),
      fmt(r.svc.rps),
      ratio === undefined ? '-' : ratio.toFixed(2),
      r.base ? `${r.base.p50}/${r.base.p99}` : '-',
      `${r.svc.p50}/${r.svc.p99}`,
      fmt(r.limit?.rps),
      r.limit ? (r.svc.rps / r.limit.rps).toFixed(2) : '-',
      cpuCell(r.base),
      cpuCell(r.svc),
      String(r.svc.non2xx + r.svc.errors + (r.base ? r.base.non2xx + r.base.errors : 0)),
      checks.join(', '),
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines) console.log(l.map((c, i) => c.padEnd(widths[i]!)).join(' | '));
  if (!whole) return;
  const { peakRssMb, small, large } = whole;
  for (const which of ['list', 'search'] as const) {
    // One connection: each request waits for the one before, so 1000 / rps is its mean latency,
    // to the microsecond (autocannon's percentiles are whole milliseconds, too coarse here).
    const meanMs = (r: LoadResult) => 1000 / Math.max(r.rps, 1e-9);
    const scale = meanMs(large[which]) / meanMs(small[which]);
    console.log(
      `${which} scale (1 connection): latency ${fmt(meanMs(small[which]), 2)} ms → ${fmt(meanMs(large[which]), 2)} ms ` +
        `(p50 ${small[which].p50} → ${large[which].p50} ms; CPU ms/req node+PG ${cpuCell(small[which])} → ` +
        `${cpuCell(large[which])}), ×${scale.toFixed(2)} ` +
        `(target ≤ ${SCALE_TARGET}: ${scale <= SCALE_TARGET ? 'MET' : 'MISSED'})`,
    );
  }
  console.log(
    `service peak RSS: ${fmt(peakRssMb, 1)} MB (target ≤ ${RSS_TARGET_MB} MB: ${peakRssMb <= RSS_TARGET_MB ? 'MET' : 'MISSED'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
