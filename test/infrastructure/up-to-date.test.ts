import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BUILD_STAMP, syncDist } from '../../src/infrastructure/build/sync-dist.js';
import { isUpToDate } from '../../src/infrastructure/build/up-to-date.js';

describe('whether npm start needs a build', () => {
  let root: string;
  const write = (path: string, text = '') => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  /** Every source file and folder last changed an hour ago, the build stamped half an hour ago. */
  const builtAfterTheLastChange = () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const folders = ['src', 'migrations', 'packages/sdk/src'].flatMap((top) => [
      top,
      ...readdirSync(join(root, top), { recursive: true }).map((p) => join(top, String(p))),
    ]);
    for (const path of [...folders, 'tsconfig.json', 'tsconfig.build.json', 'package.json']) {
      utimesSync(join(root, path), hourAgo, hourAgo);
    }
    const halfHourAgo = new Date(Date.now() - 1_800_000);
    utimesSync(join(root, BUILD_STAMP), halfHourAgo, halfHourAgo);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'up-to-date-'));
    for (const path of ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'src/app.ts', 'src/http/routes.ts']) {
      write(path);
    }
    write('migrations/20260101_kept_totals.ts');
    write('packages/sdk/src/signing.ts');
    write('src/adapters/http/openapi/docs-assets/docs.css');
    for (const output of [
      'dist/src/app.js',
      'dist/migrations/20260101_kept_totals.js',
      'packages/sdk/dist/signing.js',
    ]) {
      write(output);
    }
    syncDist(root);
    builtAfterTheLastChange();
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('needs none when the build is newer than every source', () => {
    expect(isUpToDate(root)).to.equal(true);
  });

  it('needs one when a source was edited after the build', () => {
    write('src/http/routes.ts', 'export {};');
    expect(isUpToDate(root)).to.equal(false);
  });

  it('needs one when a migration was renamed or a source removed', () => {
    renameSync(join(root, 'migrations/20260101_kept_totals.ts'), join(root, 'migrations/20260101_totals.ts'));
    expect(isUpToDate(root)).to.equal(false);
    builtAfterTheLastChange();
    rmSync(join(root, 'src/http/routes.ts'));
    expect(isUpToDate(root)).to.equal(false);
  });

  it("needs one when the SDK's source changed, or its output is gone", () => {
    write('packages/sdk/src/signing.ts', 'export {};');
    expect(isUpToDate(root)).to.equal(false);
    builtAfterTheLastChange();
    rmSync(join(root, 'packages/sdk/dist'), { recursive: true });
    expect(isUpToDate(root)).to.equal(false);
  });

  it("needs one when the console's source changed, or its build is gone", () => {
    write('packages/console/package.json', '{}');
    write('packages/console/src/App.tsx');
    write('packages/console/dist/index.html');
    for (const path of ['packages/console/package.json', 'packages/console/src', 'packages/console/src/App.tsx']) {
      utimesSync(join(root, path), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    }
    expect(isUpToDate(root)).to.equal(true);
    write('packages/console/src/App.tsx', 'export {};');
    expect(isUpToDate(root)).to.equal(false);
    builtAfterTheLastChange();
    utimesSync(
      join(root, 'packages/console/src/App.tsx'),
      new Date(Date.now() - 3_600_000),
      new Date(Date.now() - 3_600_000),
    );
    expect(isUpToDate(root)).to.equal(true);
    rmSync(join(root, 'packages/console/dist'), { recursive: true });
    expect(isUpToDate(root)).to.equal(false);
  });

  it('needs one when the build settings changed, or dist/ was never completed', () => {
    write('tsconfig.build.json', '{}');
    expect(isUpToDate(root)).to.equal(false);
    builtAfterTheLastChange();
    rmSync(join(root, BUILD_STAMP));
    expect(isUpToDate(root)).to.equal(false);
  });
});
