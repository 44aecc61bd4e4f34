import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
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

/** Debian's Chromium, which the browser tests drive with playwright-core. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless Chromium with nothing of its own on the network (no updates, sync or QUIC). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** What pages did that they must not: requests elsewhere, CSP violations, uncaught errors. */
export interface PageFindings {
  offOrigin: string[];
  cspViolations: string[];
  pageErrors: string[];
}

export const noFindings = (): PageFindings => ({ offOrigin: [], cspViolations: [], pageErrors: [] });

/** Notes into `findings` every request of `page` that leaves `origin`, every CSP violation and every page error. */
export async function watchPage(page: Page, origin: string, findings: PageFindings): Promise<void> {
  // Runs in the page (the test's tsconfig has no DOM types, hence a string).
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => " +
      "console.error('Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));",
  );
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) findings.offOrigin.push(url);
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) findings.cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => findings.pageErrors.push(error.message));
}
