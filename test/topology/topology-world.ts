import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { migrateLatest } from '../../src/infrastructure/migrator.js';
import { freePort, spawnProcess, startApiProcess, until, type ApiProcess, type Spawned } from '../support/processes.js';
import { ADMIN_TOKEN, call } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The topology `scripts/topology/up.sh` starts: PgBouncer in transaction mode in front of the
 * primary, and a streaming hot standby of it. Its addresses come from the environment (the
 * script's `topology.env`); without them the suite is skipped, and says so.
 */
export const TOPOLOGY = (() => {
  const { PGBOUNCER_URL_BASE, STANDBY_URL_BASE, PRIMARY_URL_BASE, TOPOLOGY_DIR } = process.env;
  if (!PGBOUNCER_URL_BASE || !STANDBY_URL_BASE || !PRIMARY_URL_BASE || !TOPOLOGY_DIR) return null;
  return { bouncer: PGBOUNCER_URL_BASE, standby: STANDBY_URL_BASE, primary: PRIMARY_URL_BASE, dir: TOPOLOGY_DIR };
})();

/** `scripts/topology/standby.sh <args>`: stop, start, or delay the standby's replay. */
export function standby(...args: string[]): void {
  execFileSync('scripts/topology/standby.sh', args, { env: process.env, stdio: 'ignore' });
}

export interface TopologyWorld {
  database: string;
  /** The settings every process of the world starts with. */
  env: Record<string, string>;
  primary: Knex;
  replica: Knex;
  a: ApiProcess;
  b: ApiProcess;
  worker: Spawned;
  receiver: WebhookReceiver;
  /** The API processes' `/metrics` text. */
  metrics(api: ApiProcess): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A throwaway database on the primary (migrated there, and streamed to the standby), a webhook
 * receiver, one worker and two API processes: DATABASE_URL through PgBouncer without prepared
 * statements, LISTEN on a direct connection, reads of integrations on the standby.
 */
export async function startTopologyWorld(): Promise<TopologyWorld> {
  const t = TOPOLOGY!;
  const database = `topology_${process.pid}_${Date.now()}`;
  const admin = knexFactory({ client: 'pg', connection: `${t.primary}/postgres`, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${database}`);
  await admin.destroy();
  const primary = knexFactory({ client: 'pg', connection: `${t.primary}/${database}`, pool: { min: 0, max: 4 } });
  await migrateLatest(primary);
  const replica = knexFactory({ client: 'pg', connection: `${t.standby}/${database}`, pool: { min: 0, max: 2 } });
  const migrations = async () => Number((await replica('knex_migrations').count({ n: '*' }))[0]?.n);
  const applied = Number((await primary('knex_migrations').count({ n: '*' }))[0]?.n);
  await until(async () => (await migrations().catch(() => -1)) === applied, 20_000, 'the standby to replay the schema');

  const receiver = await new WebhookReceiver().start();
  const env = {
    DATABASE_URL: `${t.bouncer}/${database}`,
    DATABASE_PREPARED_STATEMENTS: 'false',
    DATABASE_LISTEN_URL: `${t.primary}/${database}`,
    DATABASE_REPLICA_URLS: `${t.standby}/${database}`,
    DATABASE_REPLICA_MAX_LAG_MS: '3000',
    ADMIN_TOKEN,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  const workerPort = await freePort();
  const worker = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', 'worker'], {
    ...env,
    WORKER_PORT: String(workerPort),
    LOG_LEVEL: 'info',
  });
  const [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  await until(
    async () => (await fetch(`http://127.0.0.1:${workerPort}/ready`).catch(() => null))?.ok === true,
    90_000,
    `the worker\n${worker.output()}`,
  );
  return {
    database,
    env,
    primary,
    replica,
    a,
    b,
    worker,
    receiver,
    async metrics(api) {
      const res = await fetch(`${api.baseUrl}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      return res.text();
    },
    async stop() {
      worker.child.kill('SIGTERM');
      await Promise.all([a.stop(), b.stop(), worker.exited]);
      await receiver.stop();
      await replica.destroy();
      await primary.destroy();
      const admin = knexFactory({ client: 'pg', connection: `${t.primary}/postgres`, pool: { min: 0, max: 1 } });
      await admin.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/** The count a Prometheus text gives for a series (0 when absent). */
export function series(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** An admin call that must succeed: its `data`. */
export async function adminOk<T = any>(baseUrl: string, method: string, path: string, body?: object): Promise<T> {
  const r = await call(baseUrl, method, `/api/v1/admin${path}`, body ? { body } : {});
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}
