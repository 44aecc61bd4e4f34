import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_BUILD } from '../../src/infrastructure/build/up-to-date.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** The console's build output. */
export const CONSOLE_DIST = join(ROOT, 'packages', 'console', 'dist');

function lastChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Builds the console (`npm run build -w @inventory-billing/console`, tens of seconds) unless its
 * `index.html` is newer than every source it is built from.
 */
export function ensureConsoleBuilt(): void {
  const built = lastChange(join(ROOT, CONSOLE_BUILD.output));
  const sources = Math.max(...CONSOLE_BUILD.inputs.map((input) => lastChange(join(ROOT, input))));
  if (built > sources) return;
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@inventory-billing/console'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`The console's build failed (status ${result.status})`);
}
