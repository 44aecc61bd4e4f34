import { readdirSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

/** `migrations/` beside `src/`, whether running from TypeScript (tsx) or from `dist/`. */
const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Lists migrations by name without extension, so the same history is recognised whether the
 * files are `.ts` (tsx) or compiled `.js`.
 */
class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<string[]> {
    return readdirSync(this.dir)
      .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
  }

  getMigrationName(file: string): string {
    return file.slice(0, -extname(file).length);
  }

  async getMigration(file: string): Promise<Knex.Migration> {
    return (await import(pathToFileURL(join(this.dir, file)).href)) as Knex.Migration;
  }
}

/**
 * Migrations whose file was renamed after it could have been applied somewhere: the old name in
 * a database's history is changed to the new one before migrating, so the history still matches
 * the directory and the migration is not run twice.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '20261123200000_i20_integration_api_key': '20261123200000_integration_api_key',
  '20261124400000_i18_kept_totals': '20261124400000_kept_totals',
};

async function renameInHistory(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return;
  for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) {
    await knex('knex_migrations').where({ name: from }).update({ name: to });
  }
}

/** Whether the database's history names exactly the directory's migrations: nothing to run or rename. */
async function historyMatches(knex: Knex, source: DirectoryMigrationSource): Promise<boolean> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return false;
  const applied = new Set((await knex('knex_migrations').pluck('name')) as string[]);
  const files = (await source.getMigrations()).map((file) => source.getMigrationName(file));
  return applied.size === files.length && files.every((name) => applied.has(name));
}

/**
 * Applies the migrations not yet applied; returns their names. A current schema (every start
 * but the first after an upgrade) is recognised in two queries, without knex's lock and checks.
 */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const source = new DirectoryMigrationSource(MIGRATIONS_DIR);
  if (await historyMatches(knex, source)) return [];
  await renameInHistory(knex);
  const [, applied] = (await knex.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

/** Names of the migrations not yet applied (empty when the schema is current). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const source = new DirectoryMigrationSource(MIGRATIONS_DIR);
  const [, pending] = (await knex.migrate.list({ migrationSource: source })) as [unknown[], string[]];
  return pending.map((file) => source.getMigrationName(file));
}
