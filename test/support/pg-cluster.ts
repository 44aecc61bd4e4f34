import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.js';

/**
 * Runs a command to its exit. Its output is not kept: `pg_ctl start` leaves the server holding
 * whatever it inherited, so waiting for pipes to close would wait for the server to stop.
 */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} exited with ${String(code)}`)),
    );
  });
}

/** The newest PostgreSQL server installed from Debian's packages, or null. */
function serverBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

/** The uid and gid of the `postgres` account (initdb refuses to run as root), or null. */
function postgresAccount(): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A PostgreSQL cluster of the test's own: `initdb` into a temporary directory, started on a
 * free port of 127.0.0.1 with trust authentication. Tests restart or stop it freely; the CI's
 * main cluster is never touched.
 */
export class PgCluster {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
    private readonly asPostgres: boolean,
  ) {}

  /** Why a cluster cannot be made here, or null when it can. */
  static unavailable(): string | null {
    if (!serverBinDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql';
    if (process.getuid?.() === 0 && !postgresAccount()) return 'running as root without a postgres account';
    return null;
  }

  static async create(): Promise<PgCluster> {
    const bin = serverBinDir();
    if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
    const asPostgres = process.getuid?.() === 0;
    if (asPostgres) {
      const account = postgresAccount()!;
      chownSync(dir, account.uid, account.gid);
    }
    const cluster = new PgCluster(bin, dir, await freePort(), asPostgres);
    await cluster.ctl('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<void> {
    await this.ctl('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-qc',
      `CREATE DATABASE ${name}`,
    ]);
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    await this.ctl('pg_ctl', ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-o', options, '-w', 'start']);
  }

  /** `pg_ctl restart -m fast`: every session is ended, as a maintenance window or a failover does. */
  async restart(): Promise<void> {
    await this.ctl('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'restart']);
  }

  async stop(): Promise<void> {
    await this.ctl('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The server's own log (for a failing test's message). */
  log(): string {
    const file = join(this.dir, 'log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  private async ctl(tool: string, args: string[]): Promise<void> {
    const command = join(this.bin, tool);
    if (this.asPostgres) await run('runuser', ['-u', 'postgres', '--', command, ...args], this.dir);
    else await run(command, args, this.dir);
  }
}
