import { readdirSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { MigrationFailed } from './startup-errors.js';

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

/** The advisory lock that lets one process at a time migrate a database server (an arbitrary fixed key). */
const MIGRATION_LOCK_KEY = 4_207_311_952;

/**
 * Runs `work` while this process holds the migration lock of the server: a transaction-level
 * advisory lock, held on a connection of its own until `work` ends. Needed beyond knex's own
 * lock, which assumes its tables exist: on an empty database several processes would each
 * create them (and each insert a lock row), and all but one fail.
 */
function exclusively<T>(knex: Knex, work: () => Promise<T>): Promise<T> {
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    return work();
  });
}

/**
 * Applies the migrations not yet applied; returns their names. A current schema (every start
 * but the first after an upgrade) is recognised in two queries, without any lock. With
 * `exclusive` (a server several processes may start on at once) the rest runs under the
 * migration lock: the first process applies each migration once; the others wait, then find
 * nothing left to apply.
 */
export async function migrateLatest(knex: Knex, options: { exclusive?: boolean } = {}): Promise<string[]> {
  const source = new DirectoryMigrationSource(MIGRATIONS_DIR);
  if (await historyMatches(knex, source)) return [];
  const migrate = async () => {
    await renameInHistory(knex);
    const [, applied] = (await knex.migrate.latest({ migrationSource: source })) as [number, string[]];
    return applied;
  };
  return options.exclusive ? exclusively(knex, migrate) : migrate();
}

/** Names of the migrations not yet applied (empty when the schema is current). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const source = new DirectoryMigrationSource(MIGRATIONS_DIR);
  const [, pending] = (await knex.migrate.list({ migrationSource: source })) as [unknown[], string[]];
  return pending.map((file) => source.getMigrationName(file));
}

/**
 * What a start and `npm run migrate` run: the pending migrations, after a check that the
 * database answers (so a connection failure is reported as itself, not as a failed migration);
 * a failure names the first migration not applied. On a server, processes started together
 * each run it and the migration lock lets one apply each migration (the embedded database
 * belongs to one process).
 */
export async function applyMigrations(db: { knex: Knex; kind: 'embedded' | 'server' }): Promise<string[]> {
  const { knex } = db;
  await knex.raw('select 1');
  try {
    return await migrateLatest(knex, { exclusive: db.kind === 'server' });
  } catch (err) {
    const pending = await pendingMigrations(knex).catch(() => []);
    throw new MigrationFailed(pending[0] ?? null, err);
  }
}
