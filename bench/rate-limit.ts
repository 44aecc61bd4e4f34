/**
 * The per-request cost of the integration rate limit (requests per minute), on a PostgreSQL server:
 * (a) the nonce claim that also counts the minute window (what the service does),
 * (b) the same claim followed by rate-limiter-flexible's RateLimiterPostgres `consume` (its
 *     own round trip per request), both exact across processes. 10 concurrent callers for
 * `SECONDS` each, alternating. Usage: BENCH_DATABASE_URL=... npx tsx bench/rate-limit.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { KnexNonceStore } from '../src/adapters/persistence/nonce-store.js';
import { migrateLatest } from '../src/infrastructure/migrator.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required (a throwaway database)');
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONCURRENCY = 10;

const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 2, max: 10 } });
await migrateLatest(knex);
const now = new Date();
const tenantId = randomUUID();
const integrationId = randomUUID();
await knex('tenants').insert({ id: tenantId, name: 'rl', created_at: now });
const branchId = randomUUID();
const fiscalYearId = randomUUID();
await knex('branches').insert({
  tenant_id: tenantId,
  id: branchId,
  name: 'HQ',
  code: `HQ${Date.now()}`,
  created_at: now,
});
await knex('fiscal_years').insert({
  tenant_id: tenantId,
  id: fiscalYearId,
  code: 'Y',
  starts_on: '2026-01-01',
  ends_on: '2026-12-31',
  created_at: now,
});
await knex('integrations').insert({
  tenant_id: tenantId,
  id: integrationId,
  branch_id: branchId,
  fiscal_year_id: fiscalYearId,
  role: 'ADMIN',
  client_name: 'rl',
  client_id: `ck_rl_${randomBytes(6).toString('hex')}`,
  client_secret_enc: 'v1:x:y:z',
  created_at: now,
  updated_at: now,
});
const store = new KnexNonceStore(knex);
const flexible = new RateLimiterPostgres({
  storeClient: knex,
  storeType: 'knex',
  tableName: 'bench_rate_limiter_flexible',
  points: 1_000_000_000,
  duration: 60,
  clearExpiredByTimeout: false,
});
await new Promise((r) => setTimeout(r, 500)); // its table creation

async function run(label: string, one: () => Promise<unknown>) {
  const latencies: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await one();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const p = (q: number) => latencies[Math.floor(latencies.length * q)]!.toFixed(2);
  console.log(`${label}: ${Math.round(latencies.length / SECONDS)} req/s, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
}

const expires = () => new Date(Date.now() + 600_000);
const nonce = () => randomBytes(12).toString('base64url');
for (let round = 0; round < 2; round++) {
  await run('claim + window count in one statement', () => store.claim(integrationId, nonce(), expires()));
  await run('claim + RateLimiterPostgres.consume', async () => {
    await store.claim(integrationId, nonce(), expires());
    await flexible.consume(integrationId);
  });
}
await knex.schema.dropTableIfExists('bench_rate_limiter_flexible');
await knex.destroy();
