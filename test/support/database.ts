import type { Knex } from 'knex';
import { openDatabase, type Database } from '../../src/infrastructure/database.js';
import { migrateLatest } from '../../src/infrastructure/migrator.js';

let shared: Promise<Database> | null = null;

/** Where the tests run: a real server when TEST_DATABASE_URL is set, else embedded PGlite in memory. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

/**
 * The one database of a test run, migrated from scratch. On a server, TEST_DATABASE_URL must
 * name a throwaway database: its public schema is dropped and rebuilt.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const db = await openDatabase({ url: TEST_DATABASE_URL, dataDir: null, poolMax: 20 });
    if (db.kind === 'server') {
      await db.knex.raw('DROP SCHEMA IF EXISTS public CASCADE');
      await db.knex.raw('CREATE SCHEMA public');
    }
    await migrateLatest(db.knex);
    return db;
  })();
  return shared;
}

export async function closeTestDatabase(): Promise<void> {
  if (!shared) return;
  const db = await shared;
  shared = null;
  await db.close();
}

/** Empties every table but the migration history. */
export async function resetData(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_migrations%'`,
  );
  if (rows.length === 0) return;
  await knex.raw(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
}

/** A tenant with one branch and the 2026 fiscal year, written straight to the tables (repository tests). */
export async function seedOrganization(
  knex: Knex,
  ids: { tenantId: string; branchId: string; fiscalYearId: string },
  at: Date,
): Promise<void> {
  await knex('tenants').insert({ id: ids.tenantId, name: 'T', created_at: at });
  await knex('branches').insert({ tenant_id: ids.tenantId, id: ids.branchId, name: 'HQ', code: 'HQ', created_at: at });
  await knex('fiscal_years').insert({
    tenant_id: ids.tenantId,
    id: ids.fiscalYearId,
    code: '2026',
    starts_on: '2026-01-01',
    ends_on: '2026-12-31',
    created_at: at,
  });
}
