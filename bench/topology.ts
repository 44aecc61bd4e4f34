/**
 * `npm run bench:topology [-- --quick]` (issue 34, point 4): the service on the production
 * topology of `scripts/topology/up.sh`, on a throwaway database of its own on the primary.
 *
 * 1. Reads through one replica against the primary alone: bench/run.ts's read requests (and the
 *    other reads an integration makes all day) against one API process with
 *    DATABASE_REPLICA_URLS and one without, sides interleaved round by round, medians; with the
 *    share of reads the replica served (`database_reads_total` on /metrics).
 * 2. Connections at the primary with 4 API processes: DATABASE_URL direct to the primary against
 *    through PgBouncer (transaction mode, no prepared statements, LISTEN direct), under the same
 *    mixed load of 4 integrations; the primary's client backends of the database sampled every
 *    100 ms (peak, mean), and PgBouncer's SHOW POOLS at the peak.
 *
 * The topology's addresses come from the environment (`set -a; . $TOPOLOGY_DIR/topology.env;
 * set +a`); without them this run starts one with up.sh (STANDBY_PORT / PGBOUNCER_PORT apply)
 * and removes it at the end. Primary, standby, PgBouncer, the API processes and the load
 * generator all share one machine: the figures show the routing's and the pooler's overhead and
 * correctness, not capacity a replica adds.
 */
import { cpus } from 'node:os';
import { load, median, type LoadResult } from './lib.js';
import {
  benchDatabase,
  createIntegration,
  invoiceBody,
  metric,
  reads,
  resetBouncer,
  sampleConnections,
  signedGet,
  signedPost,
  startApi,
  table,
  topology,
  type Api,
  type BenchDatabase,
  type ConnectionSamples,
  type Topology,
} from './topology-lib.js';

const quick = process.argv.includes('--quick');
const PRODUCTS = 10_000;
const ROUNDS = quick ? 1 : 3;
const DURATION = quick ? 2 : 5;
const CONNECTIONS = 10;
const PROCESSES = 4;
const MIXED = { rounds: quick ? 1 : 2, duration: quick ? 3 : 10, readers: 5, writers: 3 };

interface ReadRun extends LoadResult {
  /** The share of the process's reads a replica answered during the run; null without replicas. */
  replicaShare: number | null;
}

async function main(): Promise<void> {
  const started = Date.now();
  const t = topology();
  let db: BenchDatabase | null = null;
  let failed = false;
  try {
    db = await benchDatabase(t, PRODUCTS);
    console.log(
      `database ${db.name} on the primary (${PRODUCTS.toLocaleString('en')} products, replayed by the standby); ` +
        `${quick ? 'quick' : 'full'} run; ${cpus().length} cores shared by the primary, the standby, PgBouncer, ` +
        'the API processes and the load generator: the figures show overhead and correctness, not added capacity',
    );
    failed = (await replicaReads(t, db)) || failed;
    failed = (await primaryConnections(t, db)) || failed;
  } finally {
    await db?.drop();
    t.down();
  }
  console.log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
  if (failed) {
    console.error(
      'requests were not answered 2xx, or the replica served no read: the harness or the service is broken',
    );
    process.exitCode = 1;
  }
}

/** Part 1; true when something failed. */
async function replicaReads(t: Topology, db: BenchDatabase): Promise<boolean> {
  const primaryEnv = { DATABASE_URL: `${t.primary}/${db.name}` };
  const alone = await startApi(primaryEnv);
  const routed = await startApi({ ...primaryEnv, DATABASE_REPLICA_URLS: `${t.standby}/${db.name}` });
  try {
    const deadline = Date.now() + 20_000;
    while ((await metric(routed, 'database_replica_up')) < 1) {
      if (Date.now() > deadline) throw new Error('the replica never showed up in database_replica_up');
      await new Promise((r) => setTimeout(r, 200));
    }
    const sides = [
      { name: 'primary alone', api: alone, creds: await createIntegration(alone.url, db.ids, 'bench-primary') },
      { name: 'through one replica', api: routed, creds: await createIntegration(routed.url, db.ids, 'bench-replica') },
    ];
    const scenarios = [
      { name: 'GET /products?page=1&limit=10', path: '/api/v1/external/products?page=1&limit=10' },
      { name: 'GET /products?search=sku-1234', path: '/api/v1/external/products?search=sku-1234' },
      { name: 'GET /products/:id', path: `/api/v1/external/products/${db.ids.productIds[0]!}` },
      { name: 'GET /products/stock (low stock)', path: '/api/v1/external/products/stock' },
      { name: 'GET /usage', path: '/api/v1/external/usage' },
    ];
    // Both processes warm (tsx has compiled what a read touches) before the first measured run.
    for (const s of sides) {
      await load({
        url: s.api.url,
        path: scenarios[0]!.path,
        connections: 2,
        duration: 1,
        prepare: signedGet(s.creds),
      });
    }
    const rows = [
      ['scenario', ...sides.flatMap((s) => [`${s.name}: req/s`, 'p50/p99 ms']), 'replica share', 'non-2xx'],
    ];
    let failed = false;
    for (const sc of scenarios) {
      const runs: ReadRun[][] = sides.map(() => []);
      for (let r = 0; r < ROUNDS; r++) {
        for (const [i, s] of sides.entries()) {
          const before = await reads(s.api);
          const result = await load({
            url: s.api.url,
            path: sc.path,
            connections: CONNECTIONS,
            duration: DURATION,
            prepare: signedGet(s.creds),
          });
          const after = await reads(s.api);
          const d = { replica: after.replica - before.replica, all: 0 };
          d.all = d.replica + after.primary - before.primary + after.fallback - before.fallback;
          runs[i]!.push({ ...result, replicaShare: s.api === routed ? d.replica / Math.max(d.all, 1) : null });
        }
      }
      const m = runs.map(medianRun);
      const bad = m.reduce((n, x) => n + x.non2xx + x.errors, 0);
      const share = m[1]!.replicaShare ?? 0;
      // The product list is what the routing exists for: a run where the replica served none of it is broken.
      failed ||= bad > 0 || (sc === scenarios[0] && share === 0);
      rows.push([
        sc.name,
        ...m.flatMap((x) => [x.rps.toFixed(0), `${x.p50}/${x.p99}`]),
        `${(share * 100).toFixed(1)} %`,
        String(bad),
      ]);
    }
    console.log(
      `\n1. Reads through one replica against the primary alone: 1 API process each, ${CONNECTIONS} connections, ` +
        `${ROUNDS} interleaved round(s) × ${DURATION} s per side, medians. Primary and standby share this ` +
        `${cpus().length}-core machine: this shows the routing's overhead and correctness, not added capacity.`,
    );
    table(rows);
    return failed;
  } finally {
    await Promise.all([alone.child.stop(), routed.child.stop()]);
  }
}

function medianRun(runs: ReadRun[]): ReadRun {
  const shares = runs.flatMap((r) => (r.replicaShare === null ? [] : [r.replicaShare]));
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    replicaShare: shares.length ? median(shares) : null,
  };
}

interface MixedRun {
  connections: ConnectionSamples;
  rps: number;
  failures: number;
}

/** Part 2; true when something failed. */
async function primaryConnections(t: Topology, db: BenchDatabase): Promise<boolean> {
  const sides: { name: string; env: Record<string, string>; bouncer: boolean }[] = [
    { name: 'direct to the primary', env: { DATABASE_URL: `${t.primary}/${db.name}` }, bouncer: false },
    {
      name: 'through PgBouncer',
      env: {
        DATABASE_URL: `${t.bouncer}/${db.name}`,
        DATABASE_PREPARED_STATEMENTS: 'false',
        DATABASE_LISTEN_URL: `${t.primary}/${db.name}`,
      },
      bouncer: true,
    },
  ];
  const runs: MixedRun[][] = sides.map(() => []);
  let creds: Awaited<ReturnType<typeof createIntegration>>[] = [];
  for (let r = 0; r < MIXED.rounds; r++) {
    for (const [i, side] of sides.entries()) {
      const apis = await Promise.all(Array.from({ length: PROCESSES }, () => startApi(side.env)));
      try {
        if (creds.length === 0) {
          creds = await Promise.all(apis.map((a, k) => createIntegration(a.url, db.ids, `bench-mixed-${k}`)));
        }
        runs[i]!.push(await mixedLoad(t, db, apis, creds, side.bouncer));
      } finally {
        await Promise.all(apis.map((a) => a.child.stop()));
        if (side.bouncer) await resetBouncer(t.bouncerAdmin, db.name);
      }
    }
  }
  const rows = [['side', 'peak connections', 'mean connections', 'req/s (all 4)', 'PgBouncer at the peak', 'non-2xx']];
  for (const [i, side] of sides.entries()) {
    const rs = runs[i]!;
    const peakRun = rs.reduce((a, b) => (b.connections.peak > a.connections.peak ? b : a));
    const pool = peakRun.connections.poolAtPeak;
    rows.push([
      side.name,
      String(peakRun.connections.peak),
      (rs.reduce((a, x) => a + x.connections.mean, 0) / rs.length).toFixed(1),
      median(rs.map((x) => x.rps)).toFixed(0),
      pool
        ? `sv_active ${pool.sv_active}, sv_idle ${pool.sv_idle}, cl_active ${pool.cl_active}, cl_waiting ${pool.cl_waiting} ` +
          `(max sv_active ${peakRun.connections.maxSvActive})`
        : '-',
      String(rs.reduce((n, x) => n + x.failures, 0)),
    ]);
  }
  console.log(
    `\n2. Connections at the primary (client backends of the database, sampled every 100 ms) with ${PROCESSES} API ` +
      `processes (pool of 10 each), each under ${MIXED.readers} GET /products and ${MIXED.writers} POST ` +
      `/billing/invoices connections of its own integration; ${MIXED.rounds} interleaved round(s) × ` +
      `${MIXED.duration} s per side. Peak: the highest sample of all rounds; mean and req/s: over the rounds.`,
  );
  table(rows);
  return runs.flat().some((x) => x.failures > 0);
}

/** One side's load: every process under reads and invoice writes of its own integration, sampled. */
async function mixedLoad(
  t: Topology,
  db: BenchDatabase,
  apis: Api[],
  creds: Awaited<ReturnType<typeof createIntegration>>[],
  bouncer: boolean,
): Promise<MixedRun> {
  const list = '/api/v1/external/products?page=1&limit=10';
  const runAll = (duration: number) =>
    Promise.all(
      apis.flatMap((a, k) => [
        load({ url: a.url, path: list, connections: MIXED.readers, duration, prepare: signedGet(creds[k]!) }),
        load({
          url: a.url,
          path: '/api/v1/external/billing/invoices',
          method: 'POST',
          connections: MIXED.writers,
          duration,
          prepare: signedPost(creds[k]!, invoiceBody(db.ids)),
        }),
      ]),
    );
  await runAll(1); // warm-up: tsx has compiled the code paths of both requests
  const stop = await sampleConnections(`${t.primary}/postgres`, db.name, bouncer ? t.bouncerAdmin : null);
  const results = await runAll(MIXED.duration);
  const connections = await stop();
  return {
    connections,
    rps: results.reduce((a, x) => a + x.rps, 0),
    failures: results.reduce((a, x) => a + x.non2xx + x.errors, 0),
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
