import { spawn, type ChildProcess } from 'node:child_process';
import type { Knex } from 'knex';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  connections: number;
  duration: number;
  /**
   * Called for every request: returns its headers and body (fresh nonce, timestamp, signature),
   * and optionally its own path (a payment names its invoice).
   */
  prepare?: () => { headers: Record<string, string>; body?: string; path?: string };
}

/** One autocannon run. Every request can be prepared afresh (the service's are signed one by one). */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.duration,
    requests: [
      {
        method: o.method ?? 'GET',
        path: o.path,
        ...(o.prepare
          ? {
              setupRequest: (req: autocannon.Request) => {
                const { headers, body, path } = o.prepare!();
                return {
                  ...req,
                  headers: { ...(req.headers ?? {}), ...headers },
                  ...(body === undefined ? {} : { body }),
                  ...(path === undefined ? {} : { path }),
                };
              },
            }
          : {}),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });
}

export interface Child {
  process: ChildProcess;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/** Starts a child process and waits until `url` answers. */
export async function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, url: string): Promise<Child> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited: ${stderr}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    process: child,
    peakRssMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return kb / 1024;
      } catch {
        return Number.NaN;
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    },
  };
}

/**
 * Adds products from..to-1 with one INSERT ... SELECT; names and SKUs are unique and searchable.
 * Ends with VACUUM ANALYZE: otherwise autovacuum takes up the inserted rows a moment later and
 * its run over the table and its trigram index competes for the CPU with what is measured next.
 * Then a CHECKPOINT: the million rows' dirty pages are written now, not by the checkpointer
 * while the next measurement runs (the server's own settings spread that write over minutes).
 */
export async function growProducts(knex: Knex, tenantId: string, from: number, to: number): Promise<void> {
  const step = 100_000;
  for (let lo = from; lo < to; lo += step) {
    const hi = Math.min(to, lo + step) - 1;
    await knex.raw(
      `INSERT INTO products (tenant_id, id, name, slug, sku, price, min_stock, created_at, updated_at)
       SELECT ?::uuid, gen_random_uuid(),
              'Product ' || lpad(i::text, 7, '0') || ' ' || (ARRAY['red','blue','green','steel','oak','linen','glass','clay'])[1 + i % 8],
              'product-' || i, 'SKU-' || i, (1 + i % 500) + 0.99, i % 20, now(), now()
       FROM generate_series(?::int, ?::int) AS i`,
      [tenantId, lo, hi],
    );
  }
  await knex.raw('VACUUM (ANALYZE) products');
  // Needs superuser or pg_checkpoint; without it the measurement only runs noisier.
  await knex.raw('CHECKPOINT').catch((err: Error) => console.warn(`CHECKPOINT skipped: ${err.message}`));
}

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** CPU seconds (user + system) used so far by these processes; a process gone since counts 0. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** The pids of the processes whose command name is `name` (`postgres`: the server and its backends). */
export function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** With BENCH_CPU_PROF=<dir>: the Node flags that write a process's V8 CPU profile in <dir>/<name>. */
export function cpuProfile(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}/${name}`] : [];
}

/**
 * The Node flags `npm run <script>` starts its process with: package.json's start scripts are
 * their one place, and a bench starts the compiled build the same way.
 */
export function startFlags(script: 'start:api' | 'start:worker'): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /exec node ((?:--\S+\s+)*)dist\//.exec(pkg.scripts[script] ?? '')?.[1];
  if (flags === undefined) throw new Error(`package.json's ${script} does not run "exec node [flags] dist/…"`);
  return flags.split(/\s+/).filter(Boolean);
}
