/**
 * `npm run bench [-- --quick]`: the service against a hand-written express + pg baseline on the
 * same database, in alternating rounds, every service request freshly signed, for every scenario
 * of bench/scenarios.ts. Prints one table with ratios, each scenario's fraction of PostgreSQL's
 * own limit (bench/pg-limit.ts), the most that fraction can be given the HTTP floor
 * (bench/http-floor.ts) and whether each target is met. A real PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set — it must be a throwaway database: the
 * benchmark empties it — else the embedded one.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { newNonce, signBody } from '@inventory-billing/sdk';
import { openDatabase, type Database } from '../src/infrastructure/database.js';
import { migrateLatest } from '../src/infrastructure/migrator.js';
import {
  cpuProfile,
  cpuSeconds,
  startFlags,
  freePort,
  growProducts,
  load,
  pidsNamed,
  startChild,
  type Child,
  type LoadResult,
} from './lib.js';
import { limitCeiling, measureHttpFloor } from './http-floor.js';
import { measurePgLimits } from './pg-limit.js';
import {
  failIfNot2xx,
  medianOf,
  report,
  reportWebhooks,
  type Measured,
  type Row,
  type ScaleMeasure,
  type WebhookResult,
} from './report.js';
import { scenarios, seed, type Scenario, type Seeded } from './scenarios.js';

const quick = process.argv.includes('--quick');
/**
 * `--only=<text>`: just the load scenarios whose name contains it (and their PostgreSQL limit),
 * without the scale and webhook steps (for experiments).
 */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
/** `BENCH_IDEMPOTENCY=off`: POSTs without an Idempotency-Key, to compare with runs made before the gateway. */
const IDEMPOTENCY_KEYS = process.env.BENCH_IDEMPOTENCY !== 'off';
const ROUNDS = quick ? 1 : 3;
const DURATION = quick ? 2 : 8;
const CONNECTIONS = 10;
const SCALE_PRODUCTS = quick ? 100_000 : 1_000_000;
/** The integration's rate limit on both sides: high, so that it counts but never refuses. */
const RATE_LIMIT_PER_MINUTE = '100000';

interface Servers {
  db: Database;
  databaseUrl: string;
  ids: Seeded;
  service: Child;
  servicePort: number;
  baseline: Child;
  baselinePort: number;
  creds: { id: string; clientId: string; clientSecret: string };
}

async function main(): Promise<void> {
  const started = Date.now();
  const servers = await startServers();
  const { db, service, baseline } = servers;
  try {
    const selected = scenarios(servers.ids).filter((s) => only === undefined || s.name.includes(only));
    const rows = await loadScenarios(servers, selected);
    // PostgreSQL's own limit for each scenario's statements, at 10,000 products.
    const caller = { ...servers.ids, integrationId: servers.creds.id };
    const limits = await measurePgLimits(
      servers.databaseUrl,
      caller,
      selected,
      CONNECTIONS,
      DURATION,
      IDEMPOTENCY_KEYS,
    );
    for (const r of rows) r.limit = limits.get(r.scenario);
    if (only !== undefined) {
      report(rows);
      failIfNot2xx(rows);
      return;
    }
    const floor = await measureHttpFloor(CONNECTIONS, DURATION, ROUNDS);
    for (const r of rows) if (r.limit) r.ceiling = limitCeiling(r.limit.rps, floor.rps);
    const scale = await scaleStep(servers);
    rows.push(...scale.rows);
    report(rows, { peakRssMb: service.peakRssMb(), floorRps: floor.rps, ...scale });
    failIfNot2xx(rows);
  } finally {
    await service.stop();
    await baseline.stop();
    await db.close();
  }
  if (only === undefined) webhookScenario();
  console.log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** An emptied, migrated, seeded database; the service (compiled, as `npm run start:api`) and the baseline on it. */
async function startServers(): Promise<Servers> {
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
      ...startFlags('start:api'),
      // BENCH_CPU_PROF=<dir>: write the service's V8 CPU profile in <dir>/service (open it in Chrome's DevTools).
      ...cpuProfile('service'),
      // BENCH_SERVICE_NODE_FLAGS="--flag ...": extra Node flags for the service alone (A/B runs of runtime settings).
      ...(process.env.BENCH_SERVICE_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
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
      RATE_LIMIT_PER_MINUTE,
    },
    `http://127.0.0.1:${servicePort}/health`,
  );
  const creds = await createIntegration(`http://127.0.0.1:${servicePort}`, adminToken, ids).catch(async (err) => {
    await service.stop();
    throw err;
  });
  const baseline = await startChild(
    'node',
    [...cpuProfile('baseline'), '--import', 'tsx', 'bench/baseline.ts'],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(baselinePort),
      TENANT_ID: ids.tenantId,
      BRANCH_ID: ids.branchId,
      FISCAL_YEAR_ID: ids.fiscalYearId,
      INTEGRATION_ID: creds.id,
      RATE_LIMIT_PER_MINUTE,
    },
    `http://127.0.0.1:${baselinePort}/health`,
  );
  return { db, databaseUrl, ids, service, servicePort, baseline, baselinePort, creds };
}

/**
 * How each request of a scenario is made: to the service signed (a new nonce and timestamp,
 * a POST's body HMAC-signed), to the baseline plain; both with a nonce (`x-nonce`, claimed on
 * both sides) and, for a POST, a new `Idempotency-Key` unless BENCH_IDEMPOTENCY=off.
 */
function requestsOf(s: Scenario, creds: Servers['creds']) {
  const key = (): Record<string, string> =>
    s.body && IDEMPOTENCY_KEYS ? { 'idempotency-key': randomBytes(16).toString('hex') } : {};
  const path = () => (s.pathOf ? { path: s.pathOf() } : {});
  const json: Record<string, string> = s.body ? { 'content-type': 'application/json' } : {};
  const service = () => {
    const nonce = newNonce();
    const timestamp = Date.now();
    const auth = { 'x-client-id': creds.clientId, 'x-nonce': nonce, 'x-timestamp': String(timestamp) };
    return {
      ...path(),
      headers: { ...json, ...auth, ...key() },
      ...(s.body ? { body: JSON.stringify(signBody(s.body(), creds.clientSecret, nonce, timestamp)) } : {}),
    };
  };
  const baseline = () => ({
    ...path(),
    headers: { ...json, 'x-nonce': newNonce(), ...key() },
    ...(s.body ? { body: JSON.stringify(s.body()) } : {}),
  });
  return { service, baseline };
}

/** Each scenario in ROUNDS alternating rounds, baseline then service; medians. */
async function loadScenarios(servers: Servers, selected: Scenario[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const s of selected) {
    const base: Measured[] = [];
    const svc: Measured[] = [];
    const prepare = requestsOf(s, servers.creds);
    const common = { path: s.path, method: s.body ? ('POST' as const) : undefined };
    const run = { ...common, connections: CONNECTIONS, duration: DURATION };
    for (let r = 0; r < ROUNDS; r++) {
      const baselineRun = { ...run, url: `http://127.0.0.1:${servers.baselinePort}`, prepare: prepare.baseline };
      base.push(await measured(servers.baseline, () => load(baselineRun)));
      const serviceRun = { ...run, url: `http://127.0.0.1:${servers.servicePort}`, prepare: prepare.service };
      svc.push(await measured(servers.service, () => load(serviceRun)));
    }
    rows.push({ scenario: s.name, kind: s.kind, base: medianOf(base), svc: medianOf(svc) });
  }
  return rows;
}

/**
 * Scale: at 10,000 and at SCALE_PRODUCTS products (service only, 1 connection), the list, a
 * search with one match at every size (`0001234`: one product's zero-padded name) and one whose
 * matches grow with the catalogue (`sku-1234`: SKU-1234, then SKU-12340…, SKU-123400…: 1 match at
 * 10k, 11 at 100k, 111 at 1M).
 */
async function scaleStep(servers: Servers) {
  const [list, growing] = scenarios(servers.ids);
  const oneMatch: Scenario = {
    name: 'one-match search',
    kind: 'read',
    path: `${list!.path.split('?')[0]}?search=0001234`,
  };
  const which = { list: list!, oneMatch, growing: growing! };
  const names = Object.keys(which) as ScaleMeasure[];
  // ROUNDS runs of each at one connection, interleaved, medians: one noisy stretch of this
  // shared machine should not decide the ratio (CPU per request shows the work).
  const atThisSize = async () => {
    const runs = Object.fromEntries(names.map((n) => [n, [] as Measured[]])) as Record<ScaleMeasure, Measured[]>;
    for (let r = 0; r < ROUNDS; r++) {
      for (const n of names) {
        const prepare = requestsOf(which[n], servers.creds).service;
        const run = { path: which[n].path, connections: 1, duration: DURATION, prepare };
        const url = `http://127.0.0.1:${servers.servicePort}`;
        runs[n].push(await measured(servers.service, () => load({ url, ...run })));
      }
    }
    return Object.fromEntries(names.map((n) => [n, medianOf(runs[n])])) as Record<ScaleMeasure, Measured>;
  };
  const small = await atThisSize();
  await growProducts(servers.db.knex, servers.ids.tenantId, 10_000, SCALE_PRODUCTS);
  const large = await atThisSize();
  const k = `${SCALE_PRODUCTS / 1000}k`;
  const rows: Row[] = names.flatMap((n) => [
    { scenario: `${which[n].path.split('?')[1]} p50 @ 10k products (1 conn)`, svc: small[n] },
    { scenario: `${which[n].path.split('?')[1]} p50 @ ${k} products (1 conn)`, svc: large[n] },
  ]);
  return { rows, small, large, largeProducts: SCALE_PRODUCTS };
}

/**
 * Webhooks: deliveries per second from one worker process to a local receiver over 20 and
 * over 50 tenants, commit-to-delivery latency at a steady rate and the worker's peak RSS,
 * measured by bench/webhooks.ts on the same database (it rebuilds the schema, so it runs last).
 */
function webhookScenario(): void {
  const out = execFileSync('node', ['--import', 'tsx', 'bench/webhooks.ts', ...(quick ? ['--quick'] : [])], {
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`bench/webhooks.ts printed no result:\n${out}`);
  const r = JSON.parse(line.slice('RESULT '.length)) as WebhookResult;
  for (const l of out.split('\n').filter((l) => l && !l.startsWith('RESULT '))) console.log(`  ${l}`);
  reportWebhooks(r);
}

/** Runs a load against `server`, and adds the CPU its process and PostgreSQL spent per request. */
async function measured(server: Child, run: () => Promise<LoadResult>): Promise<Measured> {
  const pg = pidsNamed('postgres');
  const pid = [server.process.pid!];
  const before = { server: cpuSeconds(pid), pg: pg.map((p) => cpuSeconds([p])) };
  const result = await run();
  const requests = result.rps * DURATION;
  const perRequestMs = (seconds: number) => (seconds * 1000) / Math.max(requests, 1);
  // A backend gone since (a closed pool's) counts nothing rather than minus what it had used.
  const pgSeconds = pg.reduce((sum, p, i) => {
    const after = cpuSeconds([p]);
    return sum + (after > 0 ? after - before.pg[i]! : 0);
  }, 0);
  return {
    ...result,
    cpu: { serverMs: perRequestMs(cpuSeconds(pid) - before.server), pgMs: perRequestMs(pgSeconds) },
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
