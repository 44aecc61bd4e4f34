import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { TEST_DATABASE_URL } from '../support/database.js';
import { freePort, spawnProcess } from '../support/processes.js';

/**
 * A start that cannot succeed prints one line naming the cause and the fix, exits non-zero,
 * and shows no stack. Each case starts the real entry point (tsx) with one bad
 * setting.
 */
async function start(env: Record<string, string>): Promise<{ code: number | string; lines: string[] }> {
  const p = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', 'all'], {
    ADMIN_TOKEN: 'startup-test-admin-token',
    SECRETS_KEY: '0'.repeat(64),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    MONGODB_URL: '',
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

function expectOneLine(result: { code: number | string; lines: string[] }, pattern: RegExp): void {
  expect(result.code, result.lines.join('\n')).to.equal(1);
  expect(result.lines, result.lines.join('\n')).to.have.length(1);
  expect(result.lines[0]).to.match(pattern);
  expect(result.lines[0]).to.not.match(/\n\s+at |Error:/);
}

describe('operations: start-up failures are one line and a non-zero exit', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'ib-startup-'));
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('database unreachable', async () => {
    const r = await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', PORT: '0' });
    expectOneLine(
      r,
      /^Cannot reach the PostgreSQL server at 127\.0\.0\.1:1 \(ECONNREFUSED\)\. Start it, fix DATABASE_URL/,
    );
  });

  it('embedded database locked by another process', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'embedded.pid'), String(process.pid));
    const r = await start({ DATA_DIR: dir, PORT: '0' });
    expectOneLine(r, new RegExp(`^The embedded database in .* is in use by process ${process.pid} .*Stop it first`));
  });

  it('production without ADMIN_TOKEN before any staff ADMIN exists', async () => {
    const result = await start({ NODE_ENV: 'production', ADMIN_TOKEN: '', DATA_DIR: tempDir(), PORT: '0' });
    expectOneLine(result, /ADMIN_TOKEN is required when NODE_ENV=production until a staff ADMIN exists/);
  });

  it('port in use', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '0.0.0.0', resolve));
    try {
      const r = await start({ DATA_DIR: tempDir(), PORT: String(port) });
      expectOneLine(r, new RegExp(`^Port ${port} is already in use .*set PORT to a free port`));
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('a migration that fails names the migration and the reason', async () => {
    // An embedded database where a table the first migration creates already exists.
    const dir = tempDir();
    const db = await PGlite.create(join(dir, 'pgdata'));
    await db.exec('CREATE TABLE branches (x int)');
    await db.close();
    const r = await start({ DATA_DIR: dir, PORT: '0' });
    expectOneLine(
      r,
      /^Migration 20261122000100_organization failed: relation "branches" already exists\. Nothing of that migration was applied/,
    );
  });

  it('the stack only at LOG_LEVEL=debug', async () => {
    const r = await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', PORT: '0', LOG_LEVEL: 'debug' });
    expect(r.code).to.equal(1);
    expect(r.lines[0]).to.match(/^Cannot reach the PostgreSQL server/);
    expect(r.lines.join('\n')).to.match(/\n\s+at /);
  });

  describe('on a PostgreSQL server', () => {
    const server = TEST_DATABASE_URL ? new URL(TEST_DATABASE_URL) : null;
    before(function () {
      if (!server) {
        console.log('    (skipped: set TEST_DATABASE_URL to check a refusing PostgreSQL server)');
        this.skip();
      }
    });
    const urlWith = (change: (u: URL) => void) => {
      const u = new URL(server!.href);
      change(u);
      return u.href;
    };

    it('authentication refused (unknown role)', async () => {
      const r = await start({
        DATABASE_URL: urlWith((u) => {
          u.username = 'ib_no_such_role';
          u.password = 'secret-password';
        }),
        PORT: '0',
      });
      expectOneLine(r, /^PostgreSQL at .* refused user "ib_no_such_role" .*Fix the user in DATABASE_URL/);
      expect(r.lines[0]).to.not.contain('secret-password');
    });

    it('database that does not exist', async () => {
      const r = await start({ DATABASE_URL: urlWith((u) => (u.pathname = '/ib_no_such_database')), PORT: '0' });
      expectOneLine(r, /^The database "ib_no_such_database" does not exist on .*createdb ib_no_such_database/);
    });
  });
});
