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

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({
    migrationSource: new DirectoryMigrationSource(MIGRATIONS_DIR),
  })) as [number, string[]];
  return applied;
}

/** Names of the migrations not yet applied (empty when the schema is current). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const source = new DirectoryMigrationSource(MIGRATIONS_DIR);
  const [, pending] = (await knex.migrate.list({ migrationSource: source })) as [unknown[], string[]];
  return pending.map((file) => source.getMigrationName(file));
}
