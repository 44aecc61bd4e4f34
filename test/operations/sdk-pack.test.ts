import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { createIntegration, createTenantSetup } from '../support/mothers.js';
import { startTestService, type TestService } from '../support/service.js';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** What an integrator writes: a typed call, a typed error, and one line the compiler must refuse. */
const CONSUMER = `import { ApiError, ExternalApi, ExternalApiClient, type UsageResponse } from 'inventory-billing-external-api/sdk';

const options = { baseUrl: process.env.BASE_URL!, clientId: process.env.CLIENT_ID!, clientSecret: process.env.CLIENT_SECRET! };
const api = new ExternalApi({ ...options, signReads: true, retries: { maxAttempts: 2 } });
const usage: UsageResponse = await api.usage.getUsage({ month: '2026-03' });
const used: number = usage.used;
// @ts-expect-error month is a string (the types are the schemas', not any)
const notAMonth = () => api.usage.getUsage({ month: 3 });
void notAMonth;
let error: { status: number; code: string; requestId: string | undefined } | null = null;
try {
  await api.usage.getUsage({ month: 'never' });
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  error = { status: err.status, code: err.code, requestId: err.requestId };
}
const raw = await new ExternalApiClient({ ...options, signReads: true }).request('GET', '/usage');
console.log(JSON.stringify({ month: usage.month, used, error, rawStatus: raw.status }));
`;

/**
 * A lockfile for the scratch project: the tarball, and its dependencies exactly as this
 * project's lockfile pins them (its production entries), so \`npm ci --offline\` installs them
 * from the npm cache that this project's own install filled, with no registry request.
 */
function scratchLock(tarball: string): { manifest: object; lock: object } {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const spec = `file:${tarball}`;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const packages: Record<string, unknown> = {
    '': { name: 'scratch', dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: { version: pkg.version, resolved: spec, integrity, dependencies: pkg.dependencies },
  };
  for (const [path, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean; link?: boolean }>)) {
    if (path.startsWith('node_modules/') && !entry.dev && !entry.link) packages[path] = entry;
  }
  return {
    manifest: { name: 'scratch', private: true, type: 'module', dependencies: { [pkg.name]: spec } },
    lock: { name: 'scratch', lockfileVersion: 3, requires: true, packages },
  };
}

/** The relative imports of a packed file (`from './x.js'`, `import("../y.js")`), resolved in the package. */
function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    posix.normalize(posix.join(posix.dirname(file), m[1]!)),
  );
}

describe('operations: the SDK as a package (npm pack, installed in another project)', function () {
  this.timeout(180_000);
  let dir: string;
  let svc: TestService;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ib-sdk-pack-'));
  });
  after(async () => {
    await svc?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('packs the SDK with what it imports, installs offline, type-checks strict and makes a signed call', async () => {
    await run('npm', ['run', 'build', '--silent'], { cwd: ROOT });
    const packed = JSON.parse(
      (await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT })).stdout,
    ) as [{ filename: string; files: { path: string }[] }];
    const files = new Set(packed[0].files.map((f) => f.path));

    // The tarball: the compiled SDK and the schema files it imports, and nothing else of the service.
    expect(files).to.include.keys('package.json', 'dist/src/adapters/sdk/index.js', 'dist/src/adapters/sdk/index.d.ts');
    const strays = [...files].filter(
      (f) =>
        f !== 'package.json' &&
        f !== 'README.md' &&
        !/^dist\/src\/(adapters\/sdk\/|adapters\/shared\/responses\/|application\/[a-z-]+\/commands\.|application\/shared\/|domain\/)/.test(
          f,
        ),
    );
    expect(strays, 'files outside the SDK and its schemas').to.deep.equal([]);
    expect(
      [...files].filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
      'no sources',
    ).to.deep.equal([]);
    const tarball = join(dir, packed[0].filename);
    const unpacked = join(dir, 'unpacked');
    mkdirSync(unpacked);
    await run('tar', ['-xzf', tarball, '-C', unpacked]);
    const missing: string[] = [];
    const pending = ['dist/src/adapters/sdk/index.js', 'dist/src/adapters/sdk/index.d.ts'];
    const seen = new Set<string>();
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const target of relativeImports(file, readFileSync(join(unpacked, 'package', file), 'utf8'))) {
        const resolved = file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target;
        if (existsSync(join(unpacked, 'package', resolved))) pending.push(resolved);
        else missing.push(`${file} → ${resolved}`);
      }
    }
    expect(missing, 'imports the tarball does not hold').to.deep.equal([]);

    // Another project: ESM, NodeNext, strict; the tarball installed without the network.
    const scratch = join(dir, 'scratch');
    mkdirSync(join(scratch, 'src'), { recursive: true });
    const { manifest, lock } = scratchLock(tarball);
    writeFileSync(join(scratch, 'package.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(scratch, 'package-lock.json'), JSON.stringify(lock, null, 2));
    await run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: scratch });
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          outDir: 'out',
          // Node's own types, as any Node project has them; everything else comes from the tarball.
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node'],
        },
        include: ['src'],
      }),
    );
    writeFileSync(join(scratch, 'src/main.ts'), CONSUMER);
    const compiled = await run(process.execPath, [TSC, '-p', scratch]).catch((err: { stdout: string }) => {
      throw new Error(`the consumer does not type-check:\n${err.stdout}`);
    });
    expect(compiled.stdout).to.equal('');
    expect(existsSync(join(scratch, 'node_modules/@sinclair/typebox/package.json'))).to.equal(true);

    // Its program against the running service: a signed read answers 200, a bad month an ApiError.
    svc = await startTestService();
    const setup = await createTenantSetup(svc.baseUrl);
    const creds = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY', requireSignedReads: true });
    const { stdout } = await run(process.execPath, [join(scratch, 'out/main.js')], {
      cwd: scratch,
      env: { ...process.env, BASE_URL: svc.baseUrl, CLIENT_ID: creds.clientId, CLIENT_SECRET: creds.clientSecret },
    });
    const result = JSON.parse(stdout);
    expect(result).to.deep.include({ month: '2026-03', used: 0 });
    expect(result.error).to.include({ status: 400, code: 'VALIDATION_ERROR' });
    expect(result.error.requestId).to.be.a('string');
    // The integration requires signed reads: both answered because both signed them.
    expect(result.rawStatus).to.equal(200);
  });
});
