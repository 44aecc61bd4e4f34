import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { syncDist } from '../../src/infrastructure/build/sync-dist.js';

const ASSETS = 'src/adapters/http/openapi/docs-assets';

describe('the build outputs after an incremental build', () => {
  let root: string;
  const write = (path: string, text = '') => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const compiled = (path: string) => ['.js', '.js.map', '.d.ts', '.d.ts.map'].map((ext) => `${path}${ext}`);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sync-dist-'));
    write(`${ASSETS}/docs-client.js`, 'client v2');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('removes what a renamed or removed source left behind, migrations and the SDK included, and keeps the rest', () => {
    write('src/app.ts');
    write('migrations/20260101_kept_totals.ts');
    write('packages/sdk/src/signing.ts');
    const kept = [
      ...compiled('dist/src/app'),
      ...compiled('dist/migrations/20260101_kept_totals'),
      ...compiled('packages/sdk/dist/signing'),
    ];
    const stale = [
      ...compiled('dist/src/removed'),
      ...compiled('dist/migrations/20260101_i18_kept_totals'),
      ...compiled('packages/sdk/dist/old-signing'),
    ];
    for (const path of [...kept, ...stale, 'dist/.tsbuildinfo']) write(path);

    const removed = syncDist(root);

    expect(removed).to.have.members(stale);
    for (const path of stale) expect(existsSync(join(root, path)), path).to.equal(false);
    for (const path of [...kept, 'dist/.tsbuildinfo']) expect(existsSync(join(root, path)), path).to.equal(true);
  });

  it("copies the /docs page's assets afresh, and drops one no longer in the source", () => {
    write(`dist/${ASSETS}/docs-client.js`, 'client v1');
    write(`dist/${ASSETS}/old.css`);

    syncDist(root);

    expect(readFileSync(join(root, `dist/${ASSETS}/docs-client.js`), 'utf8')).to.equal('client v2');
    expect(existsSync(join(root, `dist/${ASSETS}/old.css`))).to.equal(false);
  });
});
