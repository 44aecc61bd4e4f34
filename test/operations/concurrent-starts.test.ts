import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../support/database.js';
import { freePort, spawnProcess, until, type Spawned } from '../support/processes.js';
import { ADMIN_TOKEN } from '../support/service.js';

/** The migrations of the repository, by name. */
const MIGRATIONS = readdirSync(new URL('../../migrations', import.meta.url))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -'.ts'.length))
  .sort();

/** Runs `sql` on the server's `postgres` database (to create and drop the throwaway one). */
async function onServer(sql: string): Promise<void> {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The names of the migrations a process's JSON log says it applied. */
function appliedBy(p: Spawned): string[] {
  return p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string; migrations?: string[] })
    .filter((l) => l.msg === 'migrations applied')
    .flatMap((l) => l.migrations ?? []);
}

/**
 * Three processes of the service (two APIs and a standalone worker) started at the same moment on
 * an empty PostgreSQL database: each runs the migrations at its start, the migration lock lets
 * one apply each migration, and all three come up ready.
 */
describe('operations: three processes started together on an empty PostgreSQL database', function () {
  this.timeout(240_000);
  const database = `i33_starts_${process.pid}_${Date.now()}`;
  const started: Spawned[] = [];

  before(async function () {
    if (!TEST_DATABASE_URL) {
      console.log(
        '      skipped: set TEST_DATABASE_URL to a PostgreSQL server (separate processes share a server only)',
      );
      this.skip();
    }
    await onServer(`CREATE DATABASE ${database}`);
  });
  after(async () => {
    for (const p of started) p.child.kill('SIGTERM');
    await Promise.all(started.map((p) => p.exited));
    if (TEST_DATABASE_URL) await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('all answer /ready, with each migration applied exactly once', async () => {
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.href,
      MONGODB_URL: '',
      ADMIN_TOKEN,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
    };
    const [api1, api2, worker] = [await freePort(), await freePort(), await freePort()];
    const start = (mode: string, extra: Record<string, string>) =>
      spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', mode], { ...env, ...extra });
    started.push(
      start('api', { PORT: String(api1) }),
      start('api', { PORT: String(api2) }),
      // The worker's PORT is not listened on; its probes are on WORKER_PORT.
      start('worker', { PORT: String(api1), WORKER_PORT: String(worker) }),
    );

    const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/ready`)).status === 200;
    for (const port of [api1, api2, worker]) {
      await until(() => ready(port), 180_000, `/ready on ${port}\n${started.map((p) => p.output()).join('\n')}`);
    }

    const applied = started.flatMap(appliedBy);
    expect(applied.sort(), 'applied once, across the three').to.deep.equal(MIGRATIONS);
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT name FROM knex_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).to.deep.equal(MIGRATIONS);
    } finally {
      await client.end();
    }
    for (const p of started) expect(p.child.exitCode, p.output()).to.equal(null);
  });
});
