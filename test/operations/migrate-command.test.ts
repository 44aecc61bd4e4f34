import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { spawnProcess } from '../support/processes.js';

/** Runs an entry point (tsx) with `env`, to its exit: its code and non-blank output lines. */
async function run(entry: string, args: string[], env: Record<string, string>) {
  const p = spawnProcess(process.execPath, ['--import', 'tsx', entry, ...args], {
    ADMIN_TOKEN: 'migrate-test-admin-token',
    SECRETS_KEY: '0'.repeat(64),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    MONGODB_URL: '',
    PORT: '0',
    ...env,
  });
  const code = await p.exited;
  return {
    code,
    lines: p
      .output()
      .split('\n')
      .filter((l) => l.trim() !== ''),
  };
}

const migrate = (env: Record<string, string>) => run('src/infrastructure/migrate.ts', [], env);
const start = (env: Record<string, string>) => run('src/infrastructure/main.ts', ['api'], env);

/** `npm run migrate` fails as a start does: the same one line, exit 1, no stack unless LOG_LEVEL=debug. */
describe('operations: npm run migrate', function () {
  this.timeout(180_000);
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'ib-migrate-'));
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('says what a start says when the database cannot be reached', async () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' };
    const [migrated, started] = await Promise.all([migrate(env), start(env)]);
    expect(migrated.code, migrated.lines.join('\n')).to.equal(1);
    expect(migrated.lines).to.have.length(1);
    expect(migrated.lines).to.deep.equal(started.lines);
    expect(migrated.lines[0]).to.match(/^Cannot reach the PostgreSQL server at 127\.0\.0\.1:1 \(ECONNREFUSED\)/);
  });

  it('says what a start says when a migration fails, and the stack only at LOG_LEVEL=debug', async () => {
    const dir = tempDir();
    const db = await PGlite.create(join(dir, 'pgdata'));
    await db.exec('CREATE TABLE branches (x int)');
    await db.close();
    const migrated = await migrate({ DATA_DIR: dir });
    const started = await start({ DATA_DIR: dir });
    expect(migrated.code).to.equal(1);
    expect(migrated.lines).to.deep.equal(started.lines);
    expect(migrated.lines[0]).to.match(
      /^Migration 20261122000100_organization failed: relation "branches" already exists\. Nothing of that migration was applied/,
    );
    const debug = await migrate({ DATA_DIR: dir, LOG_LEVEL: 'debug' });
    expect(debug.lines[0]).to.equal(migrated.lines[0]);
    expect(debug.lines.join('\n')).to.match(/\n\s+at /);
  });

  it('names a bad setting as a start does (exit 78), and applies the migrations once', async () => {
    const bad = await migrate({ WEBHOOK_TIMEOUT_MS: '5' });
    expect(bad.code).to.equal(78);
    expect(bad.lines).to.deep.equal([
      'Invalid configuration:',
      '  - WEBHOOK_TIMEOUT_MS must be an integer from 100 to 60000 (got "5")',
    ]);
    const dir = tempDir();
    const first = await migrate({ DATA_DIR: dir });
    expect([first.code, first.lines.length]).to.deep.equal([0, 1]);
    expect(first.lines[0]).to.match(/^Applied: 20261122000100_organization, /);
    expect((await migrate({ DATA_DIR: dir })).lines).to.deep.equal(['Already up to date']);
  });
});
