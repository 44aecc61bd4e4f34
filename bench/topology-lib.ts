/**
 * The harness of `bench/topology.ts`: the topology's addresses (or `scripts/topology/up.sh` run
 * for them), a throwaway database on the primary seeded as `bench/run.ts` seeds its own and
 * replayed by the standby, API processes of the service, signed requests, `/metrics` counters and
 * a sampler of the connections the primary serves.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { newNonce, signBody } from '@inventory-billing/sdk';
import { migrateLatest } from '../src/infrastructure/migrator.js';
import { freePort, growProducts, startChild, type Child } from './lib.js';

export interface Topology {
  primary: string;
  standby: string;
  bouncer: string;
  bouncerAdmin: string;
  /** Stops the topology when this run started it; nothing otherwise. */
  down(): void;
}

/**
 * The topology of `scripts/topology/up.sh`, from its variables (`set -a; . topology.env`); when
 * they are missing, up.sh is run here (with STANDBY_PORT / PGBOUNCER_PORT from the environment)
 * and down.sh at the end.
 */
export function topology(): Topology {
  const e = process.env;
  if (e.PRIMARY_URL_BASE && e.STANDBY_URL_BASE && e.PGBOUNCER_URL_BASE && e.PGBOUNCER_ADMIN_URL) {
    const [primary, standby, bouncer] = [e.PRIMARY_URL_BASE, e.STANDBY_URL_BASE, e.PGBOUNCER_URL_BASE];
    return { primary, standby, bouncer, bouncerAdmin: e.PGBOUNCER_ADMIN_URL, down: () => {} };
  }
  console.log('no topology in the environment: starting one with scripts/topology/up.sh');
  const out = execFileSync('scripts/topology/up.sh', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const vars = Object.fromEntries(
    out
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return {
    primary: vars.PRIMARY_URL_BASE!,
    standby: vars.STANDBY_URL_BASE!,
    bouncer: vars.PGBOUNCER_URL_BASE!,
    bouncerAdmin: vars.PGBOUNCER_ADMIN_URL!,
    down: () => {
      const env: NodeJS.ProcessEnv = { ...process.env, TOPOLOGY_DIR: vars.TOPOLOGY_DIR };
      env.STANDBY_PORT = vars.STANDBY_PORT;
      env.PGBOUNCER_PORT = vars.PGBOUNCER_PORT;
      execFileSync('scripts/topology/down.sh', { env, stdio: 'inherit' });
    },
  };
}

export interface Ids {
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  customerIds: string[];
  productIds: string[];
}

export interface BenchDatabase {
  name: string;
  ids: Ids;
  drop(): Promise<void>;
}

async function onServer<T>(url: string, work: (k: Knex) => Promise<T>): Promise<T> {
  const k = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    return await work(k);
  } finally {
    await k.destroy();
  }
}

/**
 * A throwaway database on the primary, migrated and seeded (`products` of them), returned once
 * the standby has replayed all of it. No connection to it stays open here: what the primary
 * counts later is the service's alone.
 */
export async function benchDatabase(t: Topology, products: number): Promise<BenchDatabase> {
  const name = `bench_topology_${process.pid}_${Date.now()}`;
  await onServer(`${t.primary}/postgres`, (k) => k.raw(`CREATE DATABASE ${name}`));
  const drop = () => onServer(`${t.primary}/postgres`, (k) => k.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  try {
    const ids = await onServer(`${t.primary}/${name}`, async (k) => {
      await migrateLatest(k);
      return seed(k, products);
    });
    const { rows } = await onServer(`${t.primary}/postgres`, (k) =>
      k.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_lsn()::text AS lsn'),
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const replayed = await onServer(`${t.standby}/postgres`, async (k) => {
        const r = await k.raw<{ rows: { ok: boolean }[] }>('SELECT pg_last_wal_replay_lsn() >= ?::pg_lsn AS ok', [
          rows[0]!.lsn,
        ]);
        return r.rows[0]!.ok;
      });
      if (replayed) break;
      if (Date.now() > deadline) throw new Error('the standby did not replay the seeded database within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    return { name, ids, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

/** A tenant with a branch, a fiscal year, a warehouse, 20 customers and `products` products, as bench/run.ts seeds. */
async function seed(knex: Knex, products: number): Promise<Ids> {
  const now = new Date();
  const [tenantId, branchId, fiscalYearId] = [randomUUID(), randomUUID(), randomUUID()];
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
    id: randomUUID(),
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
  return { tenantId, branchId, fiscalYearId, customerIds, productIds };
}

export const ADMIN_TOKEN = randomBytes(24).toString('base64url');
const SECRETS_KEY = randomBytes(32).toString('hex');

export interface Api {
  url: string;
  child: Child;
}

/**
 * One API process of the service: the source through tsx, as the topology suite starts it (no
 * build of a tree others are editing), otherwise bench/run.ts's settings.
 */
export async function startApi(env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startChild(
    'node',
    ['--max-old-space-size=128', '--import', 'tsx', 'src/infrastructure/main.ts', 'api'],
    {
      PORT: String(port),
      ADMIN_TOKEN,
      SECRETS_KEY,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    `${url}/health`,
  );
  return { url, child };
}

export interface Credentials {
  id: string;
  clientId: string;
  clientSecret: string;
}

export async function createIntegration(baseUrl: string, ids: Ids, clientName: string): Promise<Credentials> {
  const res = await fetch(`${baseUrl}/api/v1/admin/integrations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      tenantId: ids.tenantId,
      branchId: ids.branchId,
      fiscalYearId: ids.fiscalYearId,
      role: 'ADMIN',
      clientName,
    }),
  });
  if (res.status !== 201) throw new Error(`integration: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Credentials }).data;
}

/** A signed GET's headers (fresh nonce and timestamp), as bench/run.ts signs them. */
export const signedGet = (c: Credentials) => () => ({
  headers: { 'x-client-id': c.clientId, 'x-nonce': newNonce(), 'x-timestamp': String(Date.now()) },
});

/** A signed POST with an Idempotency-Key, as bench/run.ts sends them. */
export const signedPost = (c: Credentials, body: () => object) => () => {
  const nonce = newNonce();
  const timestamp = Date.now();
  return {
    headers: {
      'content-type': 'application/json',
      'x-client-id': c.clientId,
      'x-nonce': nonce,
      'x-timestamp': String(timestamp),
      'idempotency-key': randomBytes(16).toString('hex'),
    },
    body: JSON.stringify(signBody(body(), c.clientSecret, nonce, timestamp)),
  };
};

/** bench/run.ts's invoice: 3 lines, a random customer. */
export const invoiceBody = (ids: Ids) => () => ({
  customerId: ids.customerIds[Math.floor(Math.random() * ids.customerIds.length)]!,
  paymentMethod: 'CASH',
  items: [0, 1, 2].map((k) => ({ productId: ids.productIds[k]!, quantity: k + 1, unitPrice: 19.99 })),
});

/** An API process's `/metrics` series whose name (with labels) starts with `prefix`, summed. */
export async function metric(api: Api, prefix: string): Promise<number> {
  const res = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(prefix))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

/** `database_reads_total` by target, from one API process. */
export async function reads(api: Api): Promise<{ replica: number; primary: number; fallback: number }> {
  const [replica, primary, fallback] = await Promise.all(
    ['replica', 'primary', 'fallback'].map((t) => metric(api, `database_reads_total{target="${t}"}`)),
  );
  return { replica: replica!, primary: primary!, fallback: fallback! };
}

/** PgBouncer's SHOW POOLS row for one database (sv_active, sv_idle, cl_active, cl_waiting, ...). */
export type PoolRow = Record<string, string>;

export interface ConnectionSamples {
  samples: number[];
  peak: number;
  mean: number;
  /** PgBouncer's pool for the database at the first sample that reached the peak (when asked). */
  poolAtPeak: PoolRow | null;
  /** The highest sv_active PgBouncer showed over the samples (when asked). */
  maxSvActive: number | null;
}

/**
 * Counts the client backends of `database` at the primary every `everyMs` until the returned
 * function is called; with `bouncerAdmin`, PgBouncer's SHOW POOLS row for it at each sample too.
 */
export async function sampleConnections(
  primaryUrl: string,
  database: string,
  bouncerAdmin: string | null,
  everyMs = 100,
): Promise<() => Promise<ConnectionSamples>> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  const admin = bouncerAdmin ? new pg.Client({ connectionString: bouncerAdmin }) : null;
  await admin?.connect();
  const counted: { count: number; pool: PoolRow | null }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const [{ rows }, pools] = await Promise.all([
        primary.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
          [database],
        ),
        admin?.query<PoolRow>('SHOW POOLS'),
      ]);
      const pool = pools?.rows.find((r) => r.database === database) ?? null;
      counted.push({ count: Number(rows[0]!.n), pool });
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (Date.now() - started))));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await primary.end();
    await admin?.end();
    const samples = counted.map((c) => c.count);
    const peak = Math.max(...samples);
    const svActive = counted.flatMap((c) => (c.pool ? [Number(c.pool.sv_active)] : []));
    return {
      samples,
      peak,
      mean: samples.reduce((a, b) => a + b, 0) / Math.max(samples.length, 1),
      poolAtPeak: counted.find((c) => c.count === peak)?.pool ?? null,
      maxSvActive: svActive.length ? Math.max(...svActive) : null,
    };
  };
}

/** Drops PgBouncer's server connections to `database` (KILL, then RESUME): the next side starts from none. */
export async function resetBouncer(bouncerAdmin: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: bouncerAdmin });
  await admin.connect();
  try {
    await admin.query(`KILL ${database}`);
    await admin.query(`RESUME ${database}`);
  } finally {
    await admin.end();
  }
}

/** Prints rows as a table, columns padded. */
export function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join(' | '));
}
