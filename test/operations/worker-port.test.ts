import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnProcess } from '../support/processes.js';

/** `npm run start:worker` with its probe port taken: one line naming WORKER_PORT, exit 1. */
describe('operations: a standalone worker whose WORKER_PORT is taken', function () {
  this.timeout(120_000);
  let dir: string;
  let blocker: Server;
  let port: number;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ib-worker-port-'));
    port = await freePort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '0.0.0.0', resolve));
  });
  after(async () => {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('says which setting to change', async () => {
    const p = spawnProcess(process.execPath, ['--import', 'tsx', 'src/infrastructure/main.ts', 'worker'], {
      ADMIN_TOKEN: 'worker-port-test-admin-token',
      SECRETS_KEY: '0'.repeat(64),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      MONGODB_URL: '',
      DATA_DIR: dir,
      WORKER_PORT: String(port),
    });
    expect(await p.exited, p.output()).to.equal(1);
    expect(p.output().trim().split('\n')).to.deep.equal([
      `Port ${port} is already in use (another "npm start"?). Stop that process or set WORKER_PORT to a free port.`,
    ]);
  });
});
