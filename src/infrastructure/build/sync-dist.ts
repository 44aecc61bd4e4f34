import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The last step of `npm run build`, after the incremental `tsc -b`: each compiled folder holds
 * only what its source holds. tsc writes what changed and never deletes, so an output whose
 * source was renamed or removed is deleted here (a renamed migration must not stay in dist/ and
 * run again), and the files tsc does not copy (the /docs page's assets) are copied afresh. Last,
 * the build's stamp says when it was complete (see ./up-to-date.ts); a build step added later
 * goes before this one.
 */

/** Written when a build is complete: its time is the build's. */
export const BUILD_STAMP = 'dist/.build-complete';

/** A source folder and where the build writes it. */
export interface Mirror {
  source: string;
  output: string;
}

/** What tsc compiles, and where to (the `include`/`rootDir`/`outDir` of both tsconfig.build.json). */
export const COMPILED_FOLDERS: readonly Mirror[] = [
  { source: 'src', output: 'dist/src' },
  { source: 'migrations', output: 'dist/migrations' },
  { source: 'packages/sdk/src', output: 'packages/sdk/dist' },
];

/** Source folders the service needs as they are. */
const ASSET_FOLDERS: readonly Mirror[] = [
  { source: 'src/adapters/http/openapi/docs-assets', output: 'dist/src/adapters/http/openapi/docs-assets' },
];

/** What tsc writes for `x.ts`: `x.js`, `x.d.ts` and their source maps. */
const COMPILED = /\.(?:js|d\.ts)(?:\.map)?$/;

/** Whether the source of an output is still there: the same file (an asset), or the `x.ts` of `x.js`. */
function hasSource(source: string): boolean {
  return existsSync(source) || (COMPILED.test(source) && existsSync(source.replace(COMPILED, '.ts')));
}

/** Deletes every output of `mirror` whose source is gone; returns them, relative to `root`. */
function pruneOrphans(root: string, mirror: Mirror): string[] {
  const output = join(root, mirror.output);
  if (!existsSync(output)) return [];
  const orphans = readdirSync(output, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(output, join(entry.parentPath, entry.name)))
    .filter((path) => !hasSource(join(root, mirror.source, path)));
  for (const path of orphans) rmSync(join(output, path));
  return orphans.map((path) => join(mirror.output, path));
}

/** Makes `root`'s build outputs hold only what their sources hold, assets included, and stamps them; returns the files removed. */
export function syncDist(root: string): string[] {
  const removed = [...COMPILED_FOLDERS, ...ASSET_FOLDERS].flatMap((mirror) => pruneOrphans(root, mirror));
  for (const { source, output } of ASSET_FOLDERS) cpSync(join(root, source), join(root, output), { recursive: true });
  writeFileSync(join(root, BUILD_STAMP), `${new Date().toISOString()}\n`);
  return removed;
}

// Run as `node dist/src/infrastructure/build/sync-dist.js`: the project is four folders up.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const removed = syncDist(resolve(fileURLToPath(import.meta.url), '../../../../..'));
  if (removed.length > 0) console.log(`build: removed ${removed.length} outputs whose source is gone`);
}
