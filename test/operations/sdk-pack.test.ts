import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { CryptoSecretGenerator } from '../../src/adapters/security/crypto.js';
import { buildWebhookRequest } from '../../src/adapters/webhooks/signing.js';
import { createIntegration, createTenantSetup } from '../support/mothers.js';
import { startTestService, type TestService } from '../support/service.js';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const SDK = join(ROOT, 'packages/sdk');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** The worked example of a body signature (the README's): fixed inputs, the signature they give. */
const EXAMPLE_SIGNATURE = '20e32e8f025c053807975e001921d80efc2031b1aeba4e203e770404d7569c71';

/**
 * What an integrator writes: a signed body, a verified webhook, typed calls against the service
 * (a signed write and signed reads), a typed error, and lines the compiler must refuse. It
 * prints what it signed, verified and was answered.
 */
const CONSUMER = `import {
  ApiError,
  ExternalApi,
  ExternalApiClient,
  WebhookVerificationError,
  signBody,
  verifyWebhook,
  type Usage,
} from '@inventory-billing/sdk';

const example = signBody(
  {
    customerId: '3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c',
    paymentMethod: 'CASH',
    items: [{ productId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', quantity: 2, unitPrice: 19.99 }],
  },
  'cs_example_secret_do_not_use',
  'n0nce-2026-0001',
  1767225600000,
);

const delivery = JSON.parse(process.env.DELIVERY!) as { body: string; headers: Record<string, string>; secret: string };
const verified = verifyWebhook({ rawBody: delivery.body, headers: delivery.headers, secret: delivery.secret });
let tampered = '';
try {
  verifyWebhook({ rawBody: delivery.body.replace('PING', 'PONG'), headers: delivery.headers, secret: delivery.secret });
} catch (err) {
  if (err instanceof WebhookVerificationError) tampered = err.reason;
}

const options = { baseUrl: process.env.BASE_URL!, clientId: process.env.CLIENT_ID!, clientSecret: process.env.CLIENT_SECRET! };
const api = new ExternalApi({ ...options, signReads: true, retries: { maxAttempts: 2 } });
const product = await api.inventory.createProduct({ name: 'Packed mug', sku: 'PACKED-1', price: 4.5 });
const usage: Usage = await api.usage.getUsage({ month: '2026-03' });
// @ts-expect-error month is a string (the types are the schemas', not any)
const notAMonth = () => api.usage.getUsage({ month: 3 });
// @ts-expect-error an invoice needs its customer, payment method and items
const notAnInvoice = () => api.billing.createInvoice({ customerId: 'c' });
void [notAMonth, notAnInvoice];
let error: { status: number; code: string; requestId: string | undefined } | null = null;
try {
  await api.usage.getUsage({ month: 'never' });
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  error = { status: err.status, code: err.code, requestId: err.requestId };
}
const raw = await new ExternalApiClient({ ...options, signReads: true }).request('GET', '/usage');

console.log(
  JSON.stringify({ signature: example.signature, verified, tampered, sku: product.sku, usage, error, rawStatus: raw.status }),
);
`;

/** The relative imports of a packed file (`from './x.js'`, `import("../y.js")`), resolved in the package. */
function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    posix.normalize(posix.join(posix.dirname(file), m[1]!)),
  );
}

/** The imports of the packed files that the tarball does not hold, from `dist/index.{js,d.ts}` on. */
function missingImports(unpacked: string): string[] {
  const missing: string[] = [];
  const pending = ['dist/index.js', 'dist/index.d.ts'];
  const seen = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of relativeImports(file, readFileSync(join(unpacked, file), 'utf8'))) {
      const resolved = file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target;
      if (existsSync(join(unpacked, resolved))) pending.push(resolved);
      else missing.push(`${file} → ${resolved}`);
    }
  }
  return missing;
}

/** Packs the SDK into `dir` (its prepack script builds it first), checks what the tarball holds, and returns its path. */
async function packSdk(dir: string): Promise<string> {
  const packed = JSON.parse((await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: SDK })).stdout) as [
    { filename: string; files: { path: string }[] },
  ];
  const files = packed[0].files.map((f) => f.path);
  expect(files).to.include.members(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']);
  expect(
    files.filter((f) => !/^dist\/.+\.(js|d\.ts)$/.test(f) && f !== 'package.json' && f !== 'README.md'),
  ).to.deep.equal([]);
  expect(
    files.filter((f) => f.startsWith('dist/sign-bin.')),
    'the sign command stays in the repository',
  ).to.deep.equal([]);

  const tarball = join(dir, packed[0].filename);
  const unpacked = join(dir, 'unpacked');
  mkdirSync(unpacked);
  await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
  expect(JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'))).to.deep.include({
    name: '@inventory-billing/sdk',
    dependencies: {},
  });
  expect(missingImports(unpacked), 'imports the tarball does not hold').to.deep.equal([]);
  return tarball;
}

/**
 * Another project (ESM, NodeNext, strict) with the tarball installed without the network, and
 * the consumer compiled in it: returns the project's folder.
 */
async function installInScratchProject(dir: string, tarball: string): Promise<string> {
  const scratch = join(dir, 'scratch');
  mkdirSync(join(scratch, 'src'), { recursive: true });
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: scratch });
  const installed = JSON.parse(readFileSync(join(scratch, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  expect(Object.keys(installed.packages), 'packages installed').to.deep.equal(['node_modules/@inventory-billing/sdk']);

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
  return scratch;
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

  it('packs the compiled SDK alone, installs as one package, type-checks strict, signs, calls and verifies', async () => {
    const scratch = await installInScratchProject(dir, await packSdk(dir));

    // Its program: a delivery as the service signs it, and calls to the running service from an
    // integration that must sign its reads too.
    const secret = new CryptoSecretGenerator().webhookSecret();
    const payload = JSON.stringify({ id: 'd1', resource: 'WEBHOOK', action: 'PING' });
    const message = { deliveryId: '3f1c2a7e-8b4d-4c1e-9a2b-5d6e7f8a9b0c', eventName: 'webhook.ping', payload };
    const { body, headers } = buildWebhookRequest(message, secret, new Date());
    svc = await startTestService();
    const creds = await createIntegration(svc.baseUrl, await createTenantSetup(svc.baseUrl), {
      role: 'ADMIN',
      requireSignedReads: true,
    });
    const { stdout } = await run(process.execPath, [join(scratch, 'out/main.js')], {
      cwd: scratch,
      env: {
        ...process.env,
        DELIVERY: JSON.stringify({ body, headers, secret }),
        BASE_URL: svc.baseUrl,
        CLIENT_ID: creds.clientId,
        CLIENT_SECRET: creds.clientSecret,
      },
    });
    const result = JSON.parse(stdout);
    expect(result.signature).to.equal(EXAMPLE_SIGNATURE);
    expect(result.verified).to.deep.include({ event: 'webhook.ping', scheme: 'standard-webhooks' });
    expect(result.verified.deliveryId).to.equal(message.deliveryId);
    expect(result.tampered).to.equal('INVALID_SIGNATURE');
    expect(result.sku).to.equal('PACKED-1');
    expect(result.usage).to.deep.include({ month: '2026-03', used: 0 });
    expect(result.error).to.include({ status: 400, code: 'VALIDATION_ERROR' });
    expect(result.error.requestId).to.be.a('string');
    // The integration requires signed reads: both reads were answered because both were signed.
    expect(result.rawStatus).to.equal(200);
  });
});
