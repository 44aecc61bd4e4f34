import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP, COMPILED_FOLDERS } from './sync-dist.js';

/**
 * `npm start` builds only when something changed: this exits 0 when the build is up to date
 * (its stamp is newer than every file and folder the build reads, and its output folders are
 * there), else 1 and `npm run build` runs. A folder counts as changed when an entry is added,
 * removed or renamed in it, so a renamed or deleted source calls for a build too. The check costs
 * tens of milliseconds; loading the compiler to ask it (`tsc -b`) costs a few hundred.
 */

/**
 * The back-office console (packages/console), built by Vite before tsc: what it reads, and the
 * page its build writes (hashed assets beside it). A checkout without the package needs neither.
 */
export const CONSOLE_BUILD = {
  package: 'packages/console/package.json',
  inputs: [
    'packages/console/src',
    'packages/console/index.html',
    'packages/console/vite.config.ts',
    'packages/console/tsconfig.json',
    'packages/console/package.json',
  ],
  output: 'packages/console/dist/index.html',
} as const;

/** What a build reads. A build step added later adds its own sources here. */
export const BUILD_INPUTS = [
  ...COMPILED_FOLDERS.map((folder) => folder.source),
  ...CONSOLE_BUILD.inputs,
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'packages/sdk/tsconfig.json',
  'packages/sdk/tsconfig.build.json',
  'packages/sdk/package.json',
  'package-lock.json',
];

/** The latest change to `path` or anything under it, in ms since the epoch; 0 when it does not exist. */
function lastChange(path: string): number {
  let latest: number;
  try {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    latest = stat.mtimeMs;
  } catch {
    return 0;
  }
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Whether `root`'s build was completed after the last change to anything it reads, and its outputs are all there. */
export function isUpToDate(root: string): boolean {
  const built = lastChange(join(root, BUILD_STAMP));
  return (
    built > 0 &&
    COMPILED_FOLDERS.every((folder) => existsSync(join(root, folder.output))) &&
    (!existsSync(join(root, CONSOLE_BUILD.package)) || existsSync(join(root, CONSOLE_BUILD.output))) &&
    BUILD_INPUTS.every((input) => lastChange(join(root, input)) < built)
  );
}

// Run as `node dist/src/infrastructure/build/up-to-date.js`: the project is four folders up.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = isUpToDate(resolve(fileURLToPath(import.meta.url), '../../../../..')) ? 0 : 1;
}
