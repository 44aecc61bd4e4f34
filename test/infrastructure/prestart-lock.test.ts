import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnProcess, type Spawned } from '../support/processes.js';

/**
 * scripts/prestart.mjs in a project of its own: a build that logs when it starts and ends and
 * takes a second, and an up-to-date check that holds once that build has finished.
 */
function scratchProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'ib-prestart-'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(new URL('../../scripts/prestart.mjs', import.meta.url), join(root, 'scripts/prestart.mjs'));
  const check = join(root, 'dist/src/infrastructure/build');
  mkdirSync(check, { recursive: true });
  writeFileSync(
    join(check, 'up-to-date.js'),
    "import { existsSync } from 'node:fs';\nprocess.exitCode = existsSync(new URL('../../../built', import.meta.url)) ? 0 : 1;\n",
  );
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module', scripts: { build: 'node build.mjs' } }),
  );
  writeFileSync(
    join(root, 'build.mjs'),
    [
      "import { appendFileSync, writeFileSync } from 'node:fs';",
      "appendFileSync('builds.log', `start ${process.pid}\\n`);",
      'await new Promise((resolve) => setTimeout(resolve, 1_000));',
      "appendFileSync('builds.log', `end ${process.pid}\\n`);",
      "writeFileSync('dist/built', '');",
    ].join('\n'),
  );
  return root;
}

const prestart = (root: string): Spawned => spawnProcess(process.execPath, [join(root, 'scripts/prestart.mjs')], {});
const builds = (root: string) => readFileSync(join(root, 'builds.log'), 'utf8').trim().split('\n');

describe('npm start, start:api and start:worker on one checkout build dist/ one at a time', function () {
  this.timeout(60_000);
  const roots: string[] = [];
  const project = () => {
    const root = scratchProject();
    roots.push(root);
    return root;
  };
  after(() => {
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  it('two starts at once: one builds, the other waits for it and builds nothing', async () => {
    const root = project();
    const starts = [prestart(root), prestart(root)];
    const codes = await Promise.all(starts.map((s) => s.exited));
    expect(codes, starts.map((s) => s.output()).join('\n')).to.deep.equal([0, 0]);
    const log = builds(root);
    expect(log).to.have.length(2);
    expect(log[0]).to.match(/^start /);
    expect(log[1]).to.match(/^end /);
    expect(
      starts.filter((s) => s.output().includes('Another start is building dist/; waiting for it.')),
    ).to.have.length(1);
    expect(() => readFileSync(join(root, 'dist/.build-lock'))).to.throw(/ENOENT/);
  });

  it('takes over a lock left by a process that died, and builds nothing when up to date', async () => {
    const root = project();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(root, 'dist/.build-lock'), dead.stdout.trim());
    const first = prestart(root);
    expect(await first.exited, first.output()).to.equal(0);
    expect(builds(root)).to.have.length(2);
    const again = prestart(root);
    expect(await again.exited).to.equal(0);
    expect(builds(root)).to.have.length(2);
  });
});
