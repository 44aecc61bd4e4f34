/**
 * `npm run bench:explain`: the product list's and search's own SQL (captured from the knex
 * repository, not retyped) under `EXPLAIN ANALYZE` at 10k, 100k and 1M products of one tenant,
 * beside a second tenant of 10k. Prints each statement's execution time (median of 5) and the
 * plan's top node, so a plan that falls back to a sequential scan, or a total that grows with
 * the catalogue, shows at once. BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a throwaway
 * PostgreSQL database: it is emptied. `--quick` stops at 100k.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { KnexProductRepository } from '../src/adapters/persistence/product-repository.js';
import { openDatabase } from '../src/infrastructure/database.js';
import { migrateLatest } from '../src/infrastructure/migrator.js';
import { growProducts, median } from './lib.js';

const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const sizes = process.argv.includes('--quick') ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];

interface Captured {
  sql: string;
  bindings: readonly unknown[];
}

async function capture(knex: Knex, run: () => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const listener = (q: { sql: string; bindings?: readonly unknown[] }) =>
    seen.push({ sql: q.sql, bindings: [...(q.bindings ?? [])] });
  knex.on('query', listener);
  try {
    await run();
  } finally {
    knex.removeListener('query', listener);
  }
  return seen;
}

async function explain(knex: Knex, q: Captured): Promise<{ ms: number; plan: string }> {
  const times: number[] = [];
  let plan = '';
  for (let i = 0; i < 5; i++) {
    // knex reports the SQL with the driver's $n placeholders; raw() takes ? in binding order.
    const res = await knex.raw<{ rows: { 'QUERY PLAN': unknown }[] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql.replace(/\$\d+/g, '?')}`,
      q.bindings as Knex.RawBinding[],
    );
    const [top] = res.rows[0]!['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[];
    times.push(top!['Execution Time']);
    plan = describe(top!.Plan);
  }
  return { ms: median(times), plan };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The scans a plan uses, e.g. "Index Scan products_tenant_name, Bitmap Index Scan products_search_trgm". */
function describe(node: PlanNode): string {
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Node Type'].includes('Scan')) scans.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(node);
  return [...new Set(scans)].join(', ');
}

async function main(): Promise<void> {
  if (!url) throw new Error('set BENCH_DATABASE_URL to a throwaway PostgreSQL database (it is emptied)');
  const db = await openDatabase({ url, dataDir: null, poolMax: 2 });
  try {
    await db.knex.raw('DROP SCHEMA IF EXISTS public CASCADE');
    await db.knex.raw('CREATE SCHEMA public');
    await migrateLatest(db.knex);
    const now = new Date();
    const [tenantId, otherTenant] = [randomUUID(), randomUUID()];
    await db.knex('tenants').insert([
      { id: tenantId, name: 'Big', created_at: now },
      { id: otherTenant, name: 'Small', created_at: now },
    ]);
    await growProducts(db.knex, otherTenant, 0, 10_000);
    const repo = new KnexProductRepository(db.knex);
    let have = 0;
    console.log('products | statement | median execution ms | scans');
    for (const size of sizes) {
      await growProducts(db.knex, tenantId, have, size);
      have = size;
      const cases: [string, () => Promise<unknown>][] = [
        ['list page 1', () => repo.list(tenantId, { page: 1, limit: 10 })],
        ['list page 50', () => repo.list(tenantId, { page: 50, limit: 10 })],
        ['search sku-1234', () => repo.list(tenantId, { page: 1, limit: 10, search: 'sku-1234' })],
        ['search "steel"', () => repo.list(tenantId, { page: 1, limit: 10, search: 'steel' })],
      ];
      for (const [name, run] of cases) {
        for (const q of await capture(db.knex, run)) {
          const { ms, plan } = await explain(db.knex, q);
          console.log(`${String(size).padStart(8)} | ${name.padEnd(16)} | ${ms.toFixed(2).padStart(8)} | ${plan}`);
        }
      }
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
