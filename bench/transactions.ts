/**
 * What a transaction costs the service's process, by the way it is run (not a test):
 *
 *   BENCH_DATABASE_URL=postgres://… npm run bench:transactions
 *
 * One connection, one statement per transaction (`SELECT 1`), run back to back: knex's own
 * `knex.transaction()`, the unit of work's `inTransaction` (a ConnectionTransaction), the same
 * statement with no transaction, and BEGIN, the statement and COMMIT sent on the bare `pg`
 * client. Prints this process's CPU (user + system, from `process.cpuUsage`) and wall time per
 * transaction, the median of 5 interleaved rounds of 2,000 each.
 */
import knexFactory, { type Knex } from 'knex';
import { inTransaction } from '../src/adapters/persistence/connection-transaction.js';
import { median } from './lib.js';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL database');
const ROUNDS = 5;
const PER_ROUND = 2_000;

interface PgClient {
  query(sql: string): Promise<unknown>;
}

const ways: Record<string, (knex: Knex) => Promise<unknown>> = {
  'knex.transaction()': (knex) => knex.transaction((trx) => trx.raw('SELECT 1')),
  'inTransaction (ConnectionTransaction)': (knex) => inTransaction(knex, (db) => db.raw('SELECT 1')),
  'the statement alone (knex, no transaction)': (knex) => knex.raw('SELECT 1'),
  'BEGIN, statement, COMMIT on the bare pg client': async (knex) => {
    const client = (await knex.client.acquireConnection()) as PgClient;
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1');
      await client.query('COMMIT');
    } finally {
      await knex.client.releaseConnection(client);
    }
  },
};

async function round(knex: Knex, way: (knex: Knex) => Promise<unknown>): Promise<{ cpuUs: number; wallUs: number }> {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < PER_ROUND; i++) await way(knex);
  const used = process.cpuUsage(cpu);
  return {
    cpuUs: (used.user + used.system) / PER_ROUND,
    wallUs: Number(process.hrtime.bigint() - started) / 1e3 / PER_ROUND,
  };
}

async function main(): Promise<void> {
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 1, max: 1 } });
  try {
    const results = new Map<string, { cpuUs: number; wallUs: number }[]>();
    for (const way of Object.values(ways)) await round(knex, way); // warm up
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, way] of Object.entries(ways))
        results.set(name, [...(results.get(name) ?? []), await round(knex, way)]);
    }
    for (const [name, runs] of results) {
      const cpu = median(runs.map((x) => x.cpuUs)).toFixed(0);
      const wall = median(runs.map((x) => x.wallUs)).toFixed(0);
      console.log(`${name.padEnd(48)} CPU ${cpu.padStart(4)} µs, wall ${wall.padStart(4)} µs per transaction`);
    }
  } finally {
    await knex.destroy();
  }
}

await main();
