import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Spawned {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** Spawns a command in the project root with extra environment, collecting stdout and stderr. */
export function spawnProcess(command: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(command, args, {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => text, exited };
}

/** Polls `probe` until it returns true, or fails after `timeoutMs` naming `what`. */
export async function until(probe: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve(probe()).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A running API process of the service and its address. */
export interface ApiProcess {
  baseUrl: string;
  proc: Spawned;
  stop(): Promise<void>;
}

/**
 * One API process of the service on the test PostgreSQL server (`npm run start:api` without the
 * build), answering `/health` before this resolves.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const proc = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', 'api'], {
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${baseUrl}/health`)).ok, 90_000, `API process on ${port}\n${proc.output()}`);
  return {
    baseUrl,
    proc,
    async stop() {
      if (proc.child.exitCode !== null) return;
      proc.child.kill('SIGTERM');
      await proc.exited;
    },
  };
}
